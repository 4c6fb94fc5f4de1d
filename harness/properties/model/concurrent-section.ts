// Requests to one object sent at the same time, each field judged on its own. The spec says nothing
// of concurrent requests, so any order of them is allowed, a write may be refused (§7 leaves
// failure statuses open), and an answer may show another request's write or miss it. What it does
// say, it says of every request: the fields a PUT gives take effect and "Fields not given are
// unchanged" (§4). So once all are answered, a field holds what one of the successful PUTs gave
// it, or, when none gave it, what it held before (a lost update breaks this); a PUT's answer holds
// its own fields as some successful PUT gave them; and no answer holds a value that nobody sent.
// Whole-object linearizability (Wing and Gong) would ask more: a server that writes each PUT's
// fields atomically but answers with the object as it read it before (as ORMs' partial saves do)
// is not linearizable, and the spec does not forbid it.
// A section is always drawn at once; shrinking tries its requests one after another (sending).
import fc from 'fast-check';
import type { Conversation, Group } from '../../../lib/api/resources.ts';
import type { ApiResponse } from '../../../lib/core/client/api-client.ts';
import type { ServerProfile } from '../../../lib/core/profile/server-profile.ts';
import { comparableConversation, comparableGroup } from '../../checks/comparable.ts';
import { expectBody, expectNoServerError, expectSuccess, expectThat, fieldDifferences } from '../../checks/expect.ts';
import { pick, short, type Command, type Model, type Real } from './model.ts';

/** The fields a section writes, per kind: each PUT changes some of them to a value other than the one held. */
export const sectionFields = {
  conversation: ['is_muted', 'is_pinned', 'pinned_message_id'],
  group: ['name', 'description', 'avatar_url'],
} as const;
export type SectionKind = keyof typeof sectionFields;
type SectionField = (typeof sectionFields)[SectionKind][number];
type Params = Record<string, string | boolean>;
type Item = Conversation | Group;

/** One request of a section, as drawn: the fields a PUT changes (their new values come from the object), or a GET. */
export type SectionRequest = { change: readonly SectionField[] } | { get: true };

/**
 * How a section's requests go out: at once, or, as a shrunk case, one after another in the order
 * drawn or reversed (each answered before the next is sent).
 */
export type Sending = 'at once' | 'in order' | 'reversed';

/**
 * Always "at once" when drawn (it takes nothing from the generator, so a seed draws the sequences
 * it drew before); shrinking tries the requests one after another, as drawn and then reversed. A
 * fault that shows without concurrency (a PUT that resets a field it was not given) then shrinks to
 * a case that fails every time, so the same seed shrinks to the same case and its replay is no
 * race; a fault that needs the requests at once (a lost update) keeps them at once.
 */
class SendingArbitrary extends fc.Arbitrary<Sending> {
  generate(): fc.Value<Sending> {
    return new fc.Value<Sending>('at once', undefined);
  }
  canShrinkWithoutContext(value: unknown): value is Sending {
    return value === 'at once' || value === 'in order' || value === 'reversed';
  }
  shrink(value: Sending): fc.Stream<fc.Value<Sending>> {
    if (value !== 'at once') return fc.Stream.nil();
    return fc.Stream.of(new fc.Value<Sending>('in order', undefined), new fc.Value<Sending>('reversed', undefined));
  }
}
export const sending = (): fc.Arbitrary<Sending> => new SendingArbitrary();

/** A request as sent. */
type Sent = { put: Params } | { get: true };

/** The texts a section writes: the nth PUT of a section writes the nth, so that two PUTs of one field differ. */
const texts: Record<string, readonly string[]> = {
  pinned_message_id: ['msg-1', 'msg-2', 'msg-3', 'msg-4', 'msg-5'],
  description: [
    'msgapi section one',
    'msgapi section two',
    'msgapi section three',
    'msgapi section four',
    'msgapi section five',
  ],
  avatar_url: [
    'https://example.com/msgapi-1.png',
    'https://example.com/msgapi-2.png',
    'https://example.com/msgapi-3.png',
    'https://example.com/msgapi-4.png',
    'https://example.com/msgapi-5.png',
  ],
};

/**
 * Each field changed: a flag flipped (two PUTs of one flag then send the same value), a text the
 * nth PUT's own, or the next one when the object holds it already; a group's name with the nth
 * suffix, or none when it holds that one.
 */
function changed(fields: readonly SectionField[], current: Item, nth: number): Params {
  return Object.fromEntries(
    fields.map((field) => {
      const held = (current as unknown as Record<string, unknown>)[field];
      if (field === 'name') {
        const base = String(held).replace(/ \(section \d\)$/, '');
        const named = `${base} (section ${nth + 1})`;
        return [field, named === held ? base : named];
      }
      const values = texts[field];
      if (values === undefined) return [field, !held];
      return [field, values[nth] === held ? values[nth + 1]! : values[nth]!];
    }),
  );
}

interface Answered {
  request: Sent;
  response: ApiResponse;
  /** The object the answer holds; undefined when the request was refused. */
  body: Item | undefined;
}

const describe = (request: Sent) => ('put' in request ? `PUT ${short(request.put)}` : 'GET');
const drawn = (request: SectionRequest) => ('change' in request ? `PUT changing ${request.change.join('+')}` : 'GET');

const valueOf = (item: Item, field: string) => (item as unknown as Record<string, unknown>)[field];
/** Whether a value shown is one of those allowed, as the profile compares what was stored with what was sent. */
type Holds = (actual: unknown, allowed: readonly unknown[]) => boolean;

/**
 * Sent at once: afterwards the field holds what a successful PUT gave it (a refused one changes
 * nothing), or what it held before when none did; a PUT's answer holds its own field so, and any
 * other answer one of those values or the one before.
 */
function anyOrderProblems(field: string, holds: Holds, start: Item, answered: readonly Answered[], after: Item) {
  const problems: string[] = [];
  const given = answered.flatMap((item) =>
    'put' in item.request && item.body !== undefined && field in item.request.put ? [item.request.put[field]] : [],
  );
  const before = valueOf(start, field);
  if (!holds(valueOf(after, field), given.length > 0 ? given : [before])) {
    problems.push(
      `${field} afterwards is ${JSON.stringify(valueOf(after, field))}, not ${given.length > 0 ? `what a successful PUT gave it (${given.map((value) => JSON.stringify(value)).join(' or ')})` : `what it held before (${JSON.stringify(before)}), since no PUT gave it`}`,
    );
  }
  for (const item of answered) {
    if (item.body === undefined) continue;
    const own = 'put' in item.request && field in item.request.put;
    if (!holds(valueOf(item.body, field), own ? given : [before, ...given])) {
      problems.push(
        `${describe(item.request)} answered ${field} ${JSON.stringify(valueOf(item.body, field))}, ${own ? `not the value it gave or another successful PUT's (${given.map((value) => JSON.stringify(value)).join(' or ')})` : `a value nobody sent (before: ${JSON.stringify(before)}; given: ${given.map((value) => JSON.stringify(value)).join(', ') || 'none'})`}`,
      );
    }
  }
  return problems;
}

/** Sent one after another: each answer, and the object afterwards, hold what the last successful PUT up to it gave the field. */
function inOrderProblems(field: string, holds: Holds, start: Item, answered: readonly Answered[], after: Item) {
  const problems: string[] = [];
  let held = valueOf(start, field);
  let from = 'what it held before';
  for (const item of answered) {
    if ('put' in item.request && item.body !== undefined && field in item.request.put) {
      held = item.request.put[field];
      from = `what ${describe(item.request)} gave it`;
    }
    if (item.body !== undefined && !holds(valueOf(item.body, field), [held]))
      problems.push(
        `${describe(item.request)} answered ${field} ${JSON.stringify(valueOf(item.body, field))}, not ${JSON.stringify(held)} (${from})`,
      );
  }
  if (!holds(valueOf(after, field), [held]))
    problems.push(
      `${field} afterwards is ${JSON.stringify(valueOf(after, field))}, not ${JSON.stringify(held)} (${from})`,
    );
  return problems;
}

export class ConcurrentSection implements Command {
  constructor(
    readonly kind: SectionKind,
    readonly index: number,
    readonly requests: readonly SectionRequest[],
    readonly sending: Sending = 'at once',
  ) {}
  check = (model: Readonly<Model>) => this.items(model).length > 0;

  private items = (model: Readonly<Model>): readonly Item[] =>
    this.kind === 'group' ? model.groups : model.conversations;
  /** The fields §2 shows, as every copy of one object must agree on them. */
  private comparable = (item: Item) =>
    this.kind === 'group' ? comparableGroup(item as Group) : comparableConversation(item as Conversation);
  /** What the failure message shows of each copy: the fields the section writes. */
  private written = (item: Item) =>
    Object.fromEntries(
      sectionFields[this.kind].map((field) => [field, (item as unknown as Record<string, unknown>)[field]]),
    );

  async run(model: Model, { context, log }: Real): Promise<void> {
    const { client, profile } = context;
    const start = pick(this.items(model), this.index);
    const sent: Sent[] = this.ordered().map((request, nth) =>
      'change' in request ? { put: changed(request.change, start, nth) } : request,
    );
    const path = `/v1/${this.kind}s/:id`;
    const send = (request: Sent) => {
      if (this.kind === 'group')
        return 'put' in request ? client.updateGroup(start.id, request.put) : client.retrieveGroup(start.id);
      return 'put' in request
        ? client.updateConversation(start.id, request.put)
        : client.retrieveConversation(start.id);
    };
    const atOnce = this.sending === 'at once';
    const responses = await log.step(
      `${this.toString()} → ${start.id} ${sent.map(describe).join(atOnce ? ' | ' : '; ')}`,
      async () => {
        if (atOnce) return Promise.all(sent.map(send));
        const answers: ApiResponse[] = [];
        for (const request of sent) answers.push(await send(request));
        return answers;
      },
    );
    const answered: Answered[] = responses.map((response, at) => {
      const request = sent[at]!;
      const method = 'put' in request ? 'PUT' : 'GET';
      const what = atOnce
        ? `${method} ${path} sent at the same time as ${sent.length - 1} other request(s) to it`
        : `${method} ${path}, request ${at + 1} of ${sent.length} to it sent one after another`;
      expectNoServerError(profile, response, what);
      // Only a write may be refused (profile: refusal-status); a read of an object that exists is answered (§4).
      if ('put' in request && profile.isRefusal(response.status)) return { request, response, body: undefined };
      expectSuccess(profile, response, what);
      return { request, response, body: expectBody(response, this.kind) };
    });
    const read = await log.step(`  GET ${start.id} afterwards`, () => send({ get: true }));
    expectSuccess(
      profile,
      read,
      `GET ${path} after the requests ${atOnce ? 'sent at once' : 'sent one after another'}`,
    );
    const after = expectBody(read, this.kind);
    const problems = this.problems(profile, start, answered, after);
    expectThat(
      problems.length === 0,
      read,
      atOnce
        ? `after ${answered.length} requests to one ${this.kind} sent at once, each field holds what a successful PUT gave it, or what it held before when none gave it; a PUT's answer holds its own fields so; no answer holds a value nobody sent (§4: "Fields not given are unchanged"; any order of the requests is allowed)`
        : `after each of ${answered.length} requests to one ${this.kind} sent one after another, every field holds what the last successful PUT gave it, or what it held before when none did (§4: "Fields not given are unchanged")`,
      `${problems.join('; ')}. The answers: ${answered.map((item) => `${describe(item.request)} → ${item.response.status}${item.body ? ` ${short(this.written(item.body))}` : ''}`).join('; ')}; ` +
        `afterwards ${short(this.written(after))}; before ${short(this.written(start))}`,
    );
    const items = this.items(model) as Item[];
    items[items.indexOf(start)] = after;
  }

  /** The requests in the order they are sent. */
  private ordered = (): readonly SectionRequest[] =>
    this.sending === 'reversed' ? [...this.requests].reverse() : this.requests;

  /** What no order of the requests explains (sent one after another: what their order does not), field by field. */
  private problems(profile: ServerProfile, start: Item, answered: readonly Answered[], after: Item): string[] {
    const holds = (actual: unknown, allowed: readonly unknown[]) =>
      allowed.some((value) => profile.storedAsSent(value, actual));
    const judge = this.sending === 'at once' ? anyOrderProblems : inOrderProblems;
    const problems = sectionFields[this.kind].flatMap((field) => judge(field, holds, start, answered, after));
    // Fields no request gave: unchanged in every answer and afterwards.
    const untouched = (item: Item) =>
      Object.fromEntries(
        Object.entries(this.comparable(item)).filter(
          ([field]) => !(sectionFields[this.kind] as readonly string[]).includes(field),
        ),
      );
    for (const [label, item] of [
      ['afterwards', after] as const,
      ...answered.flatMap((each) => (each.body ? [[`${describe(each.request)} answered`, each.body] as const] : [])),
    ]) {
      const differences = fieldDifferences(profile, untouched(item), untouched(start));
      if (differences.length > 0) problems.push(`${label} ${differences.join(', ')} (no request gave it)`);
    }
    return problems;
  }

  toString = () =>
    this.sending === 'at once'
      ? `ConcurrentSection(${this.kind} #${this.index}, at once: ${this.requests.map(drawn).join(' | ')})`
      : `ConcurrentSection(${this.kind} #${this.index}, one after another: ${this.ordered().map(drawn).join('; ')})`;
}
