// msgapi load merge: reports of several generators (run at the same time against one target) or
// of repetitions (run one after another) added up. Latency histograms are added, count by count,
// and percentiles read off the sum; they are never averaged.
import { bottleneck } from './cpu.ts';
import { runProblems } from './figures.ts';
import { addHistograms, decodeHistogram, encodeHistogram, latencyFigures } from './histogram.ts';
import { loadOutcome, loadVerdict, type LoadReport, type ModelFigures, type ScenarioReport } from './load-report.ts';

export type MergeMode = 'concurrent' | 'repeated';

const sumBy = <T>(items: readonly T[], figure: (item: T) => number): number =>
  items.reduce((sum, item) => sum + figure(item), 0);

function addCounts(records: ReadonlyArray<Record<string, number>>): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const record of records) for (const [key, count] of Object.entries(record)) sum[key] = (sum[key] ?? 0) + count;
  return sum;
}

function mergeFigures(parts: readonly ModelFigures[], mode: MergeMode): ModelFigures {
  const histogram = addHistograms(parts.map((part) => decodeHistogram(part.histogram)));
  const requests = sumBy(parts, (part) => part.requests);
  const bytes = sumBy(parts, (part) => part.bytes_per_s * part.duration_s);
  const concurrent = mode === 'concurrent';
  const durationS = concurrent
    ? Math.max(...parts.map((part) => part.duration_s))
    : sumBy(parts, (part) => part.duration_s);
  const longest = Math.max(...parts.map((part) => part.rps_over_time.length));
  const cpu = {
    generator: parts.some((part) => part.cpu.generator === null)
      ? null
      : Math.max(...parts.map((part) => part.cpu.generator!)),
    server: parts.some((part) => part.cpu.server === null) ? null : Math.max(...parts.map((part) => part.cpu.server!)),
  };
  return {
    model: parts[0]!.model,
    offered_rate:
      parts[0]!.offered_rate === null
        ? null
        : concurrent
          ? sumBy(parts, (part) => part.offered_rate ?? 0)
          : parts[0]!.offered_rate,
    connections: concurrent ? sumBy(parts, (part) => part.connections) : parts[0]!.connections,
    duration_s: Math.round(durationS * 1000) / 1000,
    requests,
    // Generators at the same time add their throughputs; repetitions share one clock.
    rps: concurrent
      ? Math.round(sumBy(parts, (part) => part.rps) * 10) / 10
      : Math.round((requests / durationS) * 10) / 10,
    bytes_per_s: concurrent ? sumBy(parts, (part) => part.bytes_per_s) : Math.round(bytes / durationS),
    latency_us: latencyFigures(histogram),
    statuses: addCounts(parts.map((part) => part.statuses)),
    non_2xx: sumBy(parts, (part) => part.non_2xx),
    errors: sumBy(parts, (part) => part.errors),
    timeouts: sumBy(parts, (part) => part.timeouts),
    error_kinds: addCounts(parts.map((part) => part.error_kinds)),
    unsent: sumBy(parts, (part) => part.unsent),
    cpu,
    // Any generator that was the limit makes the sum a generator's figure too.
    bottleneck: parts.some((part) => part.bottleneck === 'generator')
      ? 'generator'
      : cpu.generator === null
        ? 'unknown'
        : bottleneck({ generator: cpu.generator, server: cpu.server ?? undefined }),
    rps_over_time: concurrent
      ? Array.from({ length: longest }, (_, second) => sumBy(parts, (part) => part.rps_over_time[second] ?? 0))
      : parts.flatMap((part) => part.rps_over_time),
    histogram: encodeHistogram(histogram),
  };
}

function mergeScenario(parts: readonly ScenarioReport[], mode: MergeMode): ScenarioReport {
  const measured = parts.filter((part) => part.skipped === null);
  const merged = (model: 'closed' | 'open') => {
    const figures = measured.map((part) => part[model]).filter((figure): figure is ModelFigures => figure !== null);
    return figures.length === 0 ? null : mergeFigures(figures, mode);
  };
  return {
    name: parts[0]!.name,
    spec: parts[0]!.spec,
    request: parts[0]!.request,
    skipped: measured.length === 0 ? parts[0]!.skipped : null,
    samples: {
      validated: sumBy(parts, (part) => part.samples.validated),
      problems: parts.flatMap((part) => part.samples.problems),
    },
    closed: merged('closed'),
    open: merged('open'),
  };
}

export function mergeLoadReports(
  reports: readonly LoadReport[],
  files: readonly string[],
  mode: MergeMode,
): LoadReport {
  const first = reports[0]!;
  const names = [...new Set(reports.flatMap((report) => report.scenarios.map((scenario) => scenario.name)))];
  const scenarios = names.map((name) =>
    mergeScenario(
      reports.flatMap((report) => report.scenarios.filter((scenario) => scenario.name === name)),
      mode,
    ),
  );
  const failures = [
    ...scenarios.flatMap((scenario) =>
      [scenario.closed, scenario.open].flatMap((figures) => (figures ? runProblems(scenario.name, figures) : [])),
    ),
    ...scenarios.flatMap((scenario) => scenario.samples.problems.map((problem) => `${problem} (sampled body)`)),
    ...reports.flatMap((report, index) =>
      report.gates.filter((gate) => !gate.passed).map((gate) => `${files[index]}: ${gate.gate}: ${gate.detail}`),
    ),
  ];
  const interruptedParts = files.filter((_, index) => loadOutcome(reports[index]!) === 'INTERRUPTED');
  const { interrupted: _interrupted, ...firstRest } = first;
  return {
    ...firstRest,
    started_at: reports.map((report) => report.started_at).sort()[0]!,
    finished_at: reports
      .map((report) => report.finished_at)
      .sort()
      .at(-1)!,
    scenarios,
    gates: reports.flatMap((report, index) =>
      report.gates.map((gate) => ({ ...gate, gate: `${files[index]}: ${gate.gate}` })),
    ),
    // A part that was stopped leaves the merged figures short of what they claim to cover.
    verdict: loadVerdict(
      failures,
      interruptedParts.length > 0
        ? `${interruptedParts.join(', ')} ${interruptedParts.length === 1 ? 'was' : 'were'} interrupted before every scenario was measured`
        : undefined,
    ),
    ...(interruptedParts.length > 0 ? { interrupted: true as const } : {}),
    merged_from: { files: [...files], as: mode },
  };
}
