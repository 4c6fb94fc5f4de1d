// The shape of reports/conformance.json: one entry per check, and the run around them.
import type { CheckLevel } from '../checks/catalogue.ts';
import type { Leftover } from '../checks/created-resources.ts';

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  id: string;
  title: string;
  /** The spec sections the check enforces, e.g. "§2.1, §4.1". */
  spec: string;
  level: CheckLevel;
  status: CheckStatus;
  /** Why it failed (Expected / Received / Exchange) or why it was skipped; null when passed. */
  message: string | null;
  /** A curl command that shows the failure again; the token appears only as $ACCESS_TOKEN. */
  reproduction: string | null;
  requests: number;
  duration_ms: number;
  leftovers?: Leftover[];
}

export interface ConformanceReport {
  tool: { name: 'msgapi'; version: string };
  target: { url: string; embedded: boolean };
  started_at: string;
  duration_ms: number;
  seed: number;
  run_id: string;
  requests: number;
  summary: { passed: number; failed: number; skipped: number; gating_failed: number };
  checks: CheckResult[];
}
