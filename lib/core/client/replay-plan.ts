// What a failing request needs to be sent again once the run has cleaned up: the objects of the
// run it names (its URL's id, a group_id it filters or creates by), found among the check's own
// exchanges as the create whose answer carried that id, the creates those depend on, and the
// writes the check made to them before the failing request. Read from the exchanges alone (the
// record the report keeps), so what the replay script sends is what the run sent.
import { asksToSlowDown } from './retry-after.ts';
import { everyReading } from '../profile/server-profile.ts';
import { operations } from '../../api/operations.ts';
import type { Exchange } from './exchange.ts';
import { kindOf, type LedgerKind } from './ledger.ts';

/** An object the run made that the replay makes again. */
export interface MadeObject {
  kind: LedgerKind;
  /** The id the run's create got (the object is gone now). */
  id: string;
  /** The shell variable that holds the id of the object the replay makes. */
  variable: string;
  /** The create request that made it: the object itself, or the group whose conversation it is. */
  create: Exchange;
  /** The field of that create's answer holding the id: a group's conversation is its conversation_id (§2.2). */
  field: 'id' | 'conversation_id';
  /** A group's conversation: the group that brought it (deleting the group takes it along, §3). */
  group?: MadeObject;
}

export interface ReplayPlan {
  /** The objects to make again, in the order the run made them (a group before its conversations). */
  made: MadeObject[];
  /** The exchanges to send in order: the creates, the writes the check made to those objects, then the failing request. */
  steps: Exchange[];
  failing: Exchange;
  /** The failing request is itself a create: what it makes is deleted afterwards too. */
  failingCreates?: LedgerKind;
}

const parse = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};
const stringField = (value: unknown, name: string): string | undefined => {
  const field =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)[name]
      : undefined;
  return typeof field === 'string' ? field : undefined;
};

/** Whether an answer came and the profile's predicate holds of its status (no answer: a transport error). */
const answered = ({ status }: Exchange, predicate: (status: number) => boolean) =>
  status !== undefined && predicate(status);

const isCreate = (exchange: Exchange) =>
  exchange.operation === 'createConversation' || exchange.operation === 'createGroup';
const isItemOperation = (exchange: Exchange) => operations[exchange.operation].path.endsWith('/:id');

/** The id in an item operation's URL (the last segment of its path), decoded. */
export function pathId(exchange: Exchange): string | undefined {
  if (!isItemOperation(exchange)) return undefined;
  try {
    const pathname = new URL(exchange.url).pathname;
    const onPath =
      exchange.offPath !== undefined && pathname.endsWith(exchange.offPath)
        ? pathname.slice(0, -exchange.offPath.length)
        : pathname;
    return decodeURIComponent(onPath.split('/').at(-1) ?? '');
  } catch {
    return undefined;
  }
}

/** group_id of a form or JSON body: the one field of a request body that names another object (§4.1). */
export function bodyGroupId(exchange: Exchange): string | undefined {
  const body = exchange.requestBody;
  if (body === undefined) return undefined;
  if (/json/.test(exchange.requestHeaders['content-type'] ?? '')) return stringField(parse(body), 'group_id');
  return new URLSearchParams(body).get('group_id') ?? undefined;
}

/** The objects, by type, a request names: the id of its URL, and a group_id in its query or body. */
export function namedObjects(exchange: Exchange): Array<{ kind: LedgerKind; id: string }> {
  const named: Array<{ kind: LedgerKind; id: string }> = [];
  const id = pathId(exchange);
  const kind = kindOf(exchange.operation);
  if (id !== undefined && kind !== undefined) named.push({ kind, id });
  const queryGroup = new URL(exchange.url).searchParams.get('group_id');
  if (queryGroup !== null) named.push({ kind: 'group', id: queryGroup });
  const bodyGroup = bodyGroupId(exchange);
  if (bodyGroup !== undefined) named.push({ kind: 'group', id: bodyGroup });
  return named;
}

const key = (kind: LedgerKind, id: string) => `${kind}:${id}`;

/** Every object the check's creates made before the failing request, by type and id (the first create of an id wins). */
function madeBefore(journal: readonly Exchange[]): Map<string, MadeObject> {
  const made = new Map<string, MadeObject>();
  const counts = { conversation: 0, group: 0 };
  for (const create of journal.filter(isCreate)) {
    if (!answered(create, everyReading.isSuccess)) continue;
    const answer = parse(create.responseBody);
    const id = stringField(answer, 'id');
    const kind = kindOf(create.operation)!;
    if (id === undefined || made.has(key(kind, id))) continue;
    const object: MadeObject = { kind, id, variable: `${kind.toUpperCase()}_${++counts[kind]}`, create, field: 'id' };
    made.set(key(kind, id), object);
    const conversationId = kind === 'group' ? stringField(answer, 'conversation_id') : undefined;
    if (conversationId !== undefined && !made.has(key('conversation', conversationId))) {
      made.set(key('conversation', conversationId), {
        kind: 'conversation',
        id: conversationId,
        variable: `${object.variable}_CONVERSATION`,
        create,
        field: 'conversation_id',
        group: object,
      });
    }
  }
  return made;
}

/**
 * The plan to send `failing` again on a fresh target, or undefined when it names no object the
 * check made and makes none itself (its curl alone then shows it again).
 */
export function planReplay(journal: readonly Exchange[], failing: Exchange): ReplayPlan | undefined {
  const index = journal.indexOf(failing);
  if (index < 0) return undefined;
  const before = journal.slice(0, index);
  const made = madeBefore(before);
  const needed = new Map<string, MadeObject>();
  const need = (kind: LedgerKind, id: string) => {
    const object = made.get(key(kind, id));
    if (object === undefined || needed.has(key(kind, id))) return;
    needed.set(key(kind, id), object);
    if (object.group) need('group', object.group.id);
    for (const named of namedObjects(object.create)) need(named.kind, named.id);
  };
  for (const named of namedObjects(failing)) need(named.kind, named.id);
  // Creates that name a needed object (a conversation made for a needed group) change what the
  // failing request sees (a list filtered by group_id): they are made again too.
  for (let grew = true; grew;) {
    const size = needed.size;
    for (const object of made.values()) {
      if (object.field === 'id' && namedObjects(object.create).some((named) => needed.has(key(named.kind, named.id))))
        need(object.kind, object.id);
    }
    grew = needed.size > size;
  }
  const failingCreates = isCreate(failing) ? kindOf(failing.operation) : undefined;
  if (needed.size === 0 && failingCreates === undefined) return undefined;

  const creates = new Set([...needed.values()].map((object) => object.create));
  // The check's writes (PUT, DELETE) to the needed objects, in order: the failing request may show
  // its fault only after them (an unpin after a pin). Answers of 429 were retried: not steps.
  const writes = before.filter((exchange) => {
    // Every method but GET: a HEAD, OPTIONS or PATCH may be what changed the object.
    if (exchange.method === 'GET') return false;
    if (asksToSlowDown(exchange.status, exchange.responseHeaders)) return false;
    const id = pathId(exchange);
    const kind = kindOf(exchange.operation);
    return id !== undefined && kind !== undefined && needed.has(key(kind, id));
  });
  const steps = before.filter((exchange) => creates.has(exchange) || writes.includes(exchange));
  const order = (object: MadeObject) => before.indexOf(object.create) * 2 + (object.field === 'id' ? 0 : 1);
  return {
    made: [...needed.values()].sort((a, b) => order(a) - order(b)),
    steps: [...steps, failing],
    failing,
    ...(failingCreates === undefined ? {} : { failingCreates }),
  };
}
