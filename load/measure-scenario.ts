// One scenario against one target: bodies sampled and validated, then the closed model (after a
// warm-up that is not counted), then the open model at the offered rate.
import type { ApiClient } from '../lib/core/client/api-client.ts';
import type { PaginationStyle } from '../lib/core/config/settings.ts';
import { sampleBodies } from './body-samples.ts';
import { runClosedModel, type Generator } from './closed-model.ts';
import { measureCpu } from './cpu.ts';
import { modelFigures } from './figures.ts';
import { watchEventLoop } from './generator-limit.ts';
import type { LoadRequest } from './load-request.ts';
import { runOpenModel } from './open-model.ts';
import type { Progress } from './progress.ts';
import { Recorder } from './recorder.ts';
import type { Model, ModelFigures, ScenarioReport } from './load-report.ts';
import { describeRequest, requestPath } from './request-path.ts';
import type { ScenarioSpec } from './scenarios.ts';
import { ArrivalSchedule, type Stage } from './stages.ts';

export interface MeasureSettings {
  models: readonly Model[];
  connections: number;
  /** Which closed-model generator (--generator). */
  generator: Generator;
  durationS: number;
  warmupS: number;
  rate: number;
  /** --stages: the open model's rate over time instead of rate for durationS. */
  stages?: readonly Stage[] | undefined;
  openConnections: number;
  timeoutMs: number;
  pagination: PaginationStyle;
  serverPid: number | undefined;
  /** --max-limit was given: a refusal of that page size is then the server's failure. */
  maxLimitDeclared: boolean;
  signal: AbortSignal;
  progress: Progress;
}

export async function closedRun(
  request: LoadRequest,
  settings: MeasureSettings,
  label: string,
): Promise<{ figures: ModelFigures; paths: string[] }> {
  const { connections, generator, timeoutMs, signal, progress } = settings;
  if (settings.warmupS > 0) {
    const warmup = new Recorder();
    progress.measure(`${label} warm-up`, warmup, settings.warmupS);
    await runClosedModel(request, {
      generator,
      connections,
      durationS: settings.warmupS,
      timeoutMs,
      signal,
      recorder: warmup,
    });
  }
  const recorder = new Recorder();
  progress.measure(`${label} closed model, ${connections} connections`, recorder, settings.durationS);
  const cpu = measureCpu(settings.serverPid);
  const loop = watchEventLoop();
  const run = await runClosedModel(request, {
    generator,
    connections,
    durationS: settings.durationS,
    timeoutMs,
    signal,
    recorder,
  });
  progress.end();
  return {
    figures: modelFigures(recorder, {
      model: 'closed',
      offeredRate: null,
      connections,
      cpu: cpu(),
      eventLoop: loop(),
    }),
    paths: run.paths,
  };
}

export async function measureScenario(
  client: ApiClient,
  scenario: ScenarioSpec,
  request: LoadRequest,
  settings: MeasureSettings,
): Promise<ScenarioReport> {
  const samples = await sampleBodies(client, request.baseUrl, scenario, request.query, settings.pagination);
  const report: ScenarioReport = {
    name: scenario.name,
    spec: scenario.spec,
    request: describeRequest(request.baseUrl, request.operation, request.query),
    skipped: null,
    samples: { validated: samples.validated, problems: samples.problems },
    closed: null,
    open: null,
  };
  if (scenario.largestPage && !settings.maxLimitDeclared && samples.firstStatus >= 400 && samples.firstStatus < 500) {
    // The spec leaves the largest page open (§8): refusing 100 is a choice, not a failure.
    const limit = request.query.limit;
    return {
      ...report,
      skipped: `the server refuses limit=${limit} (status ${samples.firstStatus}), which the spec allows (§8); declare its largest page with --max-limit N to measure it`,
      samples: { validated: 0, problems: [] },
    };
  }
  let paths = [requestPath(request.baseUrl, request.operation, request.query), ...samples.paths];
  if (settings.models.includes('closed') && !settings.signal.aborted) {
    const closed = await closedRun(request, settings, scenario.name);
    report.closed = closed.figures;
    if (request.walk) paths = closed.paths;
  }
  if (settings.models.includes('open') && !settings.signal.aborted) {
    const recorder = new Recorder('offered');
    const schedule = settings.stages
      ? new ArrivalSchedule(settings.stages)
      : ArrivalSchedule.fixed(settings.rate, settings.durationS);
    const offered = settings.stages ? `stages up to ${schedule.peakRate} req/s` : `${settings.rate} req/s`;
    settings.progress.measure(`${scenario.name} open model, ${offered}`, recorder, schedule.durationS);
    const cpu = measureCpu(settings.serverPid);
    const loop = watchEventLoop();
    const open = await runOpenModel(request, {
      schedule,
      connections: settings.openConnections,
      timeoutMs: settings.timeoutMs,
      paths: request.walk ? paths : paths.slice(0, 1),
      signal: settings.signal,
      recorder,
    });
    settings.progress.end();
    report.open = modelFigures(recorder, {
      model: 'open',
      // With stages, the mean rate offered over the run.
      offeredRate: settings.stages ? Math.round((schedule.total / schedule.durationS) * 10) / 10 : settings.rate,
      connections: settings.openConnections,
      cpu: cpu(),
      unsent: open.unsent,
      eventLoop: loop(),
    });
  }
  return report;
}
