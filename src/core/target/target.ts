// What the check command hands to the suites running in vitest's workers (vitest provide/inject).
import type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from '../config/settings.ts';

export interface ProvidedTarget {
  baseUrl: string;
  accessToken: string;
  secondAccessToken: string | undefined;
  bodyEncoding: BodyEncoding;
  pagination: PaginationStyle;
  requestTimeoutMs: number;
  seed: number;
  /** --read-only: the client refuses to send anything but GET. */
  readOnly: boolean;
  /** Requests per second at most (--max-rps); undefined: no cap. */
  maxRps: number | undefined;
  propertyRuns: number;
  propertyTimeBudgetMs: number;
  /** Declared by the user (GROUP_CONTACTS); undefined: left open. */
  groupContacts: GroupContactsSemantics | undefined;
  /** Marks everything this run creates as the suite's own: names, contact ids. */
  runId: string;
  /** Where every created id is appended as it is made (swept after the run, or by msgapi cleanup). */
  ledgerFile?: string;
}

/** One target of a run: a single one for `msgapi check`, one per fault and variant for the matrix. */
export interface NamedTarget {
  /** Unique within a run; '' for the single target of `msgapi check`. */
  name: string;
  target: ProvidedTarget;
}

declare module 'vitest' {
  interface ProvidedContext {
    targets: NamedTarget[];
  }
}
