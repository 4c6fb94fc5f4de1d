// --stages and --duration as msgapi load reads them (load/stages.ts): durations in s, m and h, one
// sentence for a malformed value, and the open model's schedule, whose due times follow the ramp.
import { describe, expect, it } from 'vitest';
import { ArrivalSchedule, durationSeconds, parseDuration, parseStages } from '../../../load/stages.ts';

/** How many of the schedule's requests fall due in each whole second. */
function perSecond(schedule: ArrivalSchedule): number[] {
  const counts: number[] = [];
  for (let n = 0; n < schedule.total; n++) {
    const second = Math.floor(schedule.dueS(n));
    while (counts.length <= second) counts.push(0);
    counts[second]!++;
  }
  return counts;
}

describe('durations', () => {
  it.each([
    ['90', 90],
    ['90s', 90],
    ['1.5m', 90],
    ['90m', 5400],
    ['2h', 7200],
    ['500ms', 0.5],
  ])('%s is %d s', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  it.each(['', 'h', '2d', '-1s', '1e3', '2 h x'])('%j is no duration', (text) => {
    expect(durationSeconds(text)).toBeUndefined();
  });

  it('--duration takes hours for a soak run, and refuses more than a day in one sentence', () => {
    expect(parseDuration('2h', '--duration', 0.5)).toEqual({ ok: true, value: 7200 });
    expect(parseDuration('25h', '--duration', 0.5)).toEqual({
      ok: false,
      problem:
        '--duration 25h must be a duration from 0.5 s to 24h: seconds, or a number with s, m or h (90, 90s, 15m, 2h).',
    });
    expect(parseDuration('0.1', '--duration', 0.5).ok).toBe(false);
  });
});

describe('--stages', () => {
  it('reads DURATION:RATE stages', () => {
    expect(parseStages('30s:100,2m:400,30s:0', '--stages')).toEqual({
      ok: true,
      value: [
        { durationS: 30, target: 100 },
        { durationS: 120, target: 400 },
        { durationS: 30, target: 0 },
      ],
    });
  });

  it.each([
    ['30s', '--stages stage 1 (30s) must be DURATION:RATE, as in 30s:100 (30 seconds ramping to 100 req/s).'],
    ['30s:100,', '--stages stage 2 (empty) must be DURATION:RATE, as in 30s:100 (30 seconds ramping to 100 req/s).'],
    [
      '30s:100:2',
      '--stages stage 1 (30s:100:2) must be DURATION:RATE, as in 30s:100 (30 seconds ramping to 100 req/s).',
    ],
    ['30x:100', '--stages stage 1 (30x:100): 30x is not a duration; give seconds, or a number with s, m or h.'],
    ['0s:100', '--stages stage 1 (0s:100): 0s is not a duration; give seconds, or a number with s, m or h.'],
    ['30s:fast', '--stages stage 1 (30s:fast): fast is not a rate; give requests per second from 0 to 1000000.'],
    ['30s:-1', '--stages stage 1 (30s:-1): -1 is not a rate; give requests per second from 0 to 1000000.'],
    ['30s:0,1m:0', '--stages offers no request: give at least one stage a rate above 0.'],
    ['20h:10,5h:10', '--stages lasts 90000 s in all, more than 24h.'],
  ])('%j: one sentence', (raw, problem) => {
    expect(parseStages(raw, '--stages')).toEqual({ ok: false, problem });
  });
});

describe('the open model schedule', () => {
  it('a fixed rate: every 1/rate s from the start', () => {
    const schedule = ArrivalSchedule.fixed(4, 2);
    expect(schedule.total).toBe(8);
    expect(Array.from({ length: 8 }, (_, n) => schedule.dueS(n))).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]);
  });

  it('stages ramp linearly from the rate before (0 before the first), hold, and ramp down to 0', () => {
    const schedule = new ArrivalSchedule([
      { durationS: 2, target: 20 },
      { durationS: 2, target: 20 },
      { durationS: 2, target: 0 },
    ]);
    // ∫ rate: 20 in the ramp up, 40 held, 20 in the ramp down.
    expect(schedule.total).toBe(80);
    expect(schedule.durationS).toBe(6);
    expect(schedule.peakRate).toBe(20);
    // In the first second the rate goes 0 → 10 (5 requests), in the second 10 → 20 (15).
    expect(perSecond(schedule)).toEqual([5, 15, 20, 20, 15, 5]);
    const due = Array.from({ length: schedule.total }, (_, n) => schedule.dueS(n));
    expect(due.every((time, n) => n === 0 || time >= due[n - 1]!)).toBe(true);
    expect(due.at(-1)!).toBeLessThanOrEqual(6);
  });

  it('a stage at 0 after one at 0 is a pause: nothing falls due in it', () => {
    const schedule = new ArrivalSchedule([
      { durationS: 1, target: 0 },
      { durationS: 1, target: 10 },
    ]);
    expect(perSecond(schedule)).toEqual([0, 5]);
  });
});
