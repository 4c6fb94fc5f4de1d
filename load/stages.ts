// The open model's offered rate over time. A fixed --rate for --duration, or --stages
// "30s:100,2m:400,30s:0": each stage a duration and the rate reached at its end, ramping linearly
// from the rate before it (0 before the first), as k6's ramping-arrival-rate (startRate 0) and
// Artillery's phases with rampTo do. Durations take s, m or h, so that a soak run reads 2h.
import type { Parsed } from '../lib/core/config/parse-values.ts';

export interface Stage {
  durationS: number;
  /** Requests per second offered at the end of the stage. */
  target: number;
}

/** The longest run a duration or the stages may describe: a day. */
export const longestRunS = 86_400;
const highestRate = 1_000_000;
const unitSeconds: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** 90, 90s, 1.5m, 2h, 500ms as seconds; undefined when it is none of these. */
export function durationSeconds(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * unitSeconds[match[2] ?? 's']!;
}

/** --duration: seconds, or a number with s, m or h, from min seconds to a day. */
export function parseDuration(raw: string, name: string, min: number): Parsed<number> {
  const seconds = durationSeconds(raw);
  if (seconds === undefined || seconds < min || seconds > longestRunS)
    return {
      ok: false,
      problem: `${name} ${raw} must be a duration from ${min} s to 24h: seconds, or a number with s, m or h (90, 90s, 15m, 2h).`,
    };
  return { ok: true, value: seconds };
}

/** --stages DURATION:RATE,…: one sentence on the first stage that is wrong. */
export function parseStages(raw: string, name: string): Parsed<Stage[]> {
  const stages: Stage[] = [];
  const parts = raw.split(',').map((part) => part.trim());
  for (const [index, part] of parts.entries()) {
    const where = `${name} stage ${index + 1} (${part === '' ? 'empty' : part})`;
    const [duration, rate, extra] = part.split(':');
    if (rate === undefined || extra !== undefined)
      return { ok: false, problem: `${where} must be DURATION:RATE, as in 30s:100 (30 seconds ramping to 100 req/s).` };
    const durationS = durationSeconds(duration!);
    if (durationS === undefined || durationS <= 0)
      return {
        ok: false,
        problem: `${where}: ${duration} is not a duration; give seconds, or a number with s, m or h.`,
      };
    const target = Number(rate);
    if (rate.trim() === '' || !Number.isFinite(target) || target < 0 || target > highestRate)
      return {
        ok: false,
        problem: `${where}: ${rate} is not a rate; give requests per second from 0 to ${highestRate}.`,
      };
    stages.push({ durationS, target });
  }
  const totalS = stages.reduce((sum, stage) => sum + stage.durationS, 0);
  if (totalS > longestRunS)
    return { ok: false, problem: `${name} lasts ${Math.round(totalS)} s in all, more than 24h.` };
  if (stages.every((stage) => stage.target === 0))
    return { ok: false, problem: `${name} offers no request: give at least one stage a rate above 0.` };
  return { ok: true, value: stages };
}

export const formatStages = (stages: readonly Stage[]): string =>
  stages.map((stage) => `${stage.durationS}s:${stage.target}`).join(',');

/** A stretch of the run whose rate goes linearly from `from` to `to` req/s. */
interface Segment {
  durationS: number;
  from: number;
  to: number;
  /** Arrivals before it (fractional), and in it. */
  before: number;
  count: number;
  /** When it starts, in s from the start of the run. */
  startS: number;
}

/**
 * When each request of the open model is due: the n-th (from 0) at the time t where the arrivals
 * offered so far, ∫ rate, reach n. A fixed rate r gives n / r, every 1/r s from the start.
 */
export class ArrivalSchedule {
  readonly total: number;
  readonly durationS: number;
  /** The highest rate offered, req/s. */
  readonly peakRate: number;
  private readonly segments: Segment[] = [];
  private cursor = 0;

  constructor(stages: readonly Stage[], startRate = 0) {
    let before = 0;
    let startS = 0;
    let from = startRate;
    for (const stage of stages) {
      const count = ((from + stage.target) / 2) * stage.durationS;
      this.segments.push({ durationS: stage.durationS, from, to: stage.target, before, count, startS });
      before += count;
      startS += stage.durationS;
      from = stage.target;
    }
    this.total = Math.max(1, Math.round(before));
    this.durationS = startS;
    this.peakRate = Math.max(startRate, ...stages.map((stage) => stage.target));
  }

  static fixed(rate: number, durationS: number): ArrivalSchedule {
    return new ArrivalSchedule([{ durationS, target: rate }], rate);
  }

  /** Seconds from the start at which the n-th request is due; calls must come in increasing n. */
  dueS(n: number): number {
    while (this.cursor < this.segments.length - 1) {
      const segment = this.segments[this.cursor]!;
      if (n < segment.before + segment.count) break;
      this.cursor++;
    }
    const segment = this.segments[this.cursor]!;
    const m = Math.max(0, n - segment.before);
    const slope = (segment.to - segment.from) / segment.durationS;
    let t: number;
    if (Math.abs(slope) < 1e-12) t = segment.from > 0 ? m / segment.from : segment.durationS;
    // from·t + slope·t²/2 = m, the root in [0, duration].
    else t = (-segment.from + Math.sqrt(Math.max(0, segment.from ** 2 + 2 * slope * m))) / slope;
    return segment.startS + Math.min(segment.durationS, Math.max(0, t));
  }
}
