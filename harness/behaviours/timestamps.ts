// Timestamps given and returned: archived_at across the partitions of the integers a server may be
// sent (§3: "a timestamp is given" → "archived_at holds the timestamp"; §2: "Timestamps are returned
// as integers in the examples"). The unit is the server's (§2.2 "the unit of the timestamps: not
// shown"; profile: timestamp-unit): an object's own created_at tells it, and the present with it.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { expectBody, expectFields, expectNoServerError, expectSuccess, expectThat, fieldDifferences } from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

interface Partition {
  value: number;
  what: string;
}

/**
 * Created_at 1.7e9 is seconds, 1.7e12 milliseconds (1e11 seconds lie past the year 5000). Each
 * partition is the value a realistic bug changes: 1 (a truthiness or unit-guessing slip), 2^31 + 7
 * (a 32-bit column: truncated, wrapped or clamped), and a value of the other unit (a server in
 * seconds sent milliseconds, past 2^32, or one in milliseconds sent seconds: divided or multiplied).
 */
function partitions(now: number): Partition[] {
  const inSeconds = now < 1e11;
  return [
    { value: 1, what: 'archived_at=1, the smallest positive timestamp' },
    { value: 2 ** 31 + 7, what: `archived_at=${2 ** 31 + 7} (2^31 + 7), past the signed 32-bit range` },
    inSeconds
      ? { value: now * 1000 + 7, what: `archived_at=${now * 1000 + 7}, the size of milliseconds (created_at × 1000 + 7) and past 2^32` }
      : { value: Math.floor(now / 1000) + 7, what: `archived_at=${Math.floor(now / 1000) + 7}, the size of seconds (created_at ÷ 1000 + 7)` },
  ];
}

/**
 * The archived_at member of the top-level object as the body writes it: §2's integers are a matter
 * of the text, which a parsed number hides (1700000000007.0 and 1.700000000007E12 both parse to an
 * integer). Members of nested objects (extra fields may embed anything, profile: extra-fields) are
 * skipped. Undefined when the top level has no such member.
 */
function archivedAtLiteral(text: string): string | undefined {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      const end = stringEnd(text, at);
      const key = text.slice(at, end);
      at = end - 1;
      if (depth !== 1 || key !== '"archived_at"') continue;
      const colon = /^\s*:\s*/.exec(text.slice(end));
      if (!colon) continue;
      const start = end + colon[0].length;
      const value = text[start] === '"' ? text.slice(start, stringEnd(text, start)) : /^[^,}\]\s]*/.exec(text.slice(start))![0];
      return value;
    }
  }
  return undefined;
}

/** The index just past the JSON string that starts at `start` (a quote). */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at + 1;
}

/** archived_at written as the integer sent, then (schema and all) the object holding exactly it. */
function expectArchivedAt<T extends ResourceItem>(context: CheckContext, resource: ResourceUnderTest<T>, response: ApiResponse, value: number, where: string): void {
  const literal = archivedAtLiteral(response.text);
  if (literal !== undefined) {
    expectThat(
      literal === String(value),
      response,
      `archived_at written as the integer ${value} in ${where} (§3: "archived_at holds the timestamp" given; §2: "Timestamps are returned as integers")`,
      `archived_at written as ${literal}`,
    );
  }
  const object = expectBody(response, resource.schema, `the ${resource.kind} in ${where}`);
  expectFields(context.profile, response, object, { archived_at: value }, '§3: "archived_at holds the timestamp" given, exactly');
}

export const archivedAtPartitions = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => async (context: CheckContext) => {
  // Each value archives an active object of its own: §3 shows only the transition from active
  // ("Restoring, and all other transitions: not shown"), so a second archiving may be refused.
  const first = await resource.create(context, 'timestamps');
  const now = first.created_at;
  const cases = partitions(now);
  const items = [first, ...(await resource.createMany(context, cases.length - 1, 'timestamps'))];
  const refused: string[] = [];
  for (const [index, { value, what }] of cases.entries()) {
    const item = items[index]!;
    const step = `PUT ${resource.path}/:id with ${what}`;
    const response = await resource.update(context.client, item.id, { archived_at: value });
    expectNoServerError(context.profile, response, step);
    const retrieve = async () => {
      const retrieved = await resource.retrieve(context.client, item.id);
      expectSuccess(context.profile, retrieved, `GET ${resource.path}/:id after ${step}`);
      return retrieved;
    };
    if (context.profile.isRefusal(response.status)) {
      // A value far from the object's own created_at may be refused: before the object existed,
      // a time yet to come, or past the range of the server's dates (§2.2: the unit and limits
      // are not shown). Refused, it must have changed nothing; taken, it must be held exactly.
      const retrieved = await retrieve();
      const differences = fieldDifferences(context.profile, resource.comparable(expectBody(retrieved, resource.schema) as unknown as T), resource.comparable(item));
      expectThat(differences.length === 0, retrieved, `the ${resource.kind} unchanged by the refused ${step} (profile: refusal-status)`, differences.join('; '));
      refused.push(what);
      continue;
    }
    expectSuccess(context.profile, response, `${step} (taken, or else refused)`);
    expectArchivedAt(context, resource, response, value, `the answer to ${step}`);
    expectArchivedAt(context, resource, await retrieve(), value, `a retrieve after ${step}`);
  }
  // Nothing taken, nothing compared: the ordinary timestamp is *.archive.sets-timestamp's.
  if (refused.length === cases.length) context.skip(`the server refused every value tried (${refused.join('; ')}), each changing nothing; no value was held to compare`);
};
