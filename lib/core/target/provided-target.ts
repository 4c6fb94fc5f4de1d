// What the suites are handed about a target: the Target's address, users and choices, the run's
// settings, and a fresh run id that marks everything this run creates. The one place ProvidedTarget
// is derived from a Target.
import { randomBytes } from 'node:crypto';
import type { ProvidedTarget, RunSettings, Target } from './target.ts';

export type { RunSettings };

export function providedTarget(target: Target, run: RunSettings): ProvidedTarget {
  // Picked one by one: callers hand the whole configuration, and only these cross to the workers.
  const { requestTimeoutMs, seed, readOnly, maxRps, throttleLimitMs, propertyRuns, propertyTimeBudgetMs } = run;
  const { shrink, replay, depth } = run;
  return {
    baseUrl: target.url,
    embedded: target.embedded,
    accessToken: target.users.accessToken,
    secondAccessToken: target.users.secondAccessToken,
    transport: target.transport,
    bodyEncoding: target.choices.bodyEncoding,
    pagination: target.choices.pagination,
    groupContacts: target.choices.groupContacts,
    declared: target.choices.declared,
    requestTimeoutMs,
    seed,
    readOnly,
    maxRps,
    ...(throttleLimitMs === undefined ? {} : { throttleLimitMs }),
    propertyRuns,
    propertyTimeBudgetMs,
    ...(shrink === undefined ? {} : { shrink }),
    ...(replay === undefined ? {} : { replay }),
    ...(depth === undefined ? {} : { depth }),
    runId: randomBytes(4).toString('hex'),
  };
}
