// msgapi load import artillery: the JSON reports of the exported script (one per runner, and in the
// closed model one per scenario) added up into one run, one HDR histogram per scenario rebuilt from
// the processor's bucket counters. Runners run at the same time: counts add, durations do not.
import { HarnessError } from '../../../lib/core/errors.ts';
import { meanRate, type ExportPlan } from '../export-plan.ts';
import { importedFigures, type ImportedRun } from '../imported-report.ts';
import { bucketResolutionNote, histogramFromBuckets } from './latency-buckets.ts';
import { readReportCounts, type ReportCounts, type ScenarioCounts } from './report-counts.ts';

const sum = (values: Iterable<number>): number => [...values].reduce((total, value) => total + value, 0);

function addInto(total: Record<string, number>, part: Record<string, number>): void {
  for (const [key, count] of Object.entries(part)) total[key] = (total[key] ?? 0) + count;
}

function addScenario(parts: readonly ScenarioCounts[]): ScenarioCounts {
  const total: ScenarioCounts = { buckets: new Map(), statuses: {}, errorKinds: {}, bytes: 0 };
  for (const part of parts) {
    for (const [lowerUs, count] of part.buckets) total.buckets.set(lowerUs, (total.buckets.get(lowerUs) ?? 0) + count);
    addInto(total.statuses, part.statuses);
    addInto(total.errorKinds, part.errorKinds);
    total.bytes += part.bytes;
  }
  return total;
}

/** Errors Artillery counted that no scenario's onError hook saw (a processor failure, a failed capture): they fail the run too. */
function unattributedErrors(reports: readonly ReportCounts[]): string[] {
  return reports.flatMap((report) => {
    const ours = sum([...report.scenarios.values()].map((counts) => sum(Object.values(counts.errorKinds))));
    const artillerys = sum(Object.values(report.artilleryErrors));
    if (artillerys <= ours) return [];
    const kinds = Object.entries(report.artilleryErrors)
      .map(([kind, count]) => `${kind}: ${count}`)
      .join(', ');
    return [
      `${report.file}: Artillery counted ${artillerys} errors (${kinds}), ${artillerys - ours} more than the scenarios' requests without a response`,
    ];
  });
}

const timingNotes = (plan: ExportPlan): string[] => [
  bucketResolutionNote,
  "latency timed by the processor from Artillery's beforeRequest hook to its afterResponse hook (Artillery's own timing points: its client's overhead and any wait for a pooled connection included, the body read); no CPU share of the generator is known",
  ...(plan.model === 'closed'
    ? ['closed model approximated by Artillery virtual users each looping over one scenario, without the warm-up']
    : []),
];

export function importArtillery(files: readonly string[], plan: ExportPlan): ImportedRun {
  if (files.length === 0)
    throw new HarnessError(
      'MSGAPI_USAGE',
      'msgapi load import artillery needs at least one report that artillery run --output wrote.',
    );
  const planned = plan.scenarios.map((scenario) => scenario.name);
  const reports = files.map((file) => readReportCounts(file, planned));
  const measured = planned.filter((name) => reports.some((report) => report.scenarios.has(name)));
  const scenarios = measured.map((name) => {
    const containing = reports.filter((report) => report.scenarios.has(name));
    const counts = addScenario(containing.map((report) => report.scenarios.get(name)!));
    // Runners at the same time: the scenario lasted as long as its longest report.
    const durationS = Math.max(...containing.map((report) => (report.lastAt - report.firstAt) / 1000));
    const figures = importedFigures({
      model: plan.model,
      // Artillery weighs the scenarios evenly: each is offered its share of the rate.
      offeredRate: plan.model === 'open' ? meanRate(plan) / plan.scenarios.length : null,
      connections: plan.connections,
      durationS,
      histogram: histogramFromBuckets(counts.buckets),
      statuses: counts.statuses,
      errorKinds: counts.errorKinds,
      bytes: counts.bytes,
    });
    return { name, figures, runners: containing.length };
  });
  const unmeasured = planned.filter((name) => !measured.includes(name));
  const startedAt = Math.min(...reports.map((report) => report.firstAt));
  const finishedAt = Math.max(...reports.map((report) => report.lastAt));
  return {
    engine: 'artillery',
    files: [...files],
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: new Date(finishedAt).toISOString(),
    model: plan.model,
    rate: plan.rate,
    connections: plan.connections,
    durationS: Math.round(((finishedAt - startedAt) / 1000) * 1000) / 1000,
    workers: Math.max(1, ...scenarios.map((scenario) => scenario.runners)),
    scenarios: scenarios.map(({ name, figures }) => ({ name, figures })),
    notes: timingNotes(plan),
    // A scenario the plan asked for and no report measured leaves the run short of what it claims.
    problems: [
      ...unattributedErrors(reports),
      ...unmeasured.map(
        (name) =>
          `${name}: no response of it in the reports, so it was not measured (not run, or no virtual user picked it)`,
      ),
    ],
  };
}
