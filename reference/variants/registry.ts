// The valid variants, by name: each makes one choice the spec leaves open differently from the
// reference server's default (README.md, "Choices where the spec is silent"). The sensitivity
// matrix runs the suite against each; the suite must pass them all.
import type { ReferenceChoices } from '../choices.ts';
import type { ServerModifier } from '../modifiers.ts';
import { delete204NoBody } from './delete-204.ts';
import { extraFieldsEverywhere } from './extra-fields.ts';
import { status422And403 } from './status-422-403.ts';
import { defineVariants, type Variant } from './variant.ts';

const identifiersAndTimestamps =
  '§2.2: "The format, length and character limits of identifiers, names, descriptions and URLs, and the unit of the timestamps: not shown."';
const pagination = '§4.3: "Pagination beyond limit and has_more (cursor or page parameters): not shown."';

const list = defineVariants([
  {
    name: 'delete-204-no-body',
    description: 'DELETE answers 204 No Content with no body (the default: 200 {"id", "deleted": true}).',
    leavesOpen: '§4.3: "Response body and status of DELETE operations: not shown."',
    modifiers: [delete204NoBody],
  },
  {
    name: 'status-422-and-403',
    description: 'A bad request gets 422 instead of 400, and a failed authentication 403 (without WWW-Authenticate) instead of 401.',
    leavesOpen: '§7: "Error codes, error body shape and status codes for failures: not shown."',
    modifiers: [status422And403],
  },
  {
    name: 'uuid-ids',
    description: 'Ids are random UUIDs without a prefix, the same format for conversations and groups.',
    leavesOpen: identifiersAndTimestamps,
    choices: { ids: 'uuid' },
  },
  {
    name: 'prefixed-ids',
    description: 'Ids are conv_ / grp_ + 16 hex characters (the default, named so the matrix lists both formats).',
    leavesOpen: identifiersAndTimestamps,
    choices: { ids: 'prefixed' },
  },
  {
    name: 'timestamps-milliseconds',
    description: 'Timestamps are integer milliseconds since the epoch (the default: seconds); archived_at is taken in the same unit.',
    leavesOpen: `${identifiersAndTimestamps} §2: "Timestamps are returned as integers in the examples."`,
    choices: { timestampUnit: 'milliseconds' },
  },
  {
    name: 'oldest-first',
    description: 'Lists are oldest first (the default: newest first); pages go on towards newer items.',
    leavesOpen: `§4.1, §4.2: "list conversations (paginated)", "list groups (paginated)": no order is shown. ${pagination}`,
    choices: { order: 'oldest-first' },
  },
  {
    name: 'extra-fields',
    description: 'Every JSON object of every answer (envelope, conversation, group, contact, error, delete confirmation) carries undocumented extra fields of every JSON type.',
    leavesOpen: '§2: the tables list the fields of each resource and nothing says there are no others; §2.2: "Other fields of the contact object: not shown."; §7: "error body shape ... not shown."',
    modifiers: [extraFieldsEverywhere],
  },
  {
    name: 'contacts-merge',
    description: 'PUT /v1/groups/:id contacts adds to the members, matched by username; members not given are kept.',
    leavesOpen: '§4.2: "Whether contacts replaces the membership list or merges into it: not shown."',
    choices: { groupContacts: 'merge' },
    declares: { GROUP_CONTACTS: 'merge' },
  },
  {
    name: 'limit-max-50-rejected',
    description: 'The largest page is 50; a larger limit is refused with 400 naming limit (the default: 100, larger values clamped).',
    leavesOpen: '§8: "The limit parameter narrows the page size. Its maximum value and any rate limits: not shown."',
    choices: { maxLimit: 50, overMaxLimit: 'reject' },
  },
  {
    name: 'json-only-bodies',
    description: 'Request bodies must be JSON; a form body gets 415.',
    leavesOpen: '§4: "Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown."',
    choices: { bodies: 'json-only' },
    declares: { BODY_ENCODING: 'json' },
  },
  {
    name: 'cursor-pagination',
    description: 'The next page is asked for with cursor=<next_cursor>, an opaque string in the envelope (null on the last page); starting_after is not supported.',
    leavesOpen: pagination,
    choices: { pagination: 'cursor' },
    declares: { PAGINATION: 'cursor:cursor:next_cursor' },
  },
  {
    name: 'page-pagination',
    description: 'The next page is asked for with page=<n> (1-based, pages of limit items in list order); starting_after is not supported.',
    leavesOpen: pagination,
    choices: { pagination: 'page' },
    declares: { PAGINATION: 'page:page' },
  },
  {
    name: 'http10-close',
    description: 'The server speaks HTTP/1.0 and closes the connection after each response (Connection: close).',
    leavesOpen: 'The spec names no HTTP version and no connection handling: addresses are "relative to {base_url}" and nothing more is said.',
    http10: true,
  },
  {
    name: 'foreign-data',
    description: 'Both users already hold conversations and groups the suite did not create (the matrix seeds them and checks that the run left them unchanged).',
    leavesOpen: 'Nothing in the spec says the account is empty: the lists of §4.1 and §4.2 return whatever the user has.',
    setup: 'foreign-data',
  },
  {
    name: 'concurrent-run',
    description: 'A second run of the suite works on the same target, with the same tokens, at the same time.',
    leavesOpen: 'Nothing in the spec gives a client the server to itself: another client of the same user may create, change and delete records at any time.',
    setup: 'concurrent-run',
  },
]);

/** The names come from the definitions: a variant is named once, where it is written. */
export type VariantName = (typeof list)[number]['name'];

export const variantNames: readonly VariantName[] = list.map((variant) => variant.name);

export const variants: ReadonlyMap<VariantName, Variant<VariantName>> = new Map(list.map((variant) => [variant.name, variant]));

export function isVariantName(name: string): name is VariantName {
  return (variantNames as readonly string[]).includes(name);
}

export interface VariantServerOptions {
  choices: Partial<ReferenceChoices>;
  modifiers: readonly ServerModifier[];
  http10: boolean;
}

/** What startReferenceServer needs for this variant (users, port and host aside). */
export function variantServerOptions(variant: Variant): VariantServerOptions {
  return { choices: variant.choices ?? {}, modifiers: variant.modifiers ?? [], http10: variant.http10 ?? false };
}
