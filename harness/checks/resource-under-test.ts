// The two resources as the checks see them: what differs between conversations and groups, so
// that a behaviour the spec gives both (retrieve, archive, delete, list pages) is written once.
import type { Conversation, Group } from '../../lib/api/resources.ts';
import type { ApiClient, ApiResponse } from '../../lib/core/client/api-client.ts';
import type { FormSpaces } from '../../lib/core/client/encode-body.ts';
import type { QueryValue } from '../../lib/api/operations.ts';
import type { CheckContext } from './check-context.ts';
import {
  createConversation,
  createConversations,
  createGroup,
  createGroups,
  updateConversation,
  updateGroup,
} from './fixtures.ts';
import { walkConversations, walkGroups, type Walk, type WalkOptions } from './list-walk.ts';
import { comparableConversation, comparableGroup } from './comparable.ts';

/** What every item of either resource has, and the behaviours below rely on. */
export type ResourceItem = { id: string; created_at: number; archived_at: number | null };

export interface ResourceUnderTest<T extends ResourceItem> {
  kind: 'conversation' | 'group';
  plural: 'conversations' | 'groups';
  /** For messages: "/v1/groups". */
  path: '/v1/conversations' | '/v1/groups';
  /** The section of the spec that describes its endpoints. */
  section: '§4.1' | '§4.2';
  schema: 'conversation' | 'group';
  listSchema: 'conversation-list' | 'group-list';
  /** The operations whose paths are an item's and the collection's, for requests sent there with other methods. */
  itemOperation: 'retrieveConversation' | 'retrieveGroup';
  listOperation: 'listConversations' | 'listGroups';
  /** The parameters of a plain create of the suite's own (a marked contact id, a marked name). */
  createParams(context: CheckContext, label: string): Record<string, unknown>;
  create(context: CheckContext, label: string): Promise<T>;
  createMany(context: CheckContext, count: number, label: string): Promise<T[]>;
  /** POST with any body, as the check under test sends it (spaces of a form body as %20 unless told). */
  createWith(client: ApiClient, body: Record<string, unknown>, formSpaces?: FormSpaces): Promise<ApiResponse>;
  retrieve(client: ApiClient, id: string): Promise<ApiResponse>;
  remove(client: ApiClient, id: string): Promise<ApiResponse>;
  /** PUT with any body, as the check under test sends it. */
  update(client: ApiClient, id: string, body: Record<string, unknown>): Promise<ApiResponse>;
  list(client: ApiClient, query: Record<string, QueryValue>): Promise<ApiResponse>;
  /** PUT archived_at, as a step another check depends on. */
  archive(context: CheckContext, item: T): Promise<T>;
  walk(context: CheckContext, filters: Record<string, string | boolean>, options?: WalkOptions<T>): Promise<Walk<T>>;
  /** What two copies of one object must agree on. */
  comparable(item: T): Record<string, unknown>;
  /**
   * A filtered list that few other checks write to, short enough to walk whole, and how to make an
   * item match it: where a check must see all of a list (page walks, absence after delete).
   */
  narrowList: {
    filters: Record<string, boolean>;
    described: string;
    apply(context: CheckContext, item: T): Promise<T>;
  };
}

export const conversations: ResourceUnderTest<Conversation> = {
  kind: 'conversation',
  plural: 'conversations',
  path: '/v1/conversations',
  section: '§4.1',
  schema: 'conversation',
  listSchema: 'conversation-list',
  itemOperation: 'retrieveConversation',
  listOperation: 'listConversations',
  createParams: (context, label) => ({ contact_id: context.names.contactId(label) }),
  create: async (context, label) =>
    (await createConversation(context, { contact_id: context.names.contactId(label) })).conversation,
  createMany: (context, count, label) => createConversations(context, count, label),
  createWith: (client, body, formSpaces) =>
    client.call('createConversation', { body, ...(formSpaces ? { formSpaces } : {}) }),
  retrieve: (client, id) => client.retrieveConversation(id),
  remove: (client, id) => client.deleteConversation(id),
  update: (client, id, body) => client.call('updateConversation', { id, body }),
  list: (client, query) => client.call('listConversations', { query }),
  // A timestamp in the server's own unit (§2 leaves the unit open; profile: timestamp-unit): the object's own created_at.
  archive: (context, item) =>
    updateConversation(context, item.id, { archived_at: item.created_at }, 'conversations.archive.sets-timestamp'),
  walk: (context, filters, options) => walkConversations(context, filters, options),
  comparable: comparableConversation,
  narrowList: {
    filters: { muted: true, pinned: true, archived: true },
    described: 'muted, pinned, archived conversations',
    apply: (context, item) =>
      updateConversation(
        context,
        item.id,
        { is_muted: true, is_pinned: true, archived_at: item.created_at },
        'conversations.update.is-muted',
      ),
  },
};

export const groups: ResourceUnderTest<Group> = {
  kind: 'group',
  plural: 'groups',
  path: '/v1/groups',
  section: '§4.2',
  schema: 'group',
  listSchema: 'group-list',
  itemOperation: 'retrieveGroup',
  listOperation: 'listGroups',
  createParams: (context, label) => ({ name: context.names.groupName(label) }),
  create: async (context, label) =>
    (
      await createGroup(context, {
        name: context.names.groupName(label),
        contacts: [{ username: context.names.username('member') }],
      })
    ).group,
  createMany: (context, count, label) => createGroups(context, count, label),
  createWith: (client, body, formSpaces) => client.call('createGroup', { body, ...(formSpaces ? { formSpaces } : {}) }),
  retrieve: (client, id) => client.retrieveGroup(id),
  remove: (client, id) => client.deleteGroup(id),
  update: (client, id, body) => client.call('updateGroup', { id, body }),
  list: (client, query) => client.call('listGroups', { query }),
  archive: (context, item) =>
    updateGroup(context, item.id, { archived_at: item.created_at }, 'groups.archive.sets-timestamp'),
  walk: (context, filters, options) => walkGroups(context, filters, options),
  comparable: comparableGroup,
  narrowList: {
    filters: { archived: true },
    described: 'archived groups',
    apply: (context, item) =>
      updateGroup(context, item.id, { archived_at: item.created_at }, 'groups.archive.sets-timestamp'),
  },
};

/** "/v1/groups" and the like, for messages. */

/** Either resource by its plural, for checks that draw the resource at random. */
export function resourceNamed(plural: 'conversations' | 'groups'): ResourceUnderTest<ResourceItem> {
  return (plural === 'groups' ? groups : conversations) as unknown as ResourceUnderTest<ResourceItem>;
}

/** The narrow list as it stands, its ids in list order: what a walk under shifting pages is compared with. */
export async function narrowListNow<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
): Promise<string> {
  const walk = await resource.walk(context, resource.narrowList.filters, { maxPages: 3 });
  return `${walk.items.map((item) => item.id).join(',')}${walk.complete ? '' : ',...'}`;
}
