// The timestamps a realistic bug changes, and archived_at as a body writes it: shared by the
// timestamp checks and the model-based check (§2: "Timestamps are returned as integers in the
// examples"; §2.2: "the unit of the timestamps: not shown"; profile: timestamp-unit).

export interface Partition {
  value: number;
  what: string;
}

/**
 * Created_at 1.7e9 is seconds, 1.7e12 milliseconds (1e11 seconds lie past the year 5000). Each
 * partition is the value a realistic bug changes: 1 (a truthiness or unit-guessing slip), 2^31 + 7
 * (a 32-bit column: truncated, wrapped or clamped), and a value of the other unit (a server in
 * seconds sent milliseconds, past 2^32, or one in milliseconds sent seconds: divided or multiplied).
 */
export function timestampPartitions(now: number): Partition[] {
  const inSeconds = now < 1e11;
  return [
    { value: 1, what: 'archived_at=1, the smallest positive timestamp' },
    { value: 2 ** 31 + 7, what: `archived_at=${2 ** 31 + 7} (2^31 + 7), past the signed 32-bit range` },
    inSeconds
      ? {
          value: now * 1000 + 7,
          what: `archived_at=${now * 1000 + 7}, the size of milliseconds (created_at × 1000 + 7) and past 2^32`,
        }
      : {
          value: Math.floor(now / 1000) + 7,
          what: `archived_at=${Math.floor(now / 1000) + 7}, the size of seconds (created_at ÷ 1000 + 7)`,
        },
  ];
}

/**
 * The archived_at member of the top-level object as the body writes it: §2's integers are a matter
 * of the text, which a parsed number hides (1700000000007.0 and 1.700000000007E12 both parse to an
 * integer). Members of nested objects (extra fields may embed anything, profile: extra-fields) are
 * skipped. Undefined when the top level has no such member.
 */
export function archivedAtLiteral(text: string): string | undefined {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      const end = stringEnd(text, at);
      const key = text.slice(at, end);
      at = end - 1;
      if (depth !== 1 || key !== '"archived_at"') continue;
      const colon = /^\s*:\s*/.exec(text.slice(end));
      if (!colon) continue;
      const start = end + colon[0].length;
      const value =
        text[start] === '"' ? text.slice(start, stringEnd(text, start)) : /^[^,}\]\s]*/.exec(text.slice(start))![0];
      return value;
    }
  }
  return undefined;
}

/** The index just past the JSON string that starts at `start` (a quote). */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}
