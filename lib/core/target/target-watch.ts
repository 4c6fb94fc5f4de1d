// The run's watch over the target while the checks run (msgapi check): when the checks' requests
// have failed to connect several times in a row across every worker (core/client/target-health.ts),
// the run sends a request of its own, on a connection of its own (and, when that one ran out of
// time, another a second later); no answer, and the target is gone: the run stops with one
// sentence and exit 2 instead of a hundred failed checks, each with its "connection refused".
// Afterwards, the sweep waits a short while for the target to answer again before it deletes what
// the run made. A target that answers every request with "slow down" (429, or 503 with
// Retry-After) for longer than --throttle-limit stops the run the same way, with a sentence of its own.
import { TransportError } from '../client/transport-error.ts';
import { firstUserClient } from '../client/user-clients.ts';
import { wait } from '../client/retry-after.ts';
import { attempt } from './reach-target.ts';
import type { TargetGone, TargetHealth } from '../client/target-health.ts';
import type { Target } from './target.ts';

/** How long the run waits on a target that only asks to slow down, unless --throttle-limit says otherwise. */
export const defaultThrottleLimitMs = 120_000;
/** How often the watch reads the shared health, in ms: a thread's look at memory, no request. */
const watchEveryMs = 100;
/** How long the sweep waits for a target that went away to answer again. */
export const answerAgainWithinMs = 15_000;
const lookAgainEveryMs = 500;
/**
 * The watch's look is the run's last word before it stops: a target whose answers are merely slow
 * (a busy machine, a slow route the checks hammered) must not be called gone for one request past
 * REQUEST_TIMEOUT_MS. So it waits at least this long, and a look that ran out of time is followed
 * by another a second later; a refused or reset connection is the answer at once.
 */
const lookTimeoutAtLeastMs = 5_000;
const secondLookAfterMs = 1_000;

/** One GET from the run's own process, whose connections are not the workers'; any HTTP answer, whatever its status, is an answer. */
export async function answers(target: Target, timeoutMs: number): Promise<boolean> {
  return (await look(target, timeoutMs)) === 'answered';
}

/** That GET: 'answered', or how it got no answer. */
async function look(target: Target, timeoutMs: number): Promise<'answered' | TransportError['failure']> {
  const client = firstUserClient(target.users, {
    baseUrl: target.url,
    encoding: target.choices.bodyEncoding,
    timeoutMs,
    readOnly: true,
    transport: target.transport,
  });
  const outcome = await attempt(client);
  return outcome instanceof TransportError ? outcome.failure : 'answered';
}

/** Watches the run's shared health; `onGone` is told once, when the target is found gone. */
export function watchTarget(
  target: Target,
  health: TargetHealth,
  options: { timeoutMs: number; throttleLimitMs: number; onGone: (gone: TargetGone) => void },
): { stop(): void } {
  let looking = false;
  const timer = setInterval(() => {
    if (health.isGone()) return;
    if (health.throttledFor() > options.throttleLimitMs) {
      if (health.markRefusing()) options.onGone(health.gone()!);
      return;
    }
    if (looking || !health.suspect()) return;
    looking = true;
    const timeoutMs = Math.max(options.timeoutMs, lookTimeoutAtLeastMs);
    void look(target, timeoutMs)
      .then(async (first) =>
        first === 'timeout' ? (await wait(secondLookAfterMs), await answers(target, timeoutMs)) : first === 'answered',
      )
      .then((answered) => {
        if (answered) return health.clearSuspicion();
        if (health.markGone()) options.onGone(health.gone()!);
      })
      .catch(() => {})
      .finally(() => {
        looking = false;
      });
  }, watchEveryMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Whether a target that went away answers again within the short wait; the time it took when it does. */
export async function answersAgain(
  target: Target,
  timeoutMs: number,
  withinMs = answerAgainWithinMs,
): Promise<{ back: boolean; afterMs: number }> {
  const started = performance.now();
  for (;;) {
    if (await answers(target, Math.min(timeoutMs, withinMs)))
      return { back: true, afterMs: performance.now() - started };
    const left = withinMs - (performance.now() - started);
    if (left <= 0) return { back: false, afterMs: performance.now() - started };
    await wait(Math.min(left, lookAgainEveryMs));
  }
}

const clock = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 23);

/** The one sentence a run ends on when its target went away: what answered last, and when. */
export function goneSentence(
  url: string,
  gone: TargetGone,
  startedAt: Date,
  reported: number,
  selected: number,
): string {
  const stopped = `The run stopped with ${reported} of ${selected} checks reported; what failed from then on is not judged.`;
  if (gone.throttled !== undefined) {
    const { from, status } = gone.throttled;
    const asked = status === 503 ? '503 and Retry-After' : String(status);
    return `The target at ${url} answered every request with ${asked} from ${clock(from)} UTC for ${((gone.goneAt - from) / 1000).toFixed(1)} s, longer than the run waits on a target that asks it to slow down (THROTTLE_LIMIT_SECONDS, --throttle-limit). ${stopped} A target that limits its rate takes --max-rps N.`;
  }
  const failure = gone.failure.replace('-', ' ');
  const last =
    gone.lastAnswerAt === undefined
      ? 'it had not answered the run at all'
      : `it last answered at ${clock(gone.lastAnswerAt)} UTC, ${((gone.lastAnswerAt - startedAt.getTime()) / 1000).toFixed(1)} s into the run`;
  return `The target at ${url} stopped answering during the run: from ${clock(gone.streakFrom)} UTC the checks' requests got no connection (${failure}), nor did one of the run's own on a fresh connection at ${clock(gone.goneAt)} UTC; ${last}. ${stopped}`;
}
