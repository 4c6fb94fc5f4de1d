// One Artillery JSON report (artillery run --output) read into msgapi's counts per scenario, with
// the checks that the counts are the processor's and add up: every response Artillery counted is
// in exactly one latency bucket and one status of one scenario of the plan.
import { readFileSync } from 'node:fs';
import { HarnessError } from '../../../lib/core/errors.ts';
import { counterPrefix, parseCounterName } from './counter-names.ts';
import { bucketAt } from './latency-buckets.ts';

export interface ScenarioCounts {
  /** Bucket lower bound (µs) → responses. */
  buckets: Map<number, number>;
  statuses: Record<string, number>;
  errorKinds: Record<string, number>;
  bytes: number;
}

export interface ReportCounts {
  file: string;
  scenarios: Map<string, ScenarioCounts>;
  /** Requests without a response by kind, as Artillery itself counted them (errors.*). */
  artilleryErrors: Record<string, number>;
  firstAt: number;
  lastAt: number;
}

interface ArtilleryAggregate {
  counters: Record<string, number>;
  firstCounterAt?: number;
  lastCounterAt?: number;
  firstMetricAt?: number;
  lastMetricAt?: number;
}

const sum = (values: Iterable<number>): number => [...values].reduce((total, value) => total + value, 0);

const refuse = (sentence: string): never => {
  throw new HarnessError('MSGAPI_USAGE', sentence);
};

function readAggregate(file: string): ArtilleryAggregate {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return refuse(
      `${file} could not be read as JSON (${(error as Error).message}); give the file artillery run --output wrote.`,
    );
  }
  const aggregate = (parsed as { aggregate?: ArtilleryAggregate } | null)?.aggregate;
  const counters = aggregate?.counters;
  const isCountMap =
    typeof counters === 'object' &&
    counters !== null &&
    Object.values(counters).every((count) => Number.isInteger(count) && count >= 0);
  if (!isCountMap)
    return refuse(
      `${file} is not an Artillery report: it has no aggregate.counters of whole counts (give the file artillery run --output wrote).`,
    );
  return aggregate!;
}

const emptyCounts = (): ScenarioCounts => ({ buckets: new Map(), statuses: {}, errorKinds: {}, bytes: 0 });

export function readReportCounts(file: string, plannedScenarios: readonly string[]): ReportCounts {
  const aggregate = readAggregate(file);
  const scenarios = new Map<string, ScenarioCounts>();
  const artilleryErrors: Record<string, number> = {};
  for (const [name, count] of Object.entries(aggregate.counters)) {
    if (name.startsWith('errors.')) artilleryErrors[name.slice('errors.'.length)] = count;
    const counter = parseCounterName(name);
    if (counter === undefined) continue;
    if (!plannedScenarios.includes(counter.scenario)) {
      refuse(
        `${file} counts responses of ${counter.scenario}, which is not a scenario of the export (${plannedScenarios.join(', ')}); give the msgapi-export.json of the script that ran (--plan).`,
      );
    }
    const counts = scenarios.get(counter.scenario) ?? emptyCounts();
    scenarios.set(counter.scenario, counts);
    if (counter.kind === 'latency_us') {
      const bucket = bucketAt(Number(counter.key));
      if (bucket === undefined)
        refuse(
          `${file} has the counter ${name}, whose ${counter.key} µs starts no latency bucket of the processor; the report was changed after the run.`,
        );
      counts.buckets.set(bucket!.lowerUs, (counts.buckets.get(bucket!.lowerUs) ?? 0) + count);
    } else if (counter.kind === 'status') counts.statuses[counter.key] = count;
    else if (counter.kind === 'error') counts.errorKinds[counter.key] = count;
    else counts.bytes += count;
  }
  checkTotals(file, aggregate.counters, scenarios);
  return {
    file,
    scenarios,
    artilleryErrors,
    firstAt: aggregate.firstCounterAt ?? aggregate.firstMetricAt ?? 0,
    lastAt: aggregate.lastCounterAt ?? aggregate.lastMetricAt ?? 0,
  };
}

/** Every response in one bucket and one status, and as many as Artillery counted; else the report is not what the processor counted. */
function checkTotals(
  file: string,
  counters: Record<string, number>,
  scenarios: ReadonlyMap<string, ScenarioCounts>,
): void {
  const responses = counters['http.responses'] ?? 0;
  if (responses > 0 && scenarios.size === 0) {
    refuse(
      `${file} holds ${responses} responses but none of msgapi's counters (${counterPrefix}…): it was not made with the processor msgapi load export artillery wrote.`,
    );
  }
  for (const [scenario, counts] of scenarios) {
    const bucketed = sum(counts.buckets.values());
    const statused = sum(Object.values(counts.statuses));
    if (bucketed !== statused)
      refuse(
        `${file}: ${scenario} has ${bucketed} responses in its latency buckets but ${statused} in its statuses; the report was changed after the run.`,
      );
  }
  const bucketed = sum([...scenarios.values()].map((counts) => sum(counts.buckets.values())));
  if (bucketed !== responses) {
    refuse(
      `${file}: the latency buckets hold ${bucketed} responses but Artillery counted ${responses} (http.responses); the report was changed after the run, or not every scenario ran the processor's hooks.`,
    );
  }
}
