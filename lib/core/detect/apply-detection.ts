// What a run does with a probe's findings: the choices the user left undeclared are taken from it
// (and said, one line each, "pagination: cursor:cursor:next_cursor (detected)"); a declared one
// always wins, and when it contradicts what the probe saw, one sentence says so before any check.
import { entryOfSetting, type DeclaredReadings } from '../../api/open-points.ts';
import { formatPagination } from '../config/parse-values.ts';
import type { TargetChoices } from '../target/target.ts';
import type { DetectedSetting, Detection, Finding } from './detect-choices.ts';

/** Which of the three choices the user declared (a setting, a flag or .env). */
export interface Declared {
  bodyEncoding: boolean;
  pagination: boolean;
  groupContacts: boolean;
}

/** The declared reading of a narrowing setting, in the setting's syntax, for the comparison. */
function declaredValue(setting: DetectedSetting, readings: DeclaredReadings): string[] | undefined {
  const key = entryOfSetting(setting) as keyof DeclaredReadings | undefined;
  const value = key === undefined ? undefined : readings[key];
  if (value === undefined) return undefined;
  // A list seen to show a write at once does not contradict a declared bound; only a declared
  // immediate one that was seen late does (the value seen is a bound suggested, not a delay).
  if (setting === 'LIST_CONSISTENCY') return value === 'immediate' ? ['immediate'] : ['immediate', 'eventual:<ms>'];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function currentValue(setting: DetectedSetting, choices: TargetChoices): string | undefined {
  if (setting === 'BODY_ENCODING') return choices.bodyEncoding;
  if (setting === 'PAGINATION') return formatPagination(choices.pagination);
  if (setting === 'GROUP_CONTACTS') return choices.groupContacts;
  return undefined;
}

const isDeclared = (setting: DetectedSetting, declared: Declared): boolean =>
  (setting === 'BODY_ENCODING' && declared.bodyEncoding) ||
  (setting === 'PAGINATION' && declared.pagination) ||
  (setting === 'GROUP_CONTACTS' && declared.groupContacts);

function contradiction(finding: Finding, choices: TargetChoices, declared: Declared): string | undefined {
  if (finding.value === undefined) return undefined;
  if (isDeclared(finding.setting, declared)) {
    const value = currentValue(finding.setting, choices);
    return value === finding.value
      ? undefined
      : `${finding.setting}=${value} is declared, but the probe saw ${finding.value}: ${finding.evidence}. The declared setting is used.`;
  }
  const readings = declaredValue(finding.setting, choices.declared);
  if (readings === undefined) return undefined;
  const seen = finding.value.split(',').map((value) => value.replace(/^eventual:\d+$/, 'eventual:<ms>'));
  return seen.every((value) => readings.includes(value))
    ? undefined
    : `${finding.setting}=${readings.join(',')} is declared, but the probe saw ${finding.value}: ${finding.evidence}.`;
}

export interface Applied {
  choices: TargetChoices;
  /** One line per choice taken from the probe, or left at its default because it was not found. */
  lines: string[];
  contradictions: string[];
}

export function applyDetection(choices: TargetChoices, detection: Detection, declared: Declared): Applied {
  const next: TargetChoices = { ...choices };
  const lines: string[] = [];
  const found = (setting: DetectedSetting) => detection.findings.find((finding) => finding.setting === setting);
  const take = (setting: DetectedSetting, label: string, apply: () => void, fallback: string) => {
    if (isDeclared(setting, declared)) return;
    const finding = found(setting);
    if (finding?.value === undefined) {
      lines.push(`${label}: ${fallback} (not detected: ${finding?.evidence ?? 'not tried'})`);
      return;
    }
    apply();
    lines.push(`${label}: ${finding.value} (detected)`);
  };
  take(
    'BODY_ENCODING',
    'body encoding',
    () => {
      if (detection.bodyEncoding) next.bodyEncoding = detection.bodyEncoding;
    },
    choices.bodyEncoding,
  );
  take(
    'PAGINATION',
    'pagination',
    () => {
      if (detection.pagination) next.pagination = detection.pagination;
    },
    formatPagination(choices.pagination),
  );
  take(
    'GROUP_CONTACTS',
    'group contacts',
    () => {
      if (detection.groupContacts) next.groupContacts = detection.groupContacts;
    },
    'left open: PUT contacts is checked under both readings',
  );
  const contradictions = detection.findings
    .map((finding) => contradiction(finding, choices, declared))
    .filter((sentence): sentence is string => sentence !== undefined);
  return { choices: next, lines, contradictions };
}
