// How a property's search ends (harness/properties/run-property.ts): shrinking within a budget of
// requests beyond what finding the failure cost, and never a counterexample built from a request
// that got no answer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../../../harness/checks/check-context.ts';
import { CheckFailure } from '../../../harness/checks/check-failure.ts';
import { checkProperty, shrinkBudget } from '../../../harness/properties/run-property.ts';
import type { Exchange } from '../../../lib/core/client/exchange.ts';
import { TransportError } from '../../../lib/core/client/transport-error.ts';

/** A context whose client only keeps a journal: each case "sends" what it pushes there. */
function contextWith(depth?: 'thorough'): CheckContext & { client: { journal: Exchange[] } } {
  return {
    checkId: 'properties.test.budget',
    client: { journal: [] as Exchange[] },
    target: { seed: 11, propertyRuns: 100, propertyTimeBudgetMs: 600_000, ...(depth ? { depth } : {}) },
  } as unknown as CheckContext & { client: { journal: Exchange[] } };
}

const exchange = {
  method: 'GET',
  url: 'http://127.0.0.1:9/v1/groups/x',
  requestHeaders: {},
  durationMs: 0,
} as Exchange;

/** Fails for every number of 1,000,000 or more: shrinking walks toward 1,000,000, one case at a time. */
const failingAbove = (context: CheckContext & { client: { journal: Exchange[] } }, perCase: number) => {
  let cases = 0;
  const predicate = async (value: number) => {
    cases += 1;
    for (let i = 0; i < perCase; i++) context.client.journal.push(exchange);
    if (value >= 1_000_000) throw new CheckFailure({ expected: 'a number under 1000000', received: String(value) });
  };
  return { predicate, cases: () => cases };
};

describe('shrinking a failed property', () => {
  const big = fc.integer({ min: 0, max: 2_000_000_000 });

  it('stops at its budget of requests beyond what finding the failure cost, and says so', async () => {
    const context = contextWith();
    const { predicate } = failingAbove(context, 40);
    const failure = await checkProperty(context, big, predicate).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as CheckFailure).message).toMatch(/shrinking stopped at its budget \(\d+ requests/);
    // The premise: the failure came early (the first cases are large numbers), so the budget is the floor.
    const requests = context.client.journal.length;
    expect(requests).toBeLessThanOrEqual(40 * 100 + shrinkBudget.requests + 40);
    expect(requests).toBeGreaterThan(shrinkBudget.requests);
  });

  it('under --depth thorough, shrinks to the end', async () => {
    const context = contextWith('thorough');
    const { predicate } = failingAbove(context, 40);
    const failure = (await checkProperty(context, big, predicate).catch((error: unknown) => error)) as CheckFailure;
    expect(failure.message).not.toMatch(/shrinking stopped/);
    expect(failure.message).toMatch(/\n {2}1000000\n/);
  });
});

describe('a case whose request got no answer', () => {
  it('keeps the failure it found when a request gets no answer while it shrinks, and says shrinking ended there', async () => {
    const context = contextWith();
    let failed = false;
    const failure = await checkProperty(context, fc.integer({ min: 0, max: 2_000_000_000 }), async (value) => {
      if (failed) throw new TransportError('timeout', 'GET /v1/groups/x: no complete response within 10 ms', exchange);
      if (value < 1_000_000) return;
      failed = true;
      throw new CheckFailure({ expected: 'a number under 1000000', received: String(value) });
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CheckFailure);
    expect((failure as CheckFailure).message).toMatch(/Expected: a number under 1000000/);
    expect((failure as CheckFailure).message).toMatch(/shrinking ended on a request that got no answer/);
  });

  it('ends the search with that request, not a counterexample, and sends no other case', async () => {
    const context = contextWith();
    let cases = 0;
    const silent = new TransportError(
      'timeout',
      'GET /v1/groups/x: no complete response within 10 ms, even sent again alone',
      exchange,
      true,
    );
    const failure = await checkProperty(context, fc.integer(), async () => {
      cases += 1;
      throw silent;
    }).catch((error: unknown) => error);
    expect(failure).toBe(silent);
    expect(cases).toBe(1);
  });
});
