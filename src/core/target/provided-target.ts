// What the suites are handed about a target: the configuration's settings and the target's own
// address and tokens, with a fresh run id that marks everything this run creates.
import { randomBytes } from 'node:crypto';
import type { ProvidedTarget } from './target.ts';
import type { HarnessConfig } from '../config/load.ts';
import type { GroupContactsSemantics } from '../config/settings.ts';

export interface TargetAddress {
  url: string;
  accessToken: string;
  secondAccessToken: string | undefined;
  groupContacts: GroupContactsSemantics | undefined;
}

export function providedTarget(config: HarnessConfig, target: TargetAddress): ProvidedTarget {
  return {
    baseUrl: target.url,
    accessToken: target.accessToken,
    secondAccessToken: target.secondAccessToken,
    bodyEncoding: config.bodyEncoding,
    pagination: config.pagination,
    requestTimeoutMs: config.requestTimeoutMs,
    seed: config.seed,
    readOnly: config.readOnly,
    maxRps: config.maxRps,
    propertyRuns: config.propertyRuns,
    propertyTimeBudgetMs: config.propertyTimeBudgetMs,
    groupContacts: target.groupContacts,
    runId: randomBytes(4).toString('hex'),
  };
}
