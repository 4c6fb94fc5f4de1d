// Outside the timed loop: a few real responses of each scenario, validated against schemas/, so
// that a fast server answering the wrong thing (an empty 200, an error page) does not pass.
import { everyReading } from '../lib/core/profile/server-profile.ts';
import type { ApiClient } from '../lib/core/client/api-client.ts';
import type { QueryValue } from '../lib/api/operations.ts';
import type { PaginationStyle } from '../lib/core/config/settings.ts';
import { validateAgainst } from '../lib/api/schemas/registry.ts';
import { queryAfter } from './page-walk.ts';
import { requestPath } from './request-path.ts';
import type { ScenarioSpec } from './scenarios.ts';

export interface SampleResult {
  validated: number;
  problems: string[];
  /** The pages after the first that a walk sample visited. */
  paths: string[];
  /** The status of the first sample. */
  firstStatus: number;
}

/** Pages fetched per scenario: a walk's first pages, or the same page again. */
const samplePages = 3;

export async function sampleBodies(
  client: ApiClient,
  baseUrl: string,
  scenario: ScenarioSpec,
  query: Record<string, QueryValue>,
  pagination: PaginationStyle,
): Promise<SampleResult> {
  const schema = scenario.operation === 'listConversations' ? 'conversation-list' : 'group-list';
  const problems: string[] = [];
  let validated = 0;
  const paths: string[] = [];
  let firstStatus = 0;
  let pageQuery: Record<string, QueryValue> | undefined = {};
  for (let index = 0, itemsSoFar = 0; index < samplePages && pageQuery !== undefined; index++) {
    const response = await client.call(scenario.operation, { query: { ...query, ...pageQuery } });
    if (index === 0) firstStatus = response.status;
    const label = `${scenario.name} sample ${index + 1} (${response.exchange.method} ${response.exchange.url})`;
    if (!everyReading.isSuccess(response.status)) {
      // The spec leaves the largest limit open (§8): a server may refuse 100 and be right.
      const hint =
        everyReading.isRefusal(response.status) && query.limit !== undefined
          ? `; if the server's largest page is under ${query.limit}, set --max-limit`
          : '';
      problems.push(`${label}: status ${response.status}${hint}`);
      break;
    }
    const verdict = validateAgainst(schema, response.body, 'the list');
    validated++;
    if (!verdict.valid)
      problems.push(
        `${label}: ${response.jsonError ? `not JSON (${response.jsonError})` : verdict.problems.join('; ')}`,
      );
    const next = scenario.walk ? queryAfter(pagination, { index, itemsSoFar }, response.text) : {};
    itemsSoFar += Array.isArray((response.body as { data?: unknown[] } | undefined)?.data)
      ? (response.body as { data: unknown[] }).data.length
      : 0;
    pageQuery = next;
    if (next !== undefined && scenario.walk)
      paths.push(requestPath(baseUrl, scenario.operation, { ...query, ...next }));
  }
  return { validated, problems, paths, firstStatus };
}
