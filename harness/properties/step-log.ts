// What one generated case did, step by step, with the exchanges of each step: the readable
// counterexample of a failed property, each API call with its curl command.
import type { ApiClient } from '../../lib/core/client/api-client.ts';
import { renderCurl } from '../../lib/core/client/curl.ts';
import type { Exchange } from '../../lib/core/client/exchange.ts';

export interface Step {
  label: string;
  exchanges: Exchange[];
}

export class StepLog {
  readonly steps: Step[] = [];
  constructor(private readonly client: ApiClient) {}

  /** Runs `action` as one named step, recording the requests it makes. */
  async step<T>(label: string, action: () => Promise<T>): Promise<T> {
    const from = this.client.journal.length;
    const step: Step = { label, exchanges: [] };
    this.steps.push(step);
    try {
      return await action();
    } finally {
      step.exchanges = this.client.journal.slice(from);
    }
  }

  /** "1. CreateGroup(...)\n     POST … → 201\n     curl …" for every step. */
  describe(): string {
    return this.steps
      .map((step, index) =>
        [
          `${index + 1}. ${step.label}`,
          ...step.exchanges.flatMap((exchange) => [
            `     ${exchange.method} ${exchange.url} → ${exchange.status ?? exchange.transportError}`,
            `     ${renderCurl(exchange)}`,
          ]),
        ].join('\n'),
      )
      .join('\n');
  }
}
