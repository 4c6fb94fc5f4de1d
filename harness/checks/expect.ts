// The assertions checks are written with. Each one, on failure, throws a CheckFailure that says
// what was expected, what came back and which exchange showed it.
import { newObjectReasons } from '../../lib/api/new-objects.ts';
import type { StatusSettingEntry } from '../../lib/api/open-points.ts';
import type { ServerProfile } from '../../lib/core/profile/server-profile.ts';
import type { ApiResponse } from '../../lib/core/client/api-client.ts';
import { validateAgainst, type SchemaName, type SchemaTypes } from '../../lib/api/schemas/registry.ts';
import { showValue } from '../../lib/api/schemas/describe-errors.ts';
import { CheckFailure } from './check-failure.ts';

function statusLine(response: ApiResponse): string {
  const body = response.exchange.responseBody ?? '';
  return `status ${response.status}${body ? ` with body ${body.length > 300 ? `${body.slice(0, 300)}...` : body}` : ''}`;
}

/** A status the profile's entry accepts (every reading, or the declared one), else a failure saying which those are. */
export function expectStatusOf(
  profile: ServerProfile,
  entry: StatusSettingEntry,
  response: ApiResponse,
  what: string,
): void {
  if (profile.accepts(entry, response.status)) return;
  throw new CheckFailure({
    expected: `${profile.describe(entry)} for ${what}`,
    received: statusLine(response),
    exchange: response.exchange,
  });
}

/** Any 2xx, or a declared one: the spec never names a success status (profile: success-status). */
export function expectSuccess(profile: ServerProfile, response: ApiResponse, what: string): void {
  expectStatusOf(profile, 'success-status', response, what);
}

/** A status the profile accepts for this answer; `accepted` names the reading, e.g. "401 or 403". */
export function expectAnswer(
  response: ApiResponse,
  accepts: (status: number) => boolean,
  accepted: string,
  what: string,
): void {
  if (accepts(response.status)) return;
  throw new CheckFailure({
    expected: `${accepted} for ${what}`,
    received: statusLine(response),
    exchange: response.exchange,
  });
}

/**
 * The response body is JSON that conforms to the named schema; returns it, typed. The schemas read
 * timestamps as integers, the one form the examples show (profile: timestamp-form).
 */
export function expectBody<N extends SchemaName>(
  response: ApiResponse,
  schema: N,
  label: string = schema,
): SchemaTypes[N] {
  if (response.jsonError !== undefined || response.body === undefined) {
    throw new CheckFailure({
      expected: `a JSON ${label} object in the body`,
      received: response.jsonError ? `a body that is not JSON (${response.jsonError})` : 'an empty body',
      exchange: response.exchange,
    });
  }
  const verdict = validateAgainst(schema, response.body, label);
  if (!verdict.valid) {
    throw new CheckFailure({
      expected: `a body that conforms to schemas/${schema}.schema.json`,
      received: verdict.problems.join('; '),
      exchange: response.exchange,
    });
  }
  return response.body as SchemaTypes[N];
}

/** `object[field]` deeply equals `expected`; `why` cites the sentence of the spec. */
export function expectField(
  profile: ServerProfile,
  response: ApiResponse,
  object: object,
  field: string,
  expected: unknown,
  why: string,
  label = 'the object',
): void {
  const actual = (object as Record<string, unknown>)[field];
  if (profile.storedAsSent(expected, actual)) return;
  throw new CheckFailure({
    expected: `${field} of ${label} to be ${showValue(expected)} (${why})`,
    received: `${field} ${showValue(actual)}`,
    exchange: response.exchange,
  });
}

/**
 * A created object: each field given holds what was given (with the sentence saying so), and every
 * other field its new-object default (lib/api/new-objects.ts), each default with its own sentence.
 */
export function expectNewObject(
  profile: ServerProfile,
  response: ApiResponse,
  object: object,
  label: string,
  given: Readonly<Record<string, readonly [value: unknown, why: string]>>,
  defaults: Readonly<Record<string, unknown>>,
): void {
  for (const [name, [value, why]] of Object.entries(given))
    expectField(profile, response, object, name, value, why, label);
  for (const [name, value] of Object.entries(defaults))
    expectField(profile, response, object, name, value, newObjectReasons[name]!, label);
}

/** A condition on a response that is not a single field's value. */
export function expectThat(condition: boolean, response: ApiResponse, expected: string, received: string): void {
  if (!condition) throw new CheckFailure({ expected, received, exchange: response.exchange });
}

/** A 4xx, or a declared one: the request was refused as the client's fault. §7 leaves the exact status open. */
export function expectClientError(profile: ServerProfile, response: ApiResponse, what: string): void {
  expectStatusOf(profile, 'refusal-status', response, what);
}

/**
 * Robustness: no 5xx, and a body that is what it says it is. A refusal may carry any body (§7,
 * profile: error-body); a success must be JSON, since every success answer is an object (§4).
 */
export function expectNoServerError(profile: ServerProfile, response: ApiResponse, what: string): void {
  if (profile.isServerError(response.status)) {
    throw new CheckFailure({
      expected: `no 5xx for ${what} (a 4xx or a success)`,
      received: statusLine(response),
      exchange: response.exchange,
    });
  }
  const problem = profile.isSuccess(response.status)
    ? response.jsonError !== undefined && response.text.trim() !== ''
      ? `a body that is not JSON (${response.jsonError})`
      : undefined
    : profile.errorBodyProblem(response);
  if (problem)
    throw new CheckFailure({
      expected: `a well-formed body for ${what}`,
      received: problem,
      exchange: response.exchange,
    });
}

/** Never a 5xx, and the unknown-id answer or a successful DELETE's (profile: delete-of-nothing; §4.3 shows no DELETE status). */
export function expectDeleteOfNothing(profile: ServerProfile, response: ApiResponse, what: string): void {
  expectNoServerError(profile, response, what);
  expectAnswer(response, profile.isDeleteOfNothingAnswer, profile.describeDeleteOfNothing(), what);
}

/**
 * Each field of `expected` that `actual` does not hold as sent, as "field: expected X, received Y".
 * An empty text may come back as null (§2, profile: empty-text); anything else must be equal.
 */
export function fieldDifferences(profile: ServerProfile, actual: object, expected: object): string[] {
  const got = actual as Record<string, unknown>;
  return Object.entries(expected)
    .filter(([field, value]) => !profile.storedAsSent(value, got[field]))
    .map(([field, value]) => `${field}: expected ${showValue(value)}, received ${showValue(got[field])}`);
}

/** `actual` holds every field of `expected` with the same value (extra fields are allowed, §2). */
export function expectFields(
  profile: ServerProfile,
  response: ApiResponse,
  actual: object,
  expected: object,
  why: string,
): void {
  const differences = fieldDifferences(profile, actual, expected);
  if (differences.length === 0) return;
  throw new CheckFailure({ expected: why, received: differences.join('; '), exchange: response.exchange });
}

/** Long texts differ where a short preview cannot show it: says how long each is and where they part. */
export function expectSameText(
  profile: ServerProfile,
  response: ApiResponse,
  actual: unknown,
  sent: string,
  field: string,
  why: string,
): void {
  if (profile.storedAsSent(sent, actual)) return;
  if (typeof actual !== 'string') {
    throw new CheckFailure({
      expected: `${field} exactly as sent (${why})`,
      received: `${field} ${showValue(actual)}`,
      exchange: response.exchange,
    });
  }
  const actualChars = [...actual];
  const sentChars = [...sent];
  let at = 0;
  while (at < actualChars.length && actualChars[at] === sentChars[at]) at++;
  throw new CheckFailure({
    expected: `${field} exactly as sent: ${sentChars.length} characters, ${JSON.stringify(sentChars.slice(0, 40).join(''))}${sentChars.length > 40 ? '...' : ''} (${why})`,
    received:
      at === actualChars.length
        ? `only the first ${at} characters of the ${field} sent`
        : `a ${field} of ${actualChars.length} characters that differs from the one sent from character ${at + 1} on: ${JSON.stringify(actualChars.slice(at, at + 40).join(''))}`,
    exchange: response.exchange,
  });
}
