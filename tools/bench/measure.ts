// One measurement of one server by one generator, in the same shape for wrk and for our closed
// model, with the CPU share of each side: a generator near a full core is the limit, not the server.
import { runClosedModel } from '../../load/closed-model.ts';
import { measureCpu } from '../../load/cpu.ts';
import { latencyFigures } from '../../load/histogram.ts';
import type { LoadRequest } from '../../load/load-request.ts';
import { requestPath } from '../../load/request-path.ts';
import { runWrk, type WrkOptions } from './wrk.ts';

export type GeneratorName = 'wrk' | 'ours';
export type ServerName = 'reference' | 'bare';

export interface BenchTarget {
  server: ServerName;
  /** The server's process, for its CPU share. */
  pid: number;
  /** The same request goes to both servers: the bare one answers any path alike. */
  request: LoadRequest;
}

export interface BenchSettings {
  connections: number;
  durationS: number;
  timeoutMs: number;
}

export interface Measurement {
  server: ServerName;
  generator: GeneratorName;
  requestsPerSecond: number;
  p50Us: number;
  p99Us: number;
  /** Responses the generator counted. */
  responses: number;
  /** Fractions of one core over the measurement. */
  generatorCpu: number;
  /** The generator's CPU time (user and system) per response, in µs. */
  generatorCpuUsPerResponse: number;
  serverCpu: number | undefined;
  non2xx: number;
  /** Transport errors: timeouts, resets, refused connections. */
  errors: number;
}

export function wrkOptions(target: BenchTarget, settings: BenchSettings, signal?: AbortSignal): WrkOptions {
  const { request } = target;
  return {
    url: `${new URL(request.baseUrl).origin}${requestPath(request.baseUrl, request.operation, request.query)}`,
    connections: settings.connections,
    durationS: settings.durationS,
    // The headers runClosedModel sends, so that both generators send the same request.
    headers: { Authorization: request.authorization, Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  };
}

async function withWrk(target: BenchTarget, settings: BenchSettings, signal?: AbortSignal): Promise<Measurement> {
  const cpu = measureCpu(target.pid);
  const figures = await runWrk(wrkOptions(target, settings, signal));
  return {
    server: target.server,
    generator: 'wrk',
    requestsPerSecond: figures.requestsPerSecond,
    p50Us: figures.p50Us,
    p99Us: figures.p99Us,
    responses: figures.requests,
    generatorCpu: figures.cpuShare,
    generatorCpuUsPerResponse: (figures.cpuS * 1e6) / figures.requests,
    serverCpu: cpu().server,
    non2xx: figures.non2xx,
    errors: figures.socketErrors,
  };
}

async function withOurs(target: BenchTarget, settings: BenchSettings, signal?: AbortSignal): Promise<Measurement> {
  const cpu = measureCpu(target.pid);
  const ownStart = process.cpuUsage();
  const { recorder } = await runClosedModel(target.request, { ...settings, ...(signal ? { signal } : {}) });
  const own = process.cpuUsage(ownStart);
  const shares = cpu();
  const latency = latencyFigures(recorder.histogram);
  return {
    server: target.server,
    generator: 'ours',
    requestsPerSecond: recorder.responses / (recorder.durationMs / 1000),
    p50Us: latency.p50,
    p99Us: latency.p99,
    responses: recorder.responses,
    generatorCpu: shares.generator,
    // This whole process: the harness's own work during the run counts against the generator.
    generatorCpuUsPerResponse: (own.user + own.system) / recorder.responses,
    serverCpu: shares.server,
    non2xx: [...recorder.statuses]
      .filter(([status]) => status < 200 || status >= 300)
      .reduce((sum, [, count]) => sum + count, 0),
    errors: [...recorder.errors.values()].reduce((sum, count) => sum + count, 0),
  };
}

export const measure = (
  generator: GeneratorName,
  target: BenchTarget,
  settings: BenchSettings,
  signal?: AbortSignal,
): Promise<Measurement> => (generator === 'wrk' ? withWrk : withOurs)(target, settings, signal);
