// How a check says a server did not conform: what was expected, what came back, and the curl
// command that shows it again. Written for a person reading it at 2 a.m.
import { renderCurl } from '../client/curl.ts';
import { describeExchange, type Exchange } from '../client/exchange.ts';

export interface FailureDetails {
  expected: string;
  received: string;
  /** The exchange that showed the problem; its curl command is the reproduction. */
  exchange?: Exchange;
}

export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  readonly reproduction: string | undefined;

  constructor(readonly details: FailureDetails) {
    const reproduction = details.exchange ? renderCurl(details.exchange) : undefined;
    const lines = [`Expected: ${details.expected}`, `Received: ${details.received}`];
    if (details.exchange) lines.push('Exchange:', describeExchange(details.exchange), 'Reproduce:', reproduction!);
    super(lines.join('\n'));
    this.reproduction = reproduction;
  }
}
