// Everything a check works with: clients for the configured users, names for what it creates,
// and the record of what to delete afterwards.
import type { ApiClient } from '../../lib/core/client/api-client.ts';
import { Ledger } from '../../lib/core/client/ledger.ts';
import { runRateBucket } from '../../lib/core/client/run-rate-bucket.ts';
import { runTargetHealth } from '../../lib/core/client/target-health.ts';
import { firstUserClient, secondUserClient } from '../../lib/core/client/user-clients.ts';
import { CreatedResources } from '../../lib/core/safety/created-resources.ts';
import { SuiteNames } from '../../lib/core/safety/run-names.ts';
import { priorIdsBeside } from '../../lib/core/safety/snapshot.ts';
import type { ProvidedTarget } from '../../lib/core/target/target.ts';
import { CheckSkipped } from './check-failure.ts';
import type { ProfileKey } from '../../lib/api/open-points.ts';
import { serverProfile, type ServerProfile } from '../../lib/core/profile/server-profile.ts';

export interface CheckContext {
  /** The check's id (a property's failure names it in the --replay line it prints). */
  checkId: string;
  /** Acts as the user of ACCESS_TOKEN. */
  client: ApiClient;
  /** Acts as the user of SECOND_ACCESS_TOKEN, when one is configured. */
  second: ApiClient | undefined;
  target: ProvidedTarget;
  /** What the check accepts where the spec leaves the server free: every reading, or what the user declared. */
  profile: ServerProfile;
  /** The entries of the profile this check's verdict consulted, in the order first asked. */
  consulted: Set<ProfileKey>;
  names: SuiteNames;
  created: CreatedResources;
  /** The ids this check made (as their types), verified group conversations, and invented ids: the
   *  only ones its clients may update or delete; never an id the users held when the run began. */
  ledger: Ledger;
  /** Ends the check as skipped, saying why (a precondition the target does not meet): throws CheckSkipped. */
  skip(reason: string): never;
  /**
   * What the check saw that may explain its failure, each a sentence naming the setting that would
   * describe the server (a list that showed a write a moment late, an unfiltered list without the
   * archived records archived=true lists): added to its failure's message, never a verdict.
   */
  hints: Set<string>;
}

export function createCheckContext(checkId: string, target: ProvidedTarget): CheckContext {
  // The snapshot of the users' ids taken when the run began lies beside the run's ledger file.
  const ledger = new Ledger(target.ledgerFile, priorIdsBeside(target.ledgerFile));
  const client = firstUserClient(target, {
    ledger,
    readOnly: target.readOnly,
    // Every check of the run, in every worker, keeps one pace (MAX_RPS, and what 429s taught it).
    rateLimiter: runRateBucket(target),
    // Whether the target still answers, as the whole run sees it: once gone, the run stops.
    targetHealth: runTargetHealth(target),
    baseUrl: target.baseUrl,
    encoding: target.bodyEncoding,
    timeoutMs: target.requestTimeoutMs,
    transport: target.transport,
    pagination: target.pagination,
  });
  const consulted = new Set<ProfileKey>();
  const profile = serverProfile(target.declared ?? {}, (entry) => consulted.add(entry));
  return {
    checkId,
    client,
    second: secondUserClient(client, target),
    target,
    profile,
    consulted,
    names: new SuiteNames(target.runId, ledger),
    created: new CreatedResources(ledger),
    ledger,
    skip,
    hints: new Set(),
  };
}

function skip(reason: string): never {
  throw new CheckSkipped(reason);
}
