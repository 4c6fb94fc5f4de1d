// The registry of seeded faults: each name switches on one fault (fault.ts), a reference server
// that breaks one sentence of the spec. `msgapi matrix` runs the suite against each; the suite must
// fail every one. Names read <resource or area>.<operation>.<what is broken>.
import type { ServerModifier } from '../modifiers.ts';
import { archiveDeleteFaults } from './archive-delete.ts';
import { authFaults } from './auth.ts';
import { createFaults } from './create.ts';
import { defaultFaults } from './defaults.ts';
import type { Fault } from './fault.ts';
import { filterFaults } from './filters.ts';
import { isolationFaults } from './isolation.ts';
import { pageFaults } from './pages.ts';
import { shapeFaults } from './shapes.ts';
import { updateFaults } from './updates.ts';

export const faultNames = [
  'conversations.create.group-id-not-null',
  'conversations.create.pinned-message-id-set',
  'conversations.create.is-pinned-true',
  'conversations.create.is-muted-true',
  'conversations.create.archived-at-set',
  'conversations.create.last-active-at-set',
  'conversations.create.last-opened-at-set',
  'groups.create.description-empty-string',
  'groups.avatar-url-omitted-when-null',
  'groups.create.contacts-null',
  'groups.create.archived-at-set',
  'conversations.create.contact-id-dropped',
  'conversations.create.group-id-ignored',
  'conversations.create.contact-or-group-not-required',
  'conversations.create.second-conversation-for-group',
  'groups.create.name-not-required',
  'groups.create.description-ignored',
  'groups.create.avatar-url-ignored',
  'groups.create.contacts-dropped',
  'groups.create.contact-username-dropped',
  'groups.create.no-conversation',
  'groups.create.conversation-without-group-id',
  'conversations.list.muted-filter-ignored',
  'conversations.list.muted-filter-inverted',
  'conversations.list.pinned-filter-ignored',
  'conversations.list.pinned-filter-inverted',
  'conversations.list.archived-filter-ignored',
  'conversations.list.archived-filter-inverted',
  'conversations.list.group-id-filter-ignored',
  'conversations.list.group-id-filter-leaks-one-to-one',
  'groups.list.archived-filter-ignored',
  'groups.list.archived-filter-inverted',
  'conversations.list.limit-ignored',
  'groups.list.limit-plus-one',
  'conversations.list.default-page-size-twenty',
  'groups.list.default-page-size-hundred',
  'conversations.list.has-more-always-true',
  'groups.list.has-more-always-false',
  'conversations.list.has-more-as-string',
  'groups.list.has-more-missing',
  'conversations.list.pagination-repeats-cursor-item',
  'conversations.list.pagination-skips-item',
  'groups.list.pagination-repeats-cursor-item',
  'groups.list.pagination-skips-item',
  'conversations.update.pinned-message-id-ignored',
  'conversations.update.is-pinned-ignored',
  'conversations.update.unpin-ignored',
  'conversations.update.is-muted-ignored',
  'conversations.update.resets-is-muted',
  'conversations.update.resets-pinned-message-id',
  'conversations.update.returns-previous-object',
  'groups.update.name-ignored',
  'groups.update.description-ignored',
  'groups.update.avatar-url-ignored',
  'groups.update.contacts-ignored',
  'groups.update.resets-contacts',
  'groups.update.resets-description',
  'groups.update.returns-previous-object',
  'conversations.archive.ignored',
  'conversations.archive.stores-request-time',
  'groups.archive.ignored',
  'groups.archive.stores-milliseconds',
  'conversations.delete.not-deleted',
  'conversations.delete.still-listed',
  'groups.delete.not-deleted',
  'groups.delete.still-listed',
  'groups.delete.no-cascade',
  'auth.missing-header-accepted',
  'auth.any-token-accepted',
  'auth.other-scheme-accepted',
  'auth.malformed-bearer-accepted',
  'isolation.conversations.retrieve-other-users',
  'isolation.conversations.delete-other-users',
  'isolation.groups.update-other-users',
  'isolation.groups.list-other-users',
  'conversations.timestamps-as-iso-strings',
  'groups.timestamps-as-strings',
  'conversations.is-muted-as-string',
  'conversations.retrieve.returns-another',
  'groups.retrieve.returns-another',
  'conversations.update.non-boolean-is-muted-500',
  'groups.create.non-string-name-500',
  'groups.list.non-integer-limit-500',
] as const;

export type FaultName = typeof faultNames[number];

export function isFaultName(name: string): name is FaultName {
  return (faultNames as readonly string[]).includes(name);
}

/** Every fault by name, in the order of faultNames; built once, and wrong at load if the lists disagree. */
function byName(all: readonly Fault[]): ReadonlyMap<FaultName, Fault> {
  const map = new Map<FaultName, Fault>();
  for (const fault of all) {
    if (map.has(fault.name)) throw new Error(`Two faults are named ${fault.name}.`);
    map.set(fault.name, fault);
  }
  const missing = faultNames.filter((name) => !map.has(name));
  if (missing.length > 0) throw new Error(`No fault is defined for ${missing.join(', ')}.`);
  return new Map(faultNames.map((name) => [name, map.get(name)!]));
}

export const faults: ReadonlyMap<FaultName, Fault> = byName([
  ...defaultFaults,
  ...createFaults,
  ...filterFaults,
  ...pageFaults,
  ...updateFaults,
  ...archiveDeleteFaults,
  ...authFaults,
  ...isolationFaults,
  ...shapeFaults,
]);

/** The modifiers of these faults, in the order given (the first is the innermost); an unknown name is an error. */
export function faultModifiers(names: readonly FaultName[]): ServerModifier[] {
  return names.map((name) => {
    const fault = faults.get(name);
    if (fault === undefined) throw new TypeError(`Unknown fault ${JSON.stringify(name)}; see reference/faults/registry.ts for the names.`);
    return fault.modifier;
  });
}
