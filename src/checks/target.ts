// What the check command hands to the suites running in vitest's workers (vitest provide/inject).
import type { BodyEncoding, PaginationStyle } from '../config/settings.ts';

export interface ProvidedTarget {
  baseUrl: string;
  accessToken: string;
  secondAccessToken: string | undefined;
  bodyEncoding: BodyEncoding;
  pagination: PaginationStyle;
  requestTimeoutMs: number;
  seed: number;
  /** Marks everything this run creates as the suite's own: names, contact ids. */
  runId: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    target: ProvidedTarget;
  }
}
