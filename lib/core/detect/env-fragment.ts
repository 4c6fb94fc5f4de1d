// What a probe found, as lines of a .env file: each setting with a comment above it saying what was
// seen. The settings that say how to talk to the server are written as settings; those that would
// narrow what the suite accepts are written commented out, since one answer seen is not a promise:
// uncommenting one declares it.
import { usedSettings, type Detection } from './detect-choices.ts';

export function envFragment(detection: Detection, about: string): string {
  const lines = [`# ${about} (msgapi probe; marker ${detection.marker})`];
  for (const finding of detection.findings) {
    if (finding.value === undefined) {
      lines.push(`# ${finding.setting}: ${finding.evidence}`);
      continue;
    }
    lines.push(`# ${finding.evidence}`);
    lines.push(
      usedSettings.has(finding.setting)
        ? `${finding.setting}=${finding.value}`
        : `# ${finding.setting}=${finding.value}   (uncomment to require it)`,
    );
  }
  for (const observation of detection.observations) lines.push(`# ${observation.topic}: ${observation.seen}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The file's text with the settings of the fragment it lacks appended; a setting it has is kept as
 * it is. Returns the settings added and those kept that differ from what was found.
 */
export function mergeEnv(
  existing: string,
  detection: Detection,
  about: string,
): { text: string; added: string[]; differing: string[] } {
  const present = new Map<string, string>();
  for (const line of existing.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (match) present.set(match[1]!, match[2]!.replace(/^(['"])(.*)\1$/, '$2').trim());
  }
  const added: string[] = [];
  const differing: string[] = [];
  const lines: string[] = [];
  for (const finding of detection.findings) {
    if (finding.value === undefined || !usedSettings.has(finding.setting)) continue;
    const has = present.get(finding.setting);
    if (has === undefined) {
      added.push(finding.setting);
      lines.push(`# ${finding.evidence}`, `${finding.setting}=${finding.value}`);
    } else if (has !== finding.value) {
      differing.push(`${finding.setting}=${has} is kept; the probe found ${finding.value} (${finding.evidence})`);
    }
  }
  if (lines.length === 0) return { text: existing, added, differing };
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  return {
    text: `${existing}${separator}${existing === '' ? '' : '\n'}# ${about} (msgapi probe)\n${lines.join('\n')}\n`,
    added,
    differing,
  };
}
