// Latency at a fixed offered rate: an open model, as wrk2 measures it. Requests are due on a
// clock at the offered rate whatever the server does, and each latency counts from when the
// request was due, not from when it could be sent: a server that stalls makes the requests due
// during the stall wait, and that wait is what users see. (autocannon's rate mode sends each
// second's quota in a burst and corrects with a fixed 1 ms interval, which hides exactly that.)
import { Pool } from 'undici';
import type { LoadRequest } from './load-request.ts';
import { errorKind, Recorder } from './recorder.ts';
import type { ArrivalSchedule } from './stages.ts';

export interface OpenModelOptions {
  /** When each request falls due: a fixed rate, or --stages. */
  schedule: ArrivalSchedule;
  /** Connections the pool may open; requests due while all are busy queue, and their wait counts. */
  connections: number;
  timeoutMs: number;
  /** Paths to send in turn (one for most scenarios; a walk's pages for a walk). */
  paths: string[];
  signal?: AbortSignal;
  /** Fed as responses arrive, so that progress can be shown while the run goes on. */
  recorder?: Recorder;
}

export interface OpenModelRun {
  recorder: Recorder;
  /** Requests that were due but could not be sent before the run ended. */
  unsent: number;
  /** How late, at worst, the generator's own clock fired, in µs: a busy generator shows here. */
  schedulerLagUs: number;
}

export async function runOpenModel(request: LoadRequest, options: OpenModelOptions): Promise<OpenModelRun> {
  const recorder = options.recorder ?? new Recorder('offered');
  const pool = new Pool(new URL(request.baseUrl).origin, {
    connections: options.connections,
    pipelining: 1,
    ...(request.tls ? { connect: request.tls } : {}),
  });
  const headers = { ...request.headers, authorization: request.authorization, accept: 'application/json' };
  const { schedule } = options;
  const total = schedule.total;
  const inFlight = new Set<Promise<void>>();
  let schedulerLagUs = 0;

  const send = (index: number, dueAt: number): void => {
    const path = options.paths[index % options.paths.length]!;
    const done = pool
      .request({ path, method: 'GET', headers, signal: AbortSignal.timeout(options.timeoutMs) })
      .then(async (response) => {
        let bytes = 0;
        for await (const chunk of response.body) bytes += (chunk as Buffer).length;
        recorder.response(response.statusCode, bytes, (performance.now() - dueAt) * 1000);
      })
      .catch((error: Error) => recorder.error(errorKind(error)))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  recorder.start();
  const startedAt = performance.now();
  let next = 0;
  // When the next request falls due, from the start (ms) and on this clock: the second it is
  // counted in is read from the first, since startedAt + 2000 − startedAt need not be 2000.
  let nextOffsetMs = schedule.dueS(0) * 1000;
  let nextDueAt = startedAt + nextOffsetMs;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      // Everything due by now is sent now, each keeping its own due time.
      while (next < total && nextDueAt <= now) {
        const dueAt = nextDueAt;
        schedulerLagUs = Math.max(schedulerLagUs, (now - dueAt) * 1000);
        recorder.due(nextOffsetMs);
        send(next++, dueAt);
        if (next < total) {
          nextOffsetMs = schedule.dueS(next) * 1000;
          nextDueAt = startedAt + nextOffsetMs;
        }
      }
      if (next >= total || options.signal?.aborted) return resolve();
      setTimeout(tick, Math.max(0, nextDueAt - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  recorder.stop();
  await pool.close();
  return { recorder, unsent: total - next, schedulerLagUs: Math.round(schedulerLagUs) };
}
