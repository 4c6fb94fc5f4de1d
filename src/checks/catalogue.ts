// Every check of the suite: its id, what it verifies, the spec sections it enforces and its level.
// The id names the file that implements it: `conversations.create.defaults` lives in
// suites/conversations/create.check.ts. The README's list of checks is generated from here.

/**
 * spec: the spec states it. security: authentication, and one user's data kept from another.
 * robustness: no 5xx, no hang, well-formed JSON. convention: a common choice the spec leaves
 * open; reported, never gating.
 */
export type CheckLevel = 'spec' | 'security' | 'robustness' | 'convention';

export interface CheckMeta {
  title: string;
  /** Sections of spec/messaging-api-v1.md, as written there: §2.1, §4.1 ... */
  spec: readonly string[];
  level: CheckLevel;
}

export const catalogue = {
  'conversations.create.defaults': {
    title: 'a conversation created with only contact_id echoes it and has the documented defaults',
    spec: ['§2.1', '§4.1'],
    level: 'spec',
  },
  'conversations.retrieve.same-object': {
    title: 'retrieving a created conversation returns the object that create returned',
    spec: ['§4.1'],
    level: 'spec',
  },
  'conversations.list.envelope': {
    title: 'listing conversations returns {has_more, data} with valid conversation objects',
    spec: ['§2.1', '§4.1'],
    level: 'spec',
  },
  'groups.create.defaults': {
    title: 'a group created with only a name has null description and avatar_url and no contacts',
    spec: ['§2.2', '§4.2'],
    level: 'spec',
  },
  'groups.create.conversation': {
    title: "a created group names its conversation, which is retrievable and carries the group's id",
    spec: ['§2.2', '§4.2'],
    level: 'spec',
  },
  'auth.missing-header.rejected': {
    title: 'a request without an Authorization header is rejected with 401 or 403 and no data',
    spec: ['§5'],
    level: 'security',
  },
} as const satisfies Record<string, CheckMeta>;

export type CheckId = keyof typeof catalogue;

export const gatingLevels: ReadonlySet<CheckLevel> = new Set(['spec', 'security', 'robustness']);

export function isCheckId(id: string): id is CheckId {
  return Object.hasOwn(catalogue, id);
}

/** suites/<resource>/<operation>.check.ts, from the first two parts of the id. */
export function checkFile(id: CheckId): string {
  const [resource, operation] = id.split('.');
  return `suites/${resource}/${operation}.check.ts`;
}
