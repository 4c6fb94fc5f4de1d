// Request bodies of other shapes than the suite's usual ones. §4: "Request fields are sent as named
// parameters, as in the form-style examples; other body encodings: not shown" (profile:
// body-encoding), and §7 leaves the answer to a bad request open (profile: refusal-status). So a
// server may refuse each of these bodies, or read it some sane way; it never answers a 5xx, a refused
// request changes nothing, and a body read some way stores what that reading says, nothing else.
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import type { EncodedBody } from '../../lib/core/client/encode-body.ts';
import type { BodyEncoding } from '../../lib/core/config/value-types.ts';
import type { CheckContext } from '../checks/check-context.ts';
import {
  expectAnswer,
  expectBody,
  expectNoServerError,
  expectSuccess,
  expectThat,
  fieldDifferences,
} from '../checks/expect.ts';
import { recordCreated } from '../checks/fixtures.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

type Fields = Record<string, unknown>;

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

export const asJson = (value: unknown): EncodedBody => ({ contentType: JSON_TYPE, text: JSON.stringify(value) });
const formPair = (name: string, value: unknown) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`;
const shown = (body: EncodedBody) =>
  `${body.text.length > 80 ? `${body.text.slice(0, 80)}...` : body.text} as ${body.contentType}`;

/**
 * How a refusal of a body may be answered. A body of a shape the spec never shows (JSON that is no
 * object, a key given twice, a Content-Type that is not the body's) may get any 4xx (415 and 400
 * are usual): REFUSAL_STATUS declares the answer to bad parameters, not to bodies a server does not
 * take at all. A body of the declared encoding with parameters the spec does not list is bad
 * input: the declared refusal status, or any 4xx when none is declared (profile: refusal-status).
 */
export type Refusal = 'any-4xx' | 'declared';

function refusedAs(context: CheckContext, refusal: Refusal): { accepts: (status: number) => boolean; words: string } {
  if (refusal === 'declared')
    return {
      accepts: (status) => context.profile.isRefusal(status),
      words: context.profile.describe('refusal-status'),
    };
  // A body a server does not take at all may also be one past the size it reads: its 413.
  return {
    accepts: (status) =>
      context.profile.isRefusal(status) || context.profile.isBodyRefusal(status) || context.profile.isTooLarge(status),
    words: 'a 4xx status (profile: unsupported-body), or 413',
  };
}

/** The sentence that makes a create need a named parameter: a body that names none must be refused. */
const requiredParameter = (resource: ResourceUnderTest<ResourceItem>) =>
  resource.kind === 'conversation'
    ? '§4.1: contact_id or group_id, "At least one of them must be given"'
    : '§4.2: "name | string | yes"';

async function sendCreate(
  context: CheckContext,
  resource: ResourceUnderTest<ResourceItem>,
  raw: EncodedBody,
): Promise<ApiResponse> {
  const response = await context.client.call(resource.kind === 'group' ? 'createGroup' : 'createConversation', { raw });
  // Recorded before anything is judged, so that whatever was made is deleted afterwards.
  recordCreated(context, resource.kind, response.body);
  return response;
}

const sendUpdate = (context: CheckContext, resource: ResourceUnderTest<ResourceItem>, id: string, raw: EncodedBody) =>
  context.client.call(resource.kind === 'group' ? 'updateGroup' : 'updateConversation', { id, raw });

/** Of several sets of differences, the one a reader should see: the reading the answer came closest to. */
const closest = (candidates: string[][]) =>
  candidates.reduce((best, next) => (next.length < best.length ? next : best));

/**
 * A POST of an odd body: never a 5xx. With no `readings`, the body names no parameter the create
 * needs and must be refused; otherwise it may be refused, or make an object that carries the fields
 * of one of the readings, which a retrieve then shows as answered.
 */
export async function judgeCreate(
  context: CheckContext,
  resource: ResourceUnderTest<ResourceItem>,
  body: EncodedBody,
  what: string,
  readings: readonly Fields[],
  why: string,
): Promise<void> {
  const step = `POST ${resource.path} with ${what} (${shown(body)})`;
  const response = await sendCreate(context, resource, body);
  expectNoServerError(context.profile, response, step);
  const refused = refusedAs(context, 'any-4xx');
  if (readings.length === 0) {
    expectAnswer(response, refused.accepts, refused.words, `${step}: ${why}`);
    return;
  }
  if (refused.accepts(response.status)) return;
  expectSuccess(context.profile, response, step);
  const created = expectBody(
    response,
    resource.schema,
    `the ${resource.kind} created from ${what}`,
  ) as unknown as ResourceItem;
  const differences = closest(readings.map((fields) => fieldDifferences(context.profile, created, fields)));
  expectThat(
    differences.length === 0,
    response,
    `a refusal, or a ${resource.kind} made from ${what} read some sane way (${why})`,
    differences.join('; '),
  );
  await expectStored(
    context,
    resource,
    created.id,
    resource.comparable(created),
    `the ${resource.kind} created from ${what}, as its create answered (${resource.section})`,
  );
}

/**
 * A PUT of an odd body: never a 5xx. A refusal leaves the object as it was; a success answers the
 * object as one of the sane `readings` leaves it (each names the fields it changes; {} changes
 * nothing, "Fields not given are unchanged"). Returns what the object must now be.
 */
export async function judgeUpdate(
  context: CheckContext,
  resource: ResourceUnderTest<ResourceItem>,
  id: string,
  current: Fields,
  body: EncodedBody,
  what: string,
  readings: readonly Fields[],
  why: string,
  refusal: Refusal = 'any-4xx',
): Promise<Fields> {
  const step = `PUT ${resource.path}/:id with ${what} (${shown(body)})`;
  const response = await sendUpdate(context, resource, id, body);
  expectNoServerError(context.profile, response, step);
  if (refusedAs(context, refusal).accepts(response.status)) return current;
  expectSuccess(context.profile, response, step);
  const answered = resource.comparable(
    expectBody(response, resource.schema, `the ${resource.kind} after ${step}`) as unknown as ResourceItem,
  );
  const differences = closest(
    readings.map((fields) => fieldDifferences(context.profile, answered, { ...current, ...fields })),
  );
  expectThat(
    differences.length === 0,
    response,
    `a refusal, or the ${resource.kind} as ${what} read some sane way leaves it (${why})`,
    differences.join('; '),
  );
  return answered;
}

/** A retrieve shows the object as `expected` (its comparable fields). */
async function expectStored(
  context: CheckContext,
  resource: ResourceUnderTest<ResourceItem>,
  id: string,
  expected: Fields,
  why: string,
): Promise<void> {
  const response = await resource.retrieve(context.client, id);
  expectSuccess(context.profile, response, `GET ${resource.path}/:id`);
  const stored = resource.comparable(expectBody(response, resource.schema) as unknown as ResourceItem);
  const differences = fieldDifferences(context.profile, stored, expected);
  expectThat(differences.length === 0, response, why, differences.join('; '));
}

/** JSON values that are not objects, so name no parameter at all. */
export const nonObjects = (context: CheckContext): Array<[string, unknown]> => [
  ['a JSON array', [context.names.contactId('array')]],
  ['a JSON string', context.names.contactId('string')],
  ['a JSON number', 42],
  ['JSON null', null],
];

/**
 * JSON that is not an object names no parameter: a create must be refused (it lacks what it needs),
 * and an update is refused or changes nothing. A server that takes no JSON at all refuses both.
 */
export const nonObjectJsonIsRefused =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const any = resource as unknown as ResourceUnderTest<ResourceItem>;
    for (const [what, value] of nonObjects(context)) {
      await judgeCreate(
        context,
        any,
        asJson(value),
        what,
        [],
        `${requiredParameter(any)}, and ${what} names no parameter`,
      );
    }
    const item = await resource.create(context, 'non-object-json');
    let expected = resource.comparable(item);
    for (const [what, value] of nonObjects(context)) {
      expected = await judgeUpdate(
        context,
        any,
        item.id,
        expected,
        asJson(value),
        what,
        [{}],
        `${resource.section}: "Fields not given are unchanged", and ${what} gives none`,
      );
    }
    await expectStored(
      context,
      any,
      item.id,
      expected,
      `${resource.section}: the ${resource.kind} unchanged by bodies that give no field`,
    );
  };

/** A parameter given twice with two values, for one request. */
export interface RepeatedKey {
  field: string;
  first: string | boolean;
  second: string | boolean;
}

/** The key twice in one body of the declared encoding: name=a&name=b, or {"name":"a","name":"b"}. */
export function repeatedKeyBody(context: CheckContext, { field, first, second }: RepeatedKey): EncodedBody {
  if (context.target.bodyEncoding === 'json') {
    const key = JSON.stringify(field);
    return { contentType: JSON_TYPE, text: `{${key}:${JSON.stringify(first)},${key}:${JSON.stringify(second)}}` };
  }
  return { contentType: FORM, text: `${formPair(field, first)}&${formPair(field, second)}` };
}

/**
 * A key given twice (name=a&name=b): the spec names one value per parameter, so a server may refuse
 * it, or take one of the two values (first or last wins), and then stores that value
 * (profile: input-rules; a text that is accepted is stored as sent, or normalised: text-storage). A value made of both ("a,b",
 * ["a","b"]) is neither value sent.
 */
export const repeatedKeysAreRefusedOrOneIsTaken =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    keys: (context: CheckContext) => { create: RepeatedKey; update: RepeatedKey[] },
  ) =>
  async (context: CheckContext) => {
    const any = resource as unknown as ResourceUnderTest<ResourceItem>;
    const { create, update } = keys(context);
    const readingsOf = ({ field, first, second }: RepeatedKey) => [{ [field]: first }, { [field]: second }];
    const why = (key: RepeatedKey) =>
      `${resource.section}: ${key.field} is one parameter; a server takes one of the values given, or refuses`;
    await judgeCreate(
      context,
      any,
      repeatedKeyBody(context, create),
      `${create.field} given twice`,
      readingsOf(create),
      why(create),
    );
    const item = await resource.create(context, 'repeated-keys');
    let expected = resource.comparable(item);
    for (const key of update) {
      expected = await judgeUpdate(
        context,
        any,
        item.id,
        expected,
        repeatedKeyBody(context, key),
        `${key.field} given twice`,
        readingsOf(key),
        why(key),
      );
    }
    await expectStored(
      context,
      any,
      item.id,
      expected,
      `${resource.section}: the ${resource.kind} as the last accepted PUT left it`,
    );
  };

/** One PUT carrying fields that are not update parameters, and how a server may read it. */
export interface ForeignFieldsPut {
  params: Fields;
  /** How the failure names the PUT, where listing its parameters would not do (thousands of them). */
  what?: string;
  /** How a refusal may be answered: the declared refusal status by default (the body is of the declared encoding). */
  refusal?: Refusal;
  /** The fields a sane reading changes: the update parameters sent, and what else the spec leaves it free to take. */
  readings: Fields[];
  why: string;
}

/**
 * Unknown parameters in the numbers and shapes where parsers stop reading: more than 1 000 of them
 * (qs's and PHP's default limit; PHP drops the rest with no more than a warning), in a body of
 * about 16 KB that no usual body limit refuses, and one name nested seven deep (qs's depth is 5).
 * The update parameter that follows them must still be applied by a 2xx, or the PUT refused (as a
 * body the server does not take at all: any 4xx); a parser's limit is no licence to drop it silently.
 */
const PARAMETER_FLOOD = 1_001;
const floodOfUnknownParams = (): Fields =>
  Object.fromEntries(Array.from({ length: PARAMETER_FLOOD }, (_, at) => [`x_msgapi_${at}`, '1']));
/** x_msgapi_deep[a][b][c][d][e][f][g]=1 in a form; the same nesting as JSON objects in a JSON body. */
const deepUnknownParam = (encoding: BodyEncoding): Fields =>
  encoding === 'json'
    ? { x_msgapi_deep: [...'abcdefg'].reduceRight<unknown>((inner, key) => ({ [key]: inner }), '1') }
    : { 'x_msgapi_deep[a][b][c][d][e][f][g]': '1' };

/** An update parameter sent after unknown ones, and the sentence that says what it does. */
export interface UpdateAfterUnknowns {
  field: string;
  value: string;
  effect: string;
}

/** The two PUTs past parsers' limits (above): the flood, then the deep parameter, each with its update parameter after. */
export function pastParserLimits(
  encoding: BodyEncoding,
  flooded: UpdateAfterUnknowns,
  deep: UpdateAfterUnknowns,
): ForeignFieldsPut[] {
  return [
    {
      params: { ...floodOfUnknownParams(), [flooded.field]: flooded.value },
      refusal: 'any-4xx',
      what: `${PARAMETER_FLOOD} unknown parameters (x_msgapi_0=1&x_msgapi_1=1&…), then ${flooded.field}`,
      readings: [{ [flooded.field]: flooded.value }],
      why: `${flooded.effect}; unknown parameters may be refused or ignored, however many, but not by dropping the parameter after them`,
    },
    {
      refusal: 'any-4xx',
      params: { ...deepUnknownParam(encoding), [deep.field]: deep.value },
      readings: [{ [deep.field]: deep.value }],
      why: `${deep.effect}; an unknown parameter nested seven deep may be refused or ignored`,
    },
  ];
}

/**
 * Fields that are not update parameters (id, created_at, the object's links, names the spec does
 * not know): a server may refuse the PUT or ignore them, but never lets them change what the spec
 * gives a fixed meaning. Each PUT also carries an update parameter, which a 2xx must have applied.
 */
export const foreignFieldsChangeNothingFixed =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    puts: (context: CheckContext, item: T) => ForeignFieldsPut[],
  ) =>
  async (context: CheckContext) => {
    const any = resource as unknown as ResourceUnderTest<ResourceItem>;
    const item = await resource.create(context, 'foreign-fields');
    let expected = resource.comparable(item);
    for (const { params, what, refusal, readings, why } of puts(context, item)) {
      const body =
        context.target.bodyEncoding === 'json'
          ? asJson(params)
          : {
              contentType: FORM,
              text: Object.entries(params)
                .map(([name, value]) => formPair(name, value))
                .join('&'),
            };
      expected = await judgeUpdate(
        context,
        any,
        item.id,
        expected,
        body,
        what ?? Object.keys(params).join(', '),
        readings,
        why,
        refusal ?? 'declared',
      );
      await expectStored(
        context,
        any,
        item.id,
        expected,
        `the ${resource.kind} as the PUT answered (${resource.section}: "the updated ${resource.kind} object"; ${why})`,
      );
    }
  };

/** One parameter and its value, sent under a Content-Type that does not say what the body is. */
export interface MismatchedParam {
  field: string;
  value: string | boolean;
}

/** The same parameter, each time in a body whose Content-Type names another encoding. */
export const mismatchedBodies = ({ field, value }: MismatchedParam): Array<[string, EncodedBody]> => [
  ['a JSON body declared as a form', { contentType: FORM, text: JSON.stringify({ [field]: value }) }],
  ['a form body declared as JSON', { contentType: JSON_TYPE, text: formPair(field, value) }],
  ['a form body declared as text/plain', { contentType: 'text/plain', text: formPair(field, value) }],
];

/**
 * A Content-Type that does not match the body: refused (415, 400, ...), or read some sane way:
 * as its Content-Type says (which finds no parameter), or as what the body really is (which finds
 * the one sent). Nothing else changes, and never a 5xx.
 */
export const mismatchedContentTypeIsRefusedOrRead =
  <T extends ResourceItem>(
    resource: ResourceUnderTest<T>,
    params: (context: CheckContext) => { create: MismatchedParam; update: MismatchedParam },
  ) =>
  async (context: CheckContext) => {
    const any = resource as unknown as ResourceUnderTest<ResourceItem>;
    const { create, update } = params(context);
    for (const [what, body] of mismatchedBodies(create)) {
      await judgeCreate(
        context,
        any,
        body,
        what,
        [{ [create.field]: create.value }],
        `§4: ${create.field} read from the body as sent, or the request refused`,
      );
    }
    const item = await resource.create(context, 'content-type');
    let expected = resource.comparable(item);
    for (const [what, body] of mismatchedBodies(update)) {
      expected = await judgeUpdate(
        context,
        any,
        item.id,
        expected,
        body,
        what,
        [{}, { [update.field]: update.value }],
        `${resource.section}: "Fields not given are unchanged"; ${update.field} as sent, or unchanged when the body was read as naming nothing`,
      );
    }
    await expectStored(
      context,
      any,
      item.id,
      expected,
      `${resource.section}: the ${resource.kind} as the last accepted PUT left it`,
    );
  };
