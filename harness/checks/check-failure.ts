// How a check says a server did not conform: what was expected, what came back, and the curl
// command that shows it again. Written for a person reading it at 2 a.m.
import type { CheckId } from './check-ids.ts';
import { renderCurl } from '../../lib/core/client/curl.ts';
import { describeExchange, type Exchange } from '../../lib/core/client/exchange.ts';

export interface FailureDetails {
  expected: string;
  received: string;
  /** The exchange that showed the problem; its curl command is the reproduction. */
  exchange?: Exchange;
}

export class CheckFailure extends Error {
  override readonly name: string = 'CheckFailure';
  readonly reproduction: string | undefined;

  constructor(readonly details: FailureDetails) {
    const reproduction = details.exchange ? renderCurl(details.exchange) : undefined;
    const lines = [`Expected: ${details.expected}`, `Received: ${details.received}`];
    if (details.exchange) lines.push('Exchange:', describeExchange(details.exchange), 'Reproduce:', reproduction!);
    super(lines.join('\n'));
    this.reproduction = reproduction;
  }
}

/**
 * A check could not judge (a precondition the target does not meet, a list that never stood still):
 * thrown by context.skip and turned into the runner's skip at the check's edge (register-checks.ts),
 * so that code inside a check, such as a property's case, can tell it from a failure.
 */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * A page walk met pages of items it had seen already: a server that ignores the way to the next
 * page, or, under page numbers and offsets, others' writes shifting the pages. Walks that retry
 * on disturbance catch this one alone; a failed request or a bad page is never retried away.
 */
export class RepeatedPageFailure extends CheckFailure {
  override readonly name = 'RepeatedPageFailure';
}

/**
 * A step the check needed before it could test its own behaviour did not work (a create, say).
 * The check is reported as blocked, not failed: the failure belongs to the check of that step.
 */
export class PrerequisiteFailure extends CheckFailure {
  override readonly name: string = 'PrerequisiteFailure';
  constructor(
    details: FailureDetails,
    /** The check whose subject the failed step is, e.g. conversations.create.defaults. */
    readonly blamed: CheckId,
  ) {
    super(details);
  }
}

/**
 * A premise write refused for its values, also with the plainest ones (fixtures.ts, sendPremise):
 * the check is blocked with one sentence naming the fields and values refused, since the check of
 * the step itself may well have passed with other values.
 */
export class RefusedPremise extends PrerequisiteFailure {
  override readonly name = 'RefusedPremise';
  constructor(
    details: FailureDetails,
    blamed: CheckId,
    readonly sentence: string,
  ) {
    super(details, blamed);
  }
}
