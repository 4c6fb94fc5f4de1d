// The list requests the harness measures (spec §4.1 and §4.2 list operations), by name. A
// scenario names an operation and a query; the client's operations table turns them into paths.
import type { QueryValue } from '../lib/api/operations.ts';
import { HarnessError } from '../lib/core/errors.ts';

export type ListOperation = 'listConversations' | 'listGroups';

export interface ScenarioSpec {
  name: string;
  operation: ListOperation;
  spec: string;
  /** What it asks for; `maxLimit` and `groupId` are known only at run time. */
  query(context: ScenarioContext): Record<string, QueryValue>;
  /** Follows the declared PAGINATION style from page to page, starting again after the last. */
  walk?: boolean;
  /** Needs a group of the data set to filter by. */
  needsGroup?: boolean;
  /** Asks for the largest page (--max-limit), whose size the spec leaves open (§8). */
  largestPage?: boolean;
}

export interface ScenarioContext {
  /** --max-limit: the largest page the server accepts (the spec leaves the maximum open, §8). */
  maxLimit: number;
  groupId: string | undefined;
}

export const scenarioSpecs: readonly ScenarioSpec[] = [
  { name: 'conversations.default', operation: 'listConversations', spec: '§4.1', query: () => ({}) },
  {
    name: 'conversations.limit-max',
    operation: 'listConversations',
    spec: '§4.1, §8',
    query: (c) => ({ limit: c.maxLimit }),
    largestPage: true,
  },
  { name: 'conversations.muted', operation: 'listConversations', spec: '§4.1', query: () => ({ muted: true }) },
  { name: 'conversations.archived', operation: 'listConversations', spec: '§4.1', query: () => ({ archived: true }) },
  { name: 'conversations.pinned', operation: 'listConversations', spec: '§4.1', query: () => ({ pinned: true }) },
  {
    name: 'conversations.group',
    operation: 'listConversations',
    spec: '§4.1',
    query: (c) => ({ group_id: c.groupId }),
    needsGroup: true,
  },
  { name: 'conversations.walk', operation: 'listConversations', spec: '§4.1, §4.3', query: () => ({}), walk: true },
  { name: 'groups.default', operation: 'listGroups', spec: '§4.2', query: () => ({}) },
  { name: 'groups.archived', operation: 'listGroups', spec: '§4.2', query: () => ({ archived: true }) },
  { name: 'groups.walk', operation: 'listGroups', spec: '§4.2, §4.3', query: () => ({}), walk: true },
];

export const scenarioNames = scenarioSpecs.map((scenario) => scenario.name);

/** --scenarios: names, or prefixes ending in a dot (groups.); every item must choose something. */
export function chooseScenarios(raw: string | undefined): ScenarioSpec[] {
  if (raw === undefined) return [...scenarioSpecs];
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const matches = (item: string, name: string) => (item.endsWith('.') ? name.startsWith(item) : name === item);
  const unknown = items.filter((item) => !scenarioNames.some((name) => matches(item, name)));
  if (items.length === 0 || unknown.length > 0) {
    throw new HarnessError(
      'MSGAPI_USAGE',
      `--scenarios names ${unknown.join(', ') || 'nothing'}, which is no scenario; the scenarios are ${scenarioNames.join(', ')}.`,
    );
  }
  return scenarioSpecs.filter((scenario) => items.some((item) => matches(item, scenario.name)));
}
