// "What this server chose": each open point of the spec a run knows something about, the reading
// the server took, and where that came from (declared by the user, detected and used, observed by
// the probe, known of the embedded server, or the suite's default), with the evidence. Written into
// conformance.json, printed after a run, shown in index.html, and side by side by msgapi compare.
import { entryOfSetting, profileEntries, type DeclaredReadings } from '../../api/open-points.ts';
import { formatPagination } from '../config/parse-values.ts';
import type { TargetChoices } from '../target/target.ts';
import type { Declared } from './apply-detection.ts';
import { detectedSettings, usedSettings, type DetectedSetting, type Detection } from './detect-choices.ts';

export interface ServerChoice {
  /** The open point: the setting's name, or what has none ('timestamp unit', 'rate limits'). */
  point: string;
  reading: string;
  /**
   * declared: by the user; detected: found by the probe and used by the run; observed: seen by the
   * probe, reported only (it narrows nothing); known: the embedded reference server's; default:
   * nothing declared or found, the suite's default; open: nothing known, every reading accepted.
   */
  source: 'declared' | 'detected' | 'observed' | 'known' | 'default' | 'open';
  evidence?: string;
}

export interface ChoiceFacts {
  choices: TargetChoices;
  declared: Declared;
  embedded: boolean;
  detection?: Detection | undefined;
  /** What the run's own requests met after the probe: the 429 answers (the probe's few requests may meet none). */
  rateLimit?: { throttled: number; retryAfterSeen: boolean } | undefined;
}

/** The settings the probe observes and reports only (not how to talk to the server), each with the entry it declares. */
const narrowing = detectedSettings
  .filter((setting) => !usedSettings.has(setting))
  .map((setting) => ({ setting, key: entryOfSetting(setting) as keyof DeclaredReadings }));

/**
 * An observation as the row says it. The probe's "no 429" is about its own few answers: when the
 * run's checks met 429s after it, the row says so, and the probe's finding is kept as evidence.
 */
function observed(observation: Detection['observations'][number], rateLimit: ChoiceFacts['rateLimit']): ServerChoice {
  if (observation.topic === 'rate limits' && rateLimit !== undefined && rateLimit.throttled > 0) {
    const reading = `429 ${rateLimit.throttled} time${rateLimit.throttled === 1 ? '' : 's'} during the checks${rateLimit.retryAfterSeen ? ', with Retry-After' : ''}`;
    return {
      point: observation.topic,
      reading,
      source: 'observed',
      evidence: `${reading}; the probe before them saw ${observation.seen}`,
    };
  }
  return {
    point: observation.topic,
    reading: observation.seen.replace(/ \(.*$/, ''),
    source: 'observed',
    evidence: observation.seen,
  };
}

export function serverChoices({ choices, declared, embedded, detection, rateLimit }: ChoiceFacts): ServerChoice[] {
  const finding = (setting: DetectedSetting) => detection?.findings.find((found) => found.setting === setting);
  const talk = (point: DetectedSetting, isDeclared: boolean, reading: string | undefined): ServerChoice => {
    if (isDeclared) return { point, reading: reading ?? 'open', source: 'declared' };
    const found = finding(point);
    if (found?.value !== undefined)
      return { point, reading: found.value, source: 'detected', evidence: found.evidence };
    if (embedded) return { point, reading: reading ?? 'open', source: 'known' };
    if (reading === undefined)
      return { point, reading: 'open', source: 'open', ...(found ? { evidence: found.evidence } : {}) };
    return { point, reading, source: 'default', ...(found ? { evidence: found.evidence } : {}) };
  };
  const rows: ServerChoice[] = [
    talk('BODY_ENCODING', declared.bodyEncoding, choices.bodyEncoding),
    talk('PAGINATION', declared.pagination, formatPagination(choices.pagination)),
    talk('GROUP_CONTACTS', declared.groupContacts, choices.groupContacts),
  ];
  for (const { setting, key } of narrowing) {
    const value = choices.declared[key];
    const found = finding(setting);
    if (value !== undefined)
      rows.push({
        point: setting,
        reading: Array.isArray(value) ? value.join(',') : String(value),
        source: 'declared',
      });
    else if (found?.value !== undefined)
      rows.push({ point: setting, reading: found.value, source: 'observed', evidence: found.evidence });
  }
  // The other declared readings (SUCCESS_STATUS, UNKNOWN_ID_STATUS, ...), by their setting's name.
  for (const [key, value] of Object.entries(choices.declared)) {
    if (narrowing.some((entry) => entry.key === key) || value === undefined) continue;
    const entry = profileEntries.find((candidate) => candidate.key === key);
    const point = entry && 'setting' in entry ? entry.setting.env : key;
    rows.push({ point, reading: Array.isArray(value) ? value.join(',') : String(value), source: 'declared' });
  }
  for (const observation of detection?.observations ?? []) rows.push(observed(observation, rateLimit));
  return rows;
}
