// Throughput: a closed model (each connection sends its next request when the last answered;
// pipelining 1) on our own request loop (closed-loop.ts). Every response's latency goes into our
// µs histogram.
import { runAutocannonModel } from './autocannon-model.ts';
import { runClosedLoop, type ConnectionScript } from './closed-loop.ts';
import { maxWalkPages, type LoadRequest } from './load-request.ts';
import { pageCount, queryAfter } from './page-walk.ts';
import { Recorder } from './recorder.ts';
import { requestPath } from './request-path.ts';

/** own: our request loop (about wrk's CPU per response); autocannon: the well-known generator, to cross-check. */
export type Generator = 'own' | 'autocannon';

export interface ClosedModelOptions {
  generator?: Generator;
  connections: number;
  durationS: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Fed as responses arrive, so that progress can be shown while the run goes on. */
  recorder?: Recorder;
}

export interface ClosedModelRun {
  recorder: Recorder;
  /** The distinct pages a walk asked for, for the open model to replay. */
  paths: string[];
}

/**
 * A walk on one connection: the first page, then the page each response points to, back to the
 * first page (with a fresh position) after the last page, after a non-2xx response, or after
 * maxWalkPages pages.
 */
function walkScript(request: LoadRequest, first: string, paths: Set<string>): ConnectionScript {
  const style = request.walk!;
  let position = { index: 0, itemsSoFar: 0 };
  let next: string | undefined;
  let sent = 0;
  return {
    nextPath() {
      if (next === undefined || sent >= maxWalkPages) {
        position = { index: 0, itemsSoFar: 0 };
        next = undefined;
        sent = 0;
      }
      sent++;
      return next ?? first;
    },
    response(status, body) {
      next = undefined;
      if (status < 200 || status >= 300) return;
      const query = queryAfter(style, position, body);
      position.itemsSoFar += pageCount(body);
      position.index++;
      if (query === undefined) return;
      next = requestPath(request.baseUrl, request.operation, { ...request.query, ...query });
      if (paths.size < maxWalkPages) paths.add(next);
    },
  };
}

export async function runClosedModel(request: LoadRequest, options: ClosedModelOptions): Promise<ClosedModelRun> {
  if (options.generator === 'autocannon') return runAutocannonModel(request, options);
  const recorder = options.recorder ?? new Recorder();
  const first = requestPath(request.baseUrl, request.operation, request.query);
  const paths = new Set<string>([first]);
  const script = request.walk ? () => walkScript(request, first, paths) : () => ({ nextPath: () => first });
  recorder.start();
  try {
    await runClosedLoop({
      origin: new URL(request.baseUrl).origin,
      headers: { ...request.headers, authorization: request.authorization, accept: 'application/json' },
      tls: request.tls,
      connections: options.connections,
      durationS: options.durationS,
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
      script,
      onResponse: (status, bytes, latencyUs) => recorder.response(status, bytes, latencyUs),
      onError: (kind) => recorder.error(kind),
    });
  } finally {
    recorder.stop();
  }
  return { recorder, paths: [...paths] };
}
