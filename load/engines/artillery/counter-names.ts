// The names of the counters the processor emits into Artillery's report, one place for the writer
// (the processor's text) and the reader (the import): msgapi.<scenario>.<kind>.<key>. Scenario
// names hold dots; kinds and keys never do, so the name is read from its end.

export const counterPrefix = 'msgapi.';

export type CounterKind = 'latency_us' | 'status' | 'error' | 'bytes';

export interface ParsedCounter {
  scenario: string;
  kind: CounterKind;
  /** Bucket lower bound (latency_us), status code (status), error kind (error), 'body' (bytes). */
  key: string;
}

const counterPattern = /^msgapi\.(.+)\.(latency_us|status|error|bytes)\.([^.]+)$/;

/** A counter name of ours, read; undefined for Artillery's own counters and anything else. */
export function parseCounterName(name: string): ParsedCounter | undefined {
  const match = counterPattern.exec(name);
  return match ? { scenario: match[1]!, kind: match[2] as CounterKind, key: match[3]! } : undefined;
}

/** Error kinds become the last part of a name: no dots, nothing but word characters and dashes. */
export const errorKeySource = `function errorKey(error) {
  var kind = (error && (error.code || error.name)) || 'unknown';
  return String(kind).replace(/[^A-Za-z0-9_-]/g, '_');
}`;
