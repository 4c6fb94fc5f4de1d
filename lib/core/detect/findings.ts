// What a probe says: the settings it can tell (in the order it prints them), one finding each,
// what has no setting but is worth knowing, and the whole of it as returned. Its own module so
// that the parts of the probe (one per group of findings) and the probe that runs them side by
// side share these words without importing each other.
import type { Exchange } from '../client/exchange.ts';
import type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from '../config/value-types.ts';

/** The settings a probe can tell, in the order it prints them; the first three are used when undeclared. */
export const detectedSettings = [
  'BODY_ENCODING',
  'PAGINATION',
  'GROUP_CONTACTS',
  'DELETE_STATUS',
  'DELETE_OF_NOTHING',
  'EMPTY_TEXT',
  'ERROR_BODY',
  'LARGEST_LIMIT',
  'LIST_CONSISTENCY',
  'DEFAULT_LIST_SCOPE',
] as const;
export type DetectedSetting = (typeof detectedSettings)[number];
/** How to talk to the server: used by msgapi check when the user declared nothing. */
export const usedSettings: ReadonlySet<DetectedSetting> = new Set(['BODY_ENCODING', 'PAGINATION', 'GROUP_CONTACTS']);

export interface Finding {
  setting: DetectedSetting;
  /** In the setting's own syntax; undefined when it could not be found out. */
  value: string | undefined;
  /** What was sent and seen, one sentence. */
  evidence: string;
}

/** What has no setting but a user writing a client wants to know. */
export interface Observation {
  topic: 'timestamp unit' | 'rate limits';
  seen: string;
}

export interface Detection {
  findings: Finding[];
  observations: Observation[];
  /** What the probe made and could not remove, with the marker to find it by (msgapi cleanup --marker). */
  leftovers: string[];
  marker: string;
  requests: number;
  /** The choices as found, for the settings that were found. */
  bodyEncoding?: BodyEncoding;
  pagination?: PaginationStyle;
  groupContacts?: GroupContactsSemantics;
}

export interface DetectOptions {
  timeoutMs: number;
  /** --read-only: GETs only; what needs a write is said to be unknown. */
  readOnly: boolean;
  /** Where the probe's exchanges are recorded, for a caller that reads them after (which ran beside which); its own otherwise. */
  journal?: Exchange[];
}

export const unknown = (setting: DetectedSetting, why: string): Finding => ({
  setting,
  value: undefined,
  evidence: why,
});

/**
 * Waits for every part of the probe given (started together by the caller) and keeps what each
 * found, in the parts' order; then throws the first failure in that order, as the probe did when it
 * ran them one by one. Every part has ended by then, so nothing still writes when the groups made
 * are removed.
 */
export async function keepFindings(parts: readonly Promise<Finding | Finding[]>[], into: Finding[]): Promise<void> {
  const settled = await Promise.allSettled(parts);
  for (const outcome of settled) if (outcome.status === 'fulfilled') into.push(...[outcome.value].flat());
  const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
}
