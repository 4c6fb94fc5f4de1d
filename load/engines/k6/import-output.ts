// msgapi load import k6 FILE…: k6's JSON output (one file per runner) as our run. Every
// http_req_duration point is one response, re-recorded in µs into the scenario's histogram;
// its status tag is the status ("0": no response, of the kind its error_code tag says); the
// runners ran at the same time, so their points add up within the same span of time.
// dropped_iterations are arrivals k6 never sent (no free VU): the open model was not held, and
// their latency is nowhere, since k6 does not back-fill it.
import { HarnessError } from '../../../lib/core/errors.ts';
import { newHistogram, recordUs, type LatencyHistogram } from '../../histogram.ts';
import { meanRate, type ExportPlan } from '../export-plan.ts';
import { importedFigures, type ImportedRun } from '../imported-report.ts';
import { k6Scenarios, scenarioTag, vusPerScenario } from './k6-scenarios.ts';
import { readK6Output, type K6Point } from './read-output.ts';

interface ScenarioTally {
  histogram: LatencyHistogram;
  statuses: Record<string, number>;
  errorKinds: Record<string, number>;
  /** When each response came (ms since the epoch), for the per-second counts and the span. */
  times: number[];
  first: number;
  last: number;
  /** k6's http_reqs points, to compare with the durations. */
  httpReqs: number;
  dropped: number;
}

const newTally = (): ScenarioTally => ({
  histogram: newHistogram(),
  statuses: {},
  errorKinds: {},
  times: [],
  first: Infinity,
  last: -Infinity,
  httpReqs: 0,
  dropped: 0,
});

/** k6's documented error code ranges (javascript-api/error-codes), 1050 being the request timeout. */
function errorKind(code: string | undefined): string {
  if (code === '1050') return 'k6 1050 (request timeout)';
  const number = Number(code);
  const range =
    number >= 1100 && number < 1200
      ? 'DNS'
      : number >= 1200 && number < 1300
        ? 'TCP'
        : number >= 1300 && number < 1400
          ? 'TLS'
          : number >= 1600 && number < 1700
            ? 'HTTP/2'
            : 'general';
  return code === undefined || code === '' ? 'k6 error without error_code' : `k6 ${code} (${range})`;
}

const add = (counts: Record<string, number>, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

/** Responses completed in each second from the scenario's first one. */
function perSecond(times: readonly number[], from: number): number[] {
  const counts: number[] = [];
  for (const time of times) {
    const second = Math.floor((time - from) / 1000);
    while (counts.length <= second) counts.push(0);
    counts[second]!++;
  }
  return counts;
}

export function importK6(files: readonly string[], plan: ExportPlan): ImportedRun {
  const keys = new Map(k6Scenarios(plan).map(({ key, scenario }) => [key, scenario.name]));
  const names = plan.scenarios.map((scenario) => scenario.name);
  const tallies = new Map(names.map((name) => [name, newTally()]));
  const notes: string[] = [];
  const problems: string[] = [];
  let unattributedDrops = 0;
  let targetUrl: string | undefined;

  /** Our scenario of a point: its msgapi_scenario tag, else the k6 scenario the script named after it. */
  const scenarioOf = (file: string, point: K6Point): string | undefined => {
    const name = point.tags[scenarioTag] ?? keys.get(point.tags.scenario ?? '');
    if (name !== undefined && tallies.has(name)) return name;
    if (point.metric !== 'http_req_duration') return undefined;
    const said = point.tags[scenarioTag] ?? point.tags.scenario;
    throw new HarnessError(
      'MSGAPI_USAGE',
      `${file}: ${said === undefined ? 'a point has no scenario tag' : `the scenario ${said} is none of the export's (${names.join(', ')})`}: is it the output of this export's script?`,
    );
  };

  for (const file of files) {
    const output = readK6Output(file);
    if (output.cutOff) notes.push(`${file}: the last line was cut off (k6 stopped while writing it) and was left out.`);
    let durations = 0;
    for (const point of output.points) {
      if (point.metric === 'http_req_duration') {
        const tally = tallies.get(scenarioOf(file, point)!)!;
        durations++;
        tally.first = Math.min(tally.first, point.time);
        tally.last = Math.max(tally.last, point.time);
        const status = point.tags.status ?? '0';
        // A request that got no response (status 0) is an error, not a latency: msgapi load's own
        // recorder keeps errors out of the histogram and out of the responses per second too.
        if (status === '0') {
          add(tally.errorKinds, errorKind(point.tags.error_code));
          continue;
        }
        // k6 writes milliseconds with nanosecond digits; our histograms hold whole µs.
        recordUs(tally.histogram, point.value * 1000);
        tally.times.push(point.time);
        add(tally.statuses, status);
        if (targetUrl === undefined && point.tags.url) targetUrl = new URL(point.tags.url).origin;
      } else if (point.metric === 'http_reqs') {
        const name = scenarioOf(file, point);
        if (name !== undefined) tallies.get(name)!.httpReqs += point.value;
      } else if (point.metric === 'dropped_iterations') {
        const name = scenarioOf(file, point);
        if (name !== undefined) tallies.get(name)!.dropped += point.value;
        else unattributedDrops += point.value;
      }
    }
    if (durations === 0)
      throw new HarnessError(
        'MSGAPI_USAGE',
        `${file} holds no http_req_duration point: k6 sent no request, or the file is not the output of k6 run --out json=FILE.`,
      );
  }

  // A scenario whose every request failed was measured too: its errors are its figures.
  const measured = [...tallies].filter(([, tally]) => tally.first <= tally.last);
  // Spread over a few scenarios only: the points themselves are never spread into arguments.
  const startedAt = Math.min(...measured.map(([, tally]) => tally.first));
  const finishedAt = Math.max(...measured.map(([, tally]) => tally.last));
  const scenarios = measured.map(([name, tally]) => {
    const { first, last } = tally;
    const recorded = tally.times.length;
    const failed = Object.values(tally.errorKinds).reduce((sum, count) => sum + count, 0);
    if (tally.httpReqs > 0 && tally.httpReqs !== recorded + failed)
      notes.push(
        `${name}: k6 counted ${tally.httpReqs} requests (http_reqs) and recorded ${recorded + failed} durations (${failed} of requests without a response); the durations are what the report holds.`,
      );
    if (tally.dropped > 0) {
      problems.push(
        `${name}: the open model was not held: k6 dropped ${tally.dropped} iteration${tally.dropped === 1 ? '' : 's'} (no free VU when due); k6 does not back-fill their latency, so the percentiles leave them out.`,
      );
    }
    const figures = importedFigures({
      model: plan.model,
      offeredRate: plan.model === 'open' ? meanRate(plan) / plan.scenarios.length : null,
      connections: vusPerScenario(plan),
      durationS: (last - first) / 1000,
      histogram: tally.histogram,
      statuses: tally.statuses,
      errorKinds: tally.errorKinds,
      perSecond: perSecond(tally.times, first),
      unsent: tally.dropped,
    });
    return { name, figures };
  });
  for (const [name] of tallies) {
    if (!measured.some(([measuredName]) => measuredName === name))
      problems.push(`${name}: k6 recorded no request of this scenario.`);
  }
  if (unattributedDrops > 0)
    problems.push(
      `the open model was not held: k6 dropped ${unattributedDrops} iterations of no scenario of the export; k6 does not back-fill their latency.`,
    );
  if (files.length !== plan.workers)
    notes.push(
      `${files.length} file${files.length === 1 ? '' : 's'} for the ${plan.workers} runner${plan.workers === 1 ? '' : 's'} the export was for: each runner ran its share (1/${plan.workers}), so the figures are those of the runners read.`,
    );
  notes.push(
    "Latencies are k6's http_req_duration points, each re-recorded rounded to the nearest µs (HDR histogram, 3 significant digits); the rate per second counts responses by the time k6 recorded them.",
  );

  return {
    engine: 'k6',
    files: [...files],
    ...(targetUrl !== undefined ? { targetUrl } : {}),
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    model: plan.model,
    rate: plan.rate,
    connections: plan.model === 'closed' ? plan.connections : vusPerScenario(plan),
    durationS: (finishedAt - startedAt) / 1000,
    workers: files.length,
    scenarios,
    notes,
    problems,
  };
}
