// Reaching the target (not the probe of lib/core/detect, which finds out its choices): one request
// per configured user before any check: a target that cannot be reached, that refuses
// a configured token, or that does not answer like this API at all (a web page, a proxy's 502, the
// wrong BASE_URL) is a configuration problem (exit 2, one sentence), not a hundred failed checks.
// With --wait-for-target the first request is tried again while the target is still starting.
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import type { SecretName } from '../client/credentials.ts';
import { firstUserClient, secondUserClient } from '../client/user-clients.ts';
import { wait } from '../client/retry-after.ts';
import { TransportError, type TransportFailure } from '../client/transport-error.ts';
import { HarnessError } from '../errors.ts';
import { declaredMediaType, everyReading } from '../profile/server-profile.ts';
import type { Target } from './target.ts';

export interface ReachOptions {
  timeoutMs: number;
  /** --wait-for-target: seconds a target still starting is waited for; 0: not at all. */
  waitForTargetS?: number;
  /** Told once, when the first attempt found the target not up yet and it waits. */
  onWaiting?: (sentence: string) => void;
}

const firstRequest = 'GET /v1/conversations?limit=1';
/** What a target that is still starting answers: nothing listens yet, or a proxy in front says so. */
const notUpYetFailures: ReadonlySet<TransportFailure> = new Set(['connection-refused', 'connection-reset']);
const notUpYetStatuses: ReadonlySet<number> = new Set([502, 503, 504]);
const firstBackoffMs = 250;
const longestBackoffMs = 2_000;

/** Why the target is not up yet, or undefined when it answered something else. */
function notUpYet(outcome: ApiResponse | TransportError): string | undefined {
  if (outcome instanceof TransportError)
    return notUpYetFailures.has(outcome.failure) ? outcome.exchange.transportError : undefined;
  return notUpYetStatuses.has(outcome.status) ? `it answered ${outcome.status}` : undefined;
}

/** One GET /v1/conversations?limit=1: its answer, whatever its status, or the TransportError of no answer. */
export async function attempt(client: ApiClient): Promise<ApiResponse | TransportError> {
  try {
    // The client itself honours a 429 (Retry-After, bounded, a few times): not an answer to judge here.
    return await client.listConversations({ limit: 1 });
  } catch (error) {
    if (error instanceof TransportError) return error;
    throw error;
  }
}

/** The first answer that is not "not up yet", or the last one when the time to wait is over. */
async function firstAnswer(
  client: ApiClient,
  url: string,
  options: ReachOptions,
): Promise<ApiResponse | TransportError> {
  const deadline = performance.now() + (options.waitForTargetS ?? 0) * 1_000;
  for (let retry = 0; ; retry++) {
    const outcome = await attempt(client);
    const reason = notUpYet(outcome);
    const left = deadline - performance.now();
    if (reason === undefined || left <= 0) return outcome;
    if (retry === 0)
      options.onWaiting?.(
        `The target at ${url} is not up yet (${reason}); waiting up to ${options.waitForTargetS} s for it (--wait-for-target).`,
      );
    await wait(Math.min(left, firstBackoffMs * 2 ** retry, longestBackoffMs));
  }
}

/** The first characters of a body, on one line: enough to tell a web page from an error object. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return 'an empty body';
  return line.length > 80 ? `${line.slice(0, 80)}...` : line;
}

/**
 * Whether a body is recognisably a page of a list (§4.1: "an object with has_more (boolean) and data
 * (array ...)"): an object with an array data. A page with a defect (has_more a string, items that
 * fail the schema) is the API with a fault, which the checks report; only a body that is no list at
 * all says BASE_URL names something else.
 */
function isListPage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  return Array.isArray((body as { data?: unknown }).data);
}

function notTheApi(url: string, answer: ApiResponse): HarnessError {
  const type = declaredMediaType(answer) || 'no content type';
  // The recorded body: it has both tokens cut out, should a server echo one.
  const body = excerpt(answer.exchange.responseBody ?? '');
  const got = everyReading.isSuccess(answer.status) ? `, not a list page (an object with an array data)` : '';
  return new HarnessError(
    'MSGAPI_TARGET_NOT_THE_API',
    `The target at ${url} does not answer like the Messaging API: ${firstRequest} answered ${answer.status} ${type} (${body})${got}; check BASE_URL (without /v1).`,
  );
}

/** What to set when a TLS handshake failed: the settings that name certificates (transport-settings.ts). */
function tlsHint(url: string, error: string): string {
  const clientCertificate =
    '; a server that asks for a client certificate takes it from CLIENT_CERT_FILE and CLIENT_KEY_FILE (--cert, --key)';
  if (/certificate required|handshake failure|bad certificate|alert number 11[56]/i.test(error))
    return clientCertificate;
  // Under TLS 1.3 a server that wanted a certificate closes the connection after the handshake: a reset is all the client sees.
  if (url.startsWith('https:') && /other side closed|reset/i.test(error))
    return `${clientCertificate.replace('; a server', '; if the server asks for a client certificate: a server')}`;
  if (/CERT|certificate|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(error))
    return "; a server whose certificate an authority of your own signed needs that authority's PEM file in CA_FILE (--ca)";
  return '';
}

async function reachAs(
  client: ApiClient,
  url: string,
  secretName: SecretName,
  consequence: string,
  options: ReachOptions,
): Promise<void> {
  const answer = await firstAnswer(client, url, options);
  if (answer instanceof TransportError) {
    throw new HarnessError(
      'MSGAPI_TARGET_UNREACHABLE',
      `Cannot reach the target at ${url}: ${answer.exchange.transportError}${tlsHint(url, answer.exchange.transportError ?? '')}.`,
    );
  }
  if (everyReading.isAuthRefusal(answer.status)) {
    // A 401 is about the token; another refusal may be a gateway's, which wants a header of its own.
    throw new HarnessError(
      'MSGAPI_TARGET_REJECTED_TOKEN',
      `The target at ${url} rejected ${secretName} (GET /v1/conversations answered ${answer.status}); ${consequence}${secretName === 'ACCESS_TOKEN' && answer.status !== 401 ? ', or, behind a gateway that wants a header of its own (an API key), give it with --header' : ''}.`,
    );
  }
  if (!everyReading.isSuccess(answer.status) || !isListPage(answer.body)) throw notTheApi(url, answer);
}

/** Returns how many requests it made, attempts while waiting and after a 429 included. */
export async function reachTarget(target: Target, options: ReachOptions): Promise<number> {
  const client = firstUserClient(target.users, {
    baseUrl: target.url,
    encoding: target.choices.bodyEncoding,
    timeoutMs: options.timeoutMs,
    transport: target.transport,
  });
  await reachAs(client, target.url, 'ACCESS_TOKEN', 'check the token', options);
  const second = secondUserClient(client, target.users);
  // A second token the server refuses would make every isolation check pass for nothing. The
  // target is up by now: no waiting.
  if (second !== undefined)
    await reachAs(
      second,
      target.url,
      'SECOND_ACCESS_TOKEN',
      'check the token, or unset it to skip the isolation checks',
      { timeoutMs: options.timeoutMs },
    );
  // The second user's client shares the first one's journal.
  return client.journal.length;
}
