// The closed model on autocannon (--generator autocannon): the well-known generator, kept to
// cross-check our own loop (closed-loop.ts) on a server whose answers that loop might misread. It
// costs about 1.5× wrk's CPU per response (our loop about 1.0×), so on a shared machine it tops out
// sooner. Every response's latency goes into our µs histogram from autocannon's response events,
// since autocannon's own percentiles are whole milliseconds.
import autocannon from 'autocannon';
import { HarnessError } from '../lib/core/errors.ts';
import { maxWalkPages, type LoadRequest } from './load-request.ts';
import { pageCount, queryAfter } from './page-walk.ts';
import { errorKind, Recorder } from './recorder.ts';
import { requestPath } from './request-path.ts';

interface AutocannonOptions {
  connections: number;
  durationS: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Fed as responses arrive, so that progress can be shown while the run goes on. */
  recorder?: Recorder;
}

interface AutocannonRun {
  recorder: Recorder;
  /** The distinct pages a walk asked for, for the open model to replay. */
  paths: string[];
}

interface WalkContext {
  index: number;
  itemsSoFar: number;
  path?: string;
}

function walkRequests(request: LoadRequest, paths: Set<string>): autocannon.Request[] {
  const style = request.walk!;
  const first = requestPath(request.baseUrl, request.operation, request.query);
  const onResponse = (status: number, body: string, context: WalkContext): void => {
    if (status < 200 || status >= 300) return void delete context.path;
    const next = queryAfter(style, context, body);
    context.itemsSoFar += pageCount(body);
    context.index++;
    if (next === undefined) return void delete context.path;
    context.path = requestPath(request.baseUrl, request.operation, { ...request.query, ...next });
    if (paths.size < maxWalkPages) paths.add(context.path);
  };
  // autocannon goes through the list in order, then starts it again with a fresh context; a
  // request whose setup returns nothing sends the walk back to the first page.
  const nextPage: autocannon.Request = {
    method: 'GET',
    setupRequest: (req, context) =>
      (context as WalkContext).path === undefined
        ? (undefined as never)
        : { ...req, path: (context as WalkContext).path! },
    onResponse: onResponse as never,
  };
  return [
    { method: 'GET', path: first, onResponse: onResponse as never },
    ...Array.from({ length: maxWalkPages - 1 }, () => ({ ...nextPage })),
  ];
}

export async function runAutocannonModel(request: LoadRequest, options: AutocannonOptions): Promise<AutocannonRun> {
  const recorder = options.recorder ?? new Recorder();
  const first = requestPath(request.baseUrl, request.operation, request.query);
  const paths = new Set<string>([first]);
  let finished!: (error: Error | null) => void;
  const done = new Promise<void>((resolve, reject) => {
    finished = (error) =>
      error ? reject(new HarnessError('MSGAPI_USAGE', `autocannon could not run: ${error.message}`)) : resolve();
  });
  // With a callback autocannon returns its instance, whose events carry every response.
  const instance = autocannon(
    {
      url: new URL(request.baseUrl).origin,
      connections: options.connections,
      pipelining: 1,
      duration: options.durationS,
      timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
      headers: { ...request.headers, authorization: request.authorization, accept: 'application/json' },
      // autocannon never verifies the target's certificate (it connects with rejectUnauthorized
      // false), so only a client certificate is handed over; msgapi load refuses --ca with it.
      ...(request.tls?.cert ? { tlsOptions: { cert: request.tls.cert, key: request.tls.key } } : {}),
      initialContext: { index: 0, itemsSoFar: 0 },
      requests: request.walk ? walkRequests(request, paths) : [{ method: 'GET', path: first }],
    },
    (error) => finished(error ?? null),
  );
  recorder.start();
  // Arguments: the client, the status, the response's bytes, and its latency in fractional ms.
  instance.on('response', (_client: unknown, status: number, bytes: number, latencyMs: number) =>
    recorder.response(status, bytes, latencyMs * 1000),
  );
  instance.on('reqError', (error: Error) => recorder.error(errorKind(error)));
  const stop = () => instance.stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    await done;
  } finally {
    options.signal?.removeEventListener('abort', stop);
    recorder.stop();
  }
  return { recorder, paths: [...paths] };
}
