// msgapi compare's rows of server choices (issue 26, part 7): how many answers the probe read, or
// how many 429s a run met, differ between runs of one server for many reasons; they are figures in
// the cells, not a difference in what the server chose. A different reading still is.
import { describe, expect, it } from 'vitest';
import type { ConformanceReport, ServerChoice } from '../../../conformance/run/check-result.ts';
import { compareRuns } from '../../../reporting/comparison.ts';

const reportWith = (choices: ServerChoice[]): ConformanceReport =>
  ({
    target: { url: 'http://127.0.0.1:1', embedded: false },
    started_at: '2026-01-01T00:00:00.000Z',
    checks: [],
    server_choices: choices,
  }) as unknown as ConformanceReport;

const rowOf = (a: ServerChoice, b: ServerChoice) =>
  compareRuns([reportWith([a]), reportWith([b])], ['a/conformance.json', 'b/conformance.json']).choices[0]!;

const observed = (point: string, reading: string): ServerChoice => ({ point, reading, source: 'observed' });

describe('compare: the server choices of two runs', () => {
  it('does not mark a row whose readings differ only in how many answers or 429s were counted', () => {
    const answers = rowOf(
      observed('rate limits', "no 429 and no rate-limit header in the probe's 40 answers"),
      observed('rate limits', "no 429 and no rate-limit header in the probe's 46 answers"),
    );
    expect(answers.changed).toBe(false);
    // The figures are still shown, each run's own.
    expect(answers.readings).toEqual([
      "no 429 and no rate-limit header in the probe's 40 answers (observed)",
      "no 429 and no rate-limit header in the probe's 46 answers (observed)",
    ]);
    expect(
      rowOf(
        observed('rate limits', '429 12 times during the checks, with Retry-After'),
        observed('rate limits', '429 31 times during the checks, with Retry-After'),
      ).changed,
    ).toBe(false);
  });

  it('marks a row whose readings differ', () => {
    expect(
      rowOf(
        observed('rate limits', "no 429 and no rate-limit header in the probe's 40 answers"),
        observed('rate limits', '429 12 times during the checks, with Retry-After'),
      ).changed,
    ).toBe(true);
    expect(
      rowOf(
        { point: 'SUCCESS_STATUS', reading: '200', source: 'declared' },
        { point: 'SUCCESS_STATUS', reading: '201', source: 'declared' },
      ).changed,
    ).toBe(true);
  });
});
