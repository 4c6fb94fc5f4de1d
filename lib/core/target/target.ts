// A target: the server a run talks to, opened once (open-target.ts) whether it is remote, the
// embedded reference server in this process, or the embedded server in a child process. Check,
// load and the matrix all hold this one shape; ProvidedTarget is its serialisable projection for
// vitest's workers, derived from it in one place (provided-target.ts).
import type { DeclaredReadings } from '../../api/open-points.ts';
import type { Counterexample } from './counterexample.ts';
import type { TransportSettings } from '../client/transport.ts';
import type { BodyEncoding, Depth, GroupContactsSemantics, PaginationStyle } from '../config/settings.ts';

/** The choices the spec leaves open that the user declares (or that the embedded server is known to make). */
export interface TargetChoices {
  bodyEncoding: BodyEncoding;
  pagination: PaginationStyle;
  /** Declared by the user (GROUP_CONTACTS), or known of the embedded server; undefined: left open. */
  groupContacts: GroupContactsSemantics | undefined;
  /** The readings of the server profile the user declared (UNKNOWN_ID_STATUS, EMPTY_TEXT, ...); {}: every reading. */
  declared: DeclaredReadings;
}

/** The users the harness acts as: ACCESS_TOKEN and, for the isolation checks, SECOND_ACCESS_TOKEN. */
export interface TargetUsers {
  accessToken: string;
  secondAccessToken: string | undefined;
}

export interface Target {
  /** Base URL without /v1. */
  url: string;
  users: TargetUsers;
  choices: TargetChoices;
  /** Headers a gateway asks for, certificates (transport.ts): every client of the run sends through them. */
  transport: TransportSettings;
  /** The embedded reference server (started for this run), not one the user named. */
  embedded: boolean;
  /** The server's process when it was started in a child process (load measures its CPU share). */
  pid: number | undefined;
  close(): Promise<void>;
}

/** The settings of a conformance run that are not about the target. */
export interface RunSettings {
  requestTimeoutMs: number;
  seed: number;
  /** --read-only: the client refuses to send anything but GET. */
  readOnly: boolean;
  /** Requests per second at most (--max-rps); undefined: no cap. */
  maxRps: number | undefined;
  /** How long the run waits on a target that answers only 429 or 503 with Retry-After, in ms (--throttle-limit); unset: 2 minutes. */
  throttleLimitMs?: number;
  propertyRuns: number;
  propertyTimeBudgetMs: number;
  /** --depth: thorough makes the model's sequences longer and its lists longer (harness/properties/model/). */
  depth?: Depth;
  /**
   * false: a property stops at its first failure, unshrunk (the matrix asks only whether a check
   * fails, and shrinking a hundred failures would take longer than finding them). Unset: shrunk.
   */
  shrink?: boolean;
  /** --replay: the one generated case the selected property check runs, once and unshrunk. */
  replay?: Counterexample | undefined;
}

/** What the check command hands to the suites running in vitest's workers (vitest provide/inject). */
export interface ProvidedTarget extends RunSettings {
  baseUrl: string;
  /** Target.embedded: the server shares this machine's CPU with the checks (conformance/run/parallelism.ts). */
  embedded: boolean;
  accessToken: string;
  secondAccessToken: string | undefined;
  transport: TransportSettings;
  bodyEncoding: BodyEncoding;
  pagination: PaginationStyle;
  /** Declared by the user (GROUP_CONTACTS); undefined: left open. */
  groupContacts: GroupContactsSemantics | undefined;
  /** The declared readings of the server profile (TargetChoices.declared). */
  declared: DeclaredReadings;
  /** Marks everything this run creates as the suite's own: names, contact ids. */
  runId: string;
  /** Where every created id is appended as it is made (swept after the run, or by msgapi cleanup). */
  ledgerFile?: string;
  /**
   * The memory of the run's shared rate bucket (core/client/shared-rate-bucket.ts), one for all
   * the workers: vitest's provide hands a SharedArrayBuffer over without copying it.
   */
  rateBucket?: SharedArrayBuffer;
  /** Whether the target still answers, as every worker sees it (core/client/target-health.ts); msgapi check only. */
  targetHealth?: SharedArrayBuffer;
  /**
   * --har: the folder where each worker appends its exchanges (lib/core/har/har-recorder.ts), and
   * whether these are the failed checks run again alone, which the report's request count leaves
   * out; unset: nothing is recorded.
   */
  har?: { partsDir: string; serialRerun?: true };
  /**
   * --bail: the checks whose failure stops the run from its own worker at once (the rate bucket's
   * stop), rather than when the run's reporter hears of it: every check of a level that always
   * gates (spec, security, robustness) but the known failures of --expectations (`except`).
   */
  bail?: { except: readonly string[] };
}

/** A check as a lane registers it: its id and its suite file (an absolute path). */
export interface LaneEntry {
  id: string;
  file: string;
  /** One of the run's longest chains (the model's, the properties'): it starts at once, without waiting for a place in the window of checks at once. */
  first?: boolean;
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
    /** A run in lanes (conformance/run/lanes.ts): the checks each lane file registers, in order; [] otherwise. */
    lanes: LaneEntry[][];
  }
}
