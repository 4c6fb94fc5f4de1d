// Timestamps given and returned: small, large, past 2^31 seconds, milliseconds; the value given returned exactly (§2, §3).
// Each fault is a bug of how an implementation stores or writes a timestamp: a 32-bit column
// (truncated, clamped, wrapped), a unit guessed from the size of the value, a loose boolean
// coercion, 0 taken for no value, a driver that hands 64-bit integers back as strings, a double
// written as a float.
import type { Collection } from '../store.ts';
import type { ServerModifier } from '../modifiers.ts';
import { JSON_CONTENT_TYPE } from '../respond.ts';
import { defineFaults } from './fault.ts';
import { encodeParam, endpointOf, mapObjects, mapParams, type ObjectOf, type Resource } from './helpers.ts';
import { spec } from './spec.ts';
import { withStore } from './stores.ts';

/** archived_at goes into the store through `column`: what a narrower column keeps of it. */
function storesArchivedAt<R extends Resource>(resource: R, column: (value: number) => number): ServerModifier {
  return withStore(`${resource}.update`, (store) => {
    const collection = store[resource] as unknown as Collection<ObjectOf[R]>;
    return {
      [resource]: {
        replace: (changed: ObjectOf[R]) =>
          collection.replace(
            changed.archived_at === null ? changed : { ...changed, archived_at: column(changed.archived_at) },
          ),
      },
    };
  });
}

/** archived_at as the body of a PUT gives it, in either encoding; undefined when it is no integer. */
function givenInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * archived_at=0 read as "no value" (`archived_at || null`): the handler is given null, which
 * restores, so the PUT answers 2xx and the object stays active.
 */
function zeroReadAsNull(resource: Resource): ServerModifier {
  return mapParams(`${resource}.update`, (values, encoding) => {
    if (givenInteger(values.archived_at) === 0) values.archived_at = encodeParam(null, encoding);
    return values;
  });
}

/** Every successful answer about a resource written with archived_at in another number syntax (the value is the same). */
function writesArchivedAt(resource: Resource, write: (value: number) => string): ServerModifier {
  return {
    reply(reply, route) {
      const endpoint = endpointOf(route);
      if (
        !endpoint?.startsWith(`${resource}.`) ||
        reply.status < 200 ||
        reply.status >= 300 ||
        reply.body === undefined ||
        reply.text !== undefined
      )
        return reply;
      const text = JSON.stringify(reply.body).replace(
        /"archived_at":(\d+)/g,
        (_match, digits: string) => `"archived_at":${write(Number(digits))}`,
      );
      return { ...reply, body: undefined, text, headers: { ...reply.headers, 'Content-Type': JSON_CONTENT_TYPE } };
    },
  };
}

/** How Java's Double.toString writes a double: 1.0, or 1.700000000007E12 from 10^7 on. */
const javaDouble = (value: number) =>
  Math.abs(value) >= 1e7 ? value.toExponential().replace('e+', 'E') : `${value}.0`;

export const timestampFaults = defineFaults([
  {
    name: 'conversations.archive.int32-truncated',
    ...spec.archiveConversation,
    breaks: 'archived_at is stored through a 32-bit integer (value | 0): 2^31 + 7 comes back negative',
    modifier: storesArchivedAt('conversations', (value) => value | 0),
    detectedBy: ['conversations.timestamps.archived-at-partitions'],
  },
  {
    name: 'groups.archive.int32-clamped',
    ...spec.archiveGroup,
    breaks:
      'archived_at is stored in a signed 32-bit column that clamps: anything past 2^31 - 1 comes back as 2147483647',
    modifier: storesArchivedAt('groups', (value) => Math.min(value, 2 ** 31 - 1)),
    detectedBy: ['groups.timestamps.archived-at-partitions'],
  },
  {
    name: 'groups.archive.uint32-wrapped',
    ...spec.archiveGroup,
    breaks: 'archived_at is stored in an unsigned 32-bit column that wraps: values past 2^32 come back modulo 2^32',
    modifier: storesArchivedAt('groups', (value) => value % 2 ** 32),
    detectedBy: ['groups.timestamps.archived-at-partitions'],
  },
  {
    name: 'conversations.archive.milliseconds-divided',
    ...spec.archiveConversation,
    breaks: 'archived_at above 10^11 is taken for milliseconds and divided by 1000 into the seconds the server keeps',
    modifier: mapParams('conversations.update', (values, encoding) => {
      const given = givenInteger(values.archived_at);
      if (given !== undefined && given > 1e11)
        values.archived_at = encoding === 'json' ? Math.floor(given / 1000) : String(Math.floor(given / 1000));
      return values;
    }),
    detectedBy: ['conversations.timestamps.archived-at-partitions'],
  },
  {
    name: 'conversations.archive.one-ignored',
    ...spec.archiveConversation,
    breaks:
      'a loose boolean coercion turns archived_at=1 into true, which is no timestamp and is dropped: the PUT answers 200 and the conversation stays active',
    modifier: mapParams('conversations.update', (values) => {
      if (givenInteger(values.archived_at) === 1) delete values.archived_at;
      return values;
    }),
    detectedBy: ['conversations.timestamps.archived-at-partitions'],
  },
  {
    name: 'conversations.archive.zero-read-as-null',
    ...spec.archiveConversation,
    breaks:
      'archived_at=0 is read as no value (archived_at || null): the PUT answers 200 with archived_at null and the conversation stays active',
    modifier: zeroReadAsNull('conversations'),
    detectedBy: ['conversations.list.archived-any-timestamp'],
  },
  {
    name: 'groups.archive.zero-read-as-null',
    ...spec.archiveGroup,
    breaks:
      'archived_at=0 is read as no value (archived_at || null): the PUT answers 200 with archived_at null and the group stays active',
    modifier: zeroReadAsNull('groups'),
    detectedBy: ['groups.list.archived-any-timestamp'],
  },
  {
    name: 'groups.archive.returned-as-string',
    ...spec.integerTimestamps,
    breaks: 'archived_at is an int64 written the protobuf JSON way, as a string ("1700000000007")',
    modifier: mapObjects('groups', (group) => ({
      ...group,
      archived_at: group.archived_at === null ? null : String(group.archived_at),
    })),
    detectedBy: ['groups.timestamps.archived-at-partitions', 'groups.archive.sets-timestamp'],
  },
  {
    name: 'conversations.archive.returned-as-float',
    ...spec.integerTimestamps,
    breaks: 'archived_at is kept as a float and written the Python way, 1700000000007.0 (it parses to the same number)',
    modifier: writesArchivedAt('conversations', (value) => `${value}.0`),
    detectedBy: ['conversations.timestamps.archived-at-partitions'],
  },
  {
    name: 'groups.archive.exponent-form',
    ...spec.integerTimestamps,
    breaks:
      'archived_at is kept as a double and written the Java way, 1.700000000007E12 (it parses to the same number)',
    modifier: writesArchivedAt('groups', javaDouble),
    detectedBy: ['groups.timestamps.archived-at-partitions'],
  },
]);
