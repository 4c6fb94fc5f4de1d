// What an exported script must do, engine by engine (Artillery, k6): the scenarios as concrete
// requests, the model, its rate or connections, and how the work is split over N runners. Built
// once here from msgapi load's own scenarios and settings, so that every engine sends exactly the
// requests `msgapi load` would send; the token is never part of it (scripts read ACCESS_TOKEN).
import type { PaginationStyle } from '../../lib/core/config/settings.ts';
import type { Threshold } from '../gates/thresholds.ts';
import type { Model } from '../load-report.ts';
import { requestPath } from '../request-path.ts';
import type { ScenarioSpec } from '../scenarios.ts';
import type { Stage } from '../stages.ts';

export interface ExportedScenario {
  /** Our scenario name (conversations.default): engines tag every request with it. */
  name: string;
  spec: string;
  /** Path and query under the origin (/v1/conversations?limit=100, with BASE_URL's own path), as msgapi load sends it. */
  path: string;
  /** Walk scenarios: read the next page from each answer in this style (load/page-walk.ts's rules). */
  walk?: PaginationStyle;
}

export interface ExportPlan {
  /** The target's origin (scheme, host, port); every scenario's path is absolute under it. Never a token. */
  origin: string;
  /** The environment variable the script reads the token from. */
  tokenVariable: 'ACCESS_TOKEN';
  scenarios: ExportedScenario[];
  /** Scenarios of msgapi load left out, each with why (a group filter without a group, a walk under PAGINATION=none). */
  leftOut: Array<{ name: string; why: string }>;
  /** One model per script: open (a fixed arrival rate) or closed (a fixed number of connections, each sending as fast as answered). */
  model: Model;
  /** Open model: requests per second offered by all runners together, spread evenly over the scenarios. */
  rate: number;
  /** Closed model: connections of all runners together; open model: connections each runner may use. */
  connections: number;
  durationS: number;
  /** Open model: the rate of all runners together over time (--stages), ramping from 0; durationS is then their sum. */
  stages?: Stage[];
  /** Closed model: seconds of warm-up, not counted (engines without an uncounted phase leave it out and say so). */
  warmupS: number;
  /** How many runners share the work, each taking rate / N and connections / N: an Artillery script holds one runner's share (run-fargate --count N multiplies it); a k6 script holds the totals, which k6's execution segments (k6-operator parallelism N) divide. */
  workers: number;
  thresholds: Threshold[];
}

export interface ExportedFile {
  /** Relative to the output folder. */
  name: string;
  content: string;
}

export interface ExportResult {
  files: ExportedFile[];
  /** The commands to run the script, with ACCESS_TOKEN read from the environment, never written out. */
  run: string[];
  /** What the export could not carry over, one sentence each. */
  notes: string[];
}

/** The highest rate the plan offers, req/s of all runners together. */
export const peakRate = (plan: Pick<ExportPlan, 'rate' | 'stages'>): number =>
  plan.stages ? Math.max(...plan.stages.map((stage) => stage.target)) : plan.rate;

/** The rate the plan offers on average over its run, req/s of all runners together (the stages ramp linearly). */
export const meanRate = (plan: Pick<ExportPlan, 'rate' | 'stages' | 'durationS'>): number => {
  if (!plan.stages) return plan.rate;
  let from = 0;
  let offered = 0;
  for (const stage of plan.stages) {
    offered += ((from + stage.target) / 2) * stage.durationS;
    from = stage.target;
  }
  return Math.round((offered / plan.durationS) * 10) / 10;
};

/** Each runner's share: rate / N, connections / N (at least 1). */
export const perWorker = (total: number, workers: number): number => Math.max(1, total / workers);

/** What msgapi load export was given: the figures the plan carries as they are, and what it resolves into requests. */
export interface PlanInput extends Pick<
  ExportPlan,
  'model' | 'rate' | 'connections' | 'durationS' | 'warmupS' | 'workers' | 'thresholds' | 'stages'
> {
  baseUrl: string;
  scenarios: readonly ScenarioSpec[];
  maxLimit: number;
  groupId: string | undefined;
  pagination: PaginationStyle;
}

export function exportPlan(input: PlanInput): ExportPlan {
  const leftOut: ExportPlan['leftOut'] = [];
  const scenarios: ExportedScenario[] = [];
  for (const scenario of input.scenarios) {
    if (scenario.needsGroup && input.groupId === undefined) {
      leftOut.push({
        name: scenario.name,
        why: 'no group to filter by (give --group-id, or seed with msgapi load --seed-only first)',
      });
      continue;
    }
    if (scenario.walk && input.pagination.kind === 'none') {
      leftOut.push({ name: scenario.name, why: 'PAGINATION=none: there is no next page to ask for' });
      continue;
    }
    const query = scenario.query({ maxLimit: input.maxLimit, groupId: input.groupId });
    scenarios.push({
      name: scenario.name,
      spec: scenario.spec,
      path: requestPath(input.baseUrl, scenario.operation, query),
      ...(scenario.walk ? { walk: input.pagination } : {}),
    });
  }
  return {
    origin: new URL(input.baseUrl).origin,
    tokenVariable: 'ACCESS_TOKEN',
    scenarios,
    leftOut,
    model: input.model,
    rate: input.rate,
    connections: input.connections,
    durationS: input.stages ? input.stages.reduce((sum, stage) => sum + stage.durationS, 0) : input.durationS,
    ...(input.stages ? { stages: input.stages } : {}),
    warmupS: input.warmupS,
    workers: input.workers,
    thresholds: input.thresholds,
  };
}
