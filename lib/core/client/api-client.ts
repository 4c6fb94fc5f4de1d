// The one typed client of the API: one method per endpoint (spec §4), Bearer auth (§5), both body
// encodings, a per-request timeout, and a record of every exchange for failure reports (and, with
// --har, for the run's HAR file: har-recorder.ts).
import { everyReading } from '../profile/server-profile.ts';
import { request } from 'undici';
import type {
  ConversationCreateParams,
  ConversationListParams,
  ConversationUpdateParams,
  GroupCreateParams,
  GroupListParams,
  GroupUpdateParams,
} from '../../api/resources.ts';
import type { BodyEncoding, PaginationStyle } from '../config/settings.ts';
import { appliedCreate, markedField, markedTextsIn, type CreateOperation } from './applied-create.ts';
import { authorizationHeaders, hideDerived, shownAuthorizationHeader, type Credentials } from './credentials.ts';
import { encodeBody, type EncodedBody, type FormSpaces } from './encode-body.ts';
import type { Exchange } from './exchange.ts';
import { buildUrl, operationPath, operations, type OperationName, type QueryValue } from '../../api/operations.ts';
import { kindOf, ReadOnlyRefusal, type Ledger, type LedgerKind, type LedgerUser } from './ledger.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { Redactor } from './redactor.ts';
import { listFilterViolation, responseViolation } from './response-invariants.ts';
import { asksToSlowDown, backoffMs, maxRateLimitRetries, parseRetryAfter, wait } from './retry-after.ts';
import { classifyTransportError, TransportError } from './transport-error.ts';
import { connectionPoolFor } from './connection-pool.ts';
import { directTransport, dispatcherFor, type TransportSettings } from './transport.ts';
import { currentToken, renewedToken, tokenAccepted } from './token-command.ts';
import type { TargetHealth } from './target-health.ts';
import { recordExchange } from '../har/har-recorder.ts';

export interface ApiClientOptions {
  baseUrl: string;
  credentials: Credentials;
  encoding: BodyEncoding;
  timeoutMs: number;
  redactor: Redactor;
  /** Every exchange of this client and of the clients derived from it is appended here. */
  journal?: Exchange[];
  /** When given, it records what this client creates, and updates and deletes of ids that are not
   *  the run's own as that type are refused before sending. */
  ledger?: Ledger;
  /** When given, every request and every retry waits for its slot: the run's shared pace (MAX_RPS, 429s). */
  rateLimiter?: RateLimiter;
  /** --read-only: anything but a GET is refused before sending. */
  readOnly?: boolean;
  /** The run's view of whether the target still answers (target-health.ts): told of every request; once it is gone, nothing is sent. */
  targetHealth?: TargetHealth | undefined;
  /** Headers every request carries, certificates and the proxy (transport.ts); unset: none, direct. */
  transport?: TransportSettings;
  /**
   * How the next page is asked for (PAGINATION): with it, a create that got no answer is looked
   * for in the user's list before it is sent again (applied-create.ts); without, it is not sent again.
   */
  pagination?: PaginationStyle;
}

/** The flags a curl reproduction needs to reach the target as the client did (its certificates). */
export function curlTransportFlags(transport: TransportSettings): string[] {
  return [
    ...(transport.caFile === undefined ? [] : ['--cacert', transport.caFile]),
    ...(transport.certFile === undefined ? [] : ['--cert', transport.certFile]),
    ...(transport.keyFile === undefined ? [] : ['--key', transport.keyFile]),
    ...(transport.insecure ? ['--insecure'] : []),
  ];
}

/** The transport's extra headers on a request: sent as read, recorded as shown ($VAR for a secret). */
function addExtraHeaders(
  transport: TransportSettings,
  headers: Record<string, string | string[]>,
  shown?: Record<string, string>,
): void {
  for (const header of transport.headers) {
    headers[header.name.toLowerCase()] = header.value;
    if (shown) shown[header.name.toLowerCase()] = header.shown;
  }
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON body; undefined when the body is empty or not JSON (see jsonError). */
  body: unknown;
  text: string;
  jsonError?: string;
  exchange: Exchange;
}

export interface CallOptions {
  id?: string;
  query?: Record<string, QueryValue>;
  /** Sent as given, in the configured encoding: checks of bad input may send any value. */
  body?: Record<string, unknown>;
  /**
   * A body sent exactly as written, with this Content-Type, instead of `body`: the checks of other
   * body shapes (JSON that is not an object, repeated keys, a Content-Type that does not match).
   */
  raw?: EncodedBody;
  /**
   * Another method on the operation's path, sent without a body (OPTIONS may carry one): a method
   * the API does not have there, or HEAD and OPTIONS, which HTTP makes safe (RFC 9110, section
   * 9.2.1). Anything but a safe method is an update or delete to the ledger.
   */
  method?: OtherMethod;
  /**
   * Appended to the operation's path: a path the API does not have, beside one it has ('/' and
   * '/extra' below it; 'extra' on a collection makes a name the API has no collection of, as
   * /v1/conversationsextra). Safe methods only.
   */
  offPath?: OffPath;
  /** How a form body writes spaces (encode-body.ts); the default is %20. */
  formSpaces?: FormSpaces;
}

export type OtherMethod = 'HEAD' | 'OPTIONS' | 'POST' | 'PATCH';
/** The methods a client may send again when no answer came (RFC 9110, section 9.2.2). */
const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** No answer at all, as congestion leaves a request: none in time, the connection refused or reset. */
const congestionFailures: ReadonlySet<string> = new Set(['timeout', 'connection-refused', 'connection-reset']);
export type OffPath = '/' | '/extra' | 'extra';
/** The methods HTTP defines as safe: a server must not change anything for them (RFC 9110, section 9.2.1). */
export const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export type PageQuery = Record<string, QueryValue>;

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Bodies past this size are not the API's answers but a broken server's; reading stops there. */
export const maxBodyBytes = 10 * 1024 * 1024;

/** How long a request refused even alone waits for the run's look at the target (target-watch.ts). */
const lookAwaitedMs = 20_000;

/**
 * A request that got no connection even sent alone: the run's watch is asked to look at the target
 * at once, and its word awaited. True when it found the target gone: the request's failure is then
 * no verdict on the server (the run stops, and what failed is not judged).
 */
async function goneOnLook(health: TargetHealth, unanswered: TransportError): Promise<boolean> {
  health.suspectNow(unanswered.failure);
  const until = performance.now() + lookAwaitedMs;
  while (health.suspect() && !health.isGone() && performance.now() < until) await wait(100);
  return health.isGone();
}

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly code = 'MSGAPI_BODY_TOO_LARGE';
}

async function readBody(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new BodyTooLargeError(`a body larger than ${limit} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): { body: unknown; jsonError?: string } {
  if (text.trim() === '') return { body: undefined };
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return { body: undefined, jsonError: (error as Error).message };
  }
}

/** A request sent again on a connection of its own: its answer beside the first one's, or why none came. */
export type FreshLook =
  { status: number; body: string; sameStatus: boolean; sameBody: boolean } | { transportError: string };

export class ApiClient {
  readonly journal: Exchange[];

  constructor(private readonly options: ApiClientOptions) {
    this.journal = options.journal ?? [];
  }

  /** Whom the ledger records as the maker of what this client creates (ledger.ts LedgerEntry.user). */
  private get ledgerUser(): LedgerUser {
    const { credentials } = this.options;
    return credentials.kind === 'token' && credentials.secretName === 'SECOND_ACCESS_TOKEN' ? 'second' : undefined;
  }

  /** The same client acting with other credentials (another user, or none), sharing the journal. */
  as(credentials: Credentials): ApiClient {
    return new ApiClient({ ...this.options, credentials, journal: this.journal });
  }

  /** Whether this client's ledger has the id as the run's own of that type (never without a ledger). */
  ledgerOwns(kind: LedgerKind, id: string): boolean {
    const { ledger } = this.options;
    return ledger !== undefined && ledger.refusal(kind, id) === undefined;
  }

  /** Whether the id was among the user's records before the run (the ledger's snapshot). */
  heldBeforeTheRun(kind: LedgerKind, id: string): boolean {
    return this.options.ledger?.prior?.has(kind, id) === true;
  }

  /** The same client recording into a journal of its own: for one of several parts of a check that send at the same time. */
  withJournal(journal: Exchange[]): ApiClient {
    return new ApiClient({ ...this.options, journal });
  }

  listConversations(params: ConversationListParams = {}, page: PageQuery = {}): Promise<ApiResponse> {
    return this.call('listConversations', { query: { ...params, ...page } });
  }
  createConversation(params: ConversationCreateParams): Promise<ApiResponse> {
    return this.call('createConversation', { body: { ...params } });
  }
  retrieveConversation(id: string): Promise<ApiResponse> {
    return this.call('retrieveConversation', { id });
  }
  updateConversation(id: string, params: ConversationUpdateParams): Promise<ApiResponse> {
    return this.call('updateConversation', { id, body: { ...params } });
  }
  deleteConversation(id: string): Promise<ApiResponse> {
    return this.call('deleteConversation', { id });
  }
  listGroups(params: GroupListParams = {}, page: PageQuery = {}): Promise<ApiResponse> {
    return this.call('listGroups', { query: { ...params, ...page } });
  }
  createGroup(params: GroupCreateParams): Promise<ApiResponse> {
    return this.call('createGroup', { body: { ...params } });
  }
  retrieveGroup(id: string): Promise<ApiResponse> {
    return this.call('retrieveGroup', { id });
  }
  updateGroup(id: string, params: GroupUpdateParams): Promise<ApiResponse> {
    return this.call('updateGroup', { id, body: { ...params } });
  }
  deleteGroup(id: string): Promise<ApiResponse> {
    return this.call('deleteGroup', { id });
  }

  /**
   * Any operation with any parameters; the typed methods above are the usual way in. A 429 is
   * honoured: the request is sent again after Retry-After (or an exponential backoff when it names
   * no time), up to five times, each attempt through the run's rate limiter, which the 429 also
   * slows down (each attempt is in the journal). Still 429 after that: a TransportError.
   */
  async call(operation: OperationName, options: CallOptions = {}): Promise<ApiResponse> {
    const method = options.method ?? operations[operation].method;
    const { ledger, readOnly, rateLimiter } = this.options;
    // OPTIONS alone may carry content (RFC 9110, section 9.3.7): a body that would create, to see that it does not.
    if (
      options.method !== undefined &&
      options.method !== 'OPTIONS' &&
      (options.body !== undefined || options.raw !== undefined)
    )
      throw new TypeError('another method is sent without a body, but OPTIONS');
    if (options.offPath !== undefined && !safeMethods.has(method))
      throw new TypeError(`${method} is not sent to a path the API does not have: only safe methods are`);
    if (readOnly && !safeMethods.has(method)) {
      throw new ReadOnlyRefusal(`refused to send ${method} ${operations[operation].path}: the run is read-only`);
    }
    if (ledger && options.id !== undefined && !safeMethods.has(method)) {
      ledger.assertMayChange(kindOf(operation)!, `${method} ${operations[operation].path}`, options.id);
    }
    const started = performance.now();
    for (let retries = 0; ; retries++) {
      const sentAt = rateLimiter ? await rateLimiter.acquire() : 0;
      let response: ApiResponse;
      try {
        response = await this.send(operation, options);
        rateLimiter?.released();
      } catch (error) {
        rateLimiter?.released();
        response = await this.sentAgainAlone(error, operation, options, sentAt);
      }
      if (!asksToSlowDown(response.status, response.headers)) {
        rateLimiter?.answered(response.exchange.durationMs);
        return response;
      }
      const retryAfter = parseRetryAfter(response.headers['retry-after']);
      rateLimiter?.throttled(sentAt, retryAfter);
      if (retries === maxRateLimitRetries) throw this.stillThrottled(response, retries, performance.now() - started);
      await wait(retryAfter ?? backoffMs(retries));
    }
  }

  /**
   * A request that got no answer (none in time, or its connection refused or reset) while the
   * target answers others: congestion, most likely the run's own doing (a threaded server's listen
   * backlog, a gateway's pool); an idempotent request reset on a kept-alive connection is first sent
   * once more at once on a fresh one (resentOnFreshConnection). The run's window is cut (shared-rate-bucket.ts), and the request is sent
   * once more, alone. Only a request that may be sent twice: an idempotent method (RFC 9110
   * §9.2.2), or any whose connection was refused, which sent nothing. A create that may have been
   * applied is looked for first, alone too, by what it sent (applied-create.ts): sent again only
   * when the user's list shows it was not, or shows what it made, which the ledger then takes (the
   * check deletes it), or when it carried nothing of the run's to find (applied-create.ts says why
   * that loses nothing); any other POST is not sent again. Unanswered alone too, the failure says so,
   * and is the server's: it is rethrown marked `alone`.
   */
  private async sentAgainAlone(
    error: unknown,
    operation: OperationName,
    options: CallOptions,
    sentAt: number,
  ): Promise<ApiResponse> {
    const { rateLimiter, targetHealth, timeoutMs } = this.options;
    if (!(error instanceof TransportError) || !congestionFailures.has(error.failure)) throw error;
    const resent = await this.resentOnFreshConnection(error, operation, options);
    if ('response' in resent) return resent.response;
    error = resent.error;
    sentAt = resent.sentAt ?? sentAt;
    if (!(error instanceof TransportError) || !congestionFailures.has(error.failure)) throw error;
    // Connections refused or reset in a row with no answer between them: a target going away, which
    // the run's watch (target-watch.ts) confirms; that is not congestion, and nothing is sent again.
    // Timeouts in a row are what a burst into an overrun listen backlog leaves: sent again alone.
    if (rateLimiter === undefined || targetHealth?.isGone()) throw error;
    if (targetHealth?.suspect() && error.failure !== 'timeout') throw error;
    rateLimiter.congested(sentAt);
    const method = options.method ?? operations[operation].method;
    const mayBeApplied = !idempotentMethods.has(method) && error.failure !== 'connection-refused';
    const create = mayBeApplied ? this.findableCreate(operation, options) : undefined;
    if (mayBeApplied && create === undefined) throw error;
    if (!rateLimiter.sendsAgainAlone()) throw error;
    try {
      return await rateLimiter.alone(async () => {
        if (create !== undefined && !(await this.notAppliedOrTaken(create, error))) throw error;
        return this.send(operation, options);
      }, timeoutMs);
    } catch (again) {
      if (again === error) throw error;
      if (!(again instanceof TransportError) || !congestionFailures.has(again.failure)) throw again;
      // The run is stopping: it went out at once, beside others, and says nothing of "alone".
      if (rateLimiter.stopped()) throw again;
      // No connection even alone: a target gone, unless the run's own look finds it answering.
      if (targetHealth !== undefined && again.failure !== 'timeout' && (await goneOnLook(targetHealth, again)))
        throw again;
      rateLimiter.unansweredAlone();
      const { exchange } = again;
      exchange.transportError = `${exchange.transportError ?? again.message}, even sent again alone (no other request of the run on the wire)`;
      throw new TransportError(
        again.failure,
        `${exchange.method} ${exchange.url}: ${exchange.transportError}`,
        exchange,
        true,
      );
    }
  }

  /**
   * A kept-alive connection that a server closed while idle, without a word (no Keep-Alive hint,
   * which undici honours), fails the request written onto it in that moment with a reset; RFC 9112
   * §9.3.1 lets a client retry an idempotent request so, and the server did nothing wrong. Such a
   * request is sent once more at once, on a connection of its own: no congestion, and no wait. A
   * request that may have been applied (a POST) goes the way of congestion (sentAgainAlone), where
   * its create is looked for first. Reset again, it is congestion after all.
   */
  private async resentOnFreshConnection(
    error: TransportError,
    operation: OperationName,
    options: CallOptions,
  ): Promise<{ response: ApiResponse } | { error: unknown; sentAt?: number }> {
    const { rateLimiter, targetHealth } = this.options;
    const method = options.method ?? operations[operation].method;
    // The checks' clients only (a run's window): the run's own looks at the target take a reset as it is.
    if (rateLimiter === undefined || error.failure !== 'connection-reset' || !idempotentMethods.has(method))
      return { error };
    if (targetHealth?.isGone() || targetHealth?.suspect()) return { error };
    const sentAt = await rateLimiter.acquire();
    try {
      return { response: await this.send(operation, options, 'fresh') };
    } catch (again) {
      return { error: again, sentAt };
    } finally {
      rateLimiter.released();
    }
  }

  /**
   * A create with what its object would carry in the marked field (a body's value, or the run's
   * marked texts in a body sent as written), and a pagination to look for it with; else undefined.
   */
  private findableCreate(
    operation: OperationName,
    options: CallOptions,
  ): { operation: CreateOperation; sent: string[] } | undefined {
    if (operation !== 'createGroup' && operation !== 'createConversation') return undefined;
    if (options.method !== undefined || this.options.pagination === undefined) return undefined;
    const value = options.body?.[markedField[operation]];
    const sent = options.raw !== undefined ? markedTextsIn(options.raw.text) : typeof value === 'string' ? [value] : [];
    return { operation, sent };
  }

  /**
   * Whether a create that got no answer may be sent again: its list, read as this client (no other
   * request of the run on the wire), shows it was not applied, or shows the object it made, which
   * the ledger takes as the run's own. False when that cannot be told.
   */
  private async notAppliedOrTaken(
    create: { operation: CreateOperation; sent: string[] },
    unanswered: TransportError,
  ): Promise<boolean> {
    const list = create.operation === 'createGroup' ? 'listGroups' : 'listConversations';
    // A page that gets no answer either tells nothing: the create is then not sent again.
    const applied = await appliedCreate(
      create.operation,
      create.sent,
      this.options.pagination!,
      (query) => this.send(list, { query }),
      everyReading.isSuccess,
    ).catch((error: unknown) => {
      if (!(error instanceof TransportError)) throw error;
      return { unknown: `a page of the list got no answer: ${error.exchange.transportError ?? error.message}` };
    });
    if ('unmarked' in applied) return true;
    if ('unknown' in applied) {
      unanswered.exchange.transportError = `${unanswered.exchange.transportError}; not sent again: whether it was applied cannot be told (${applied.unknown})`;
      return false;
    }
    if (applied.applied)
      this.options.ledger?.record(
        create.operation === 'createGroup' ? 'group' : 'conversation',
        applied.id,
        applied.conversationId,
        this.ledgerUser,
      );
    return true;
  }

  private stillThrottled(response: ApiResponse, retries: number, elapsedMs: number): TransportError {
    const { exchange } = response;
    const retryAfter = response.headers['retry-after'];
    exchange.transportError =
      `still answered ${response.status} after ${retries} retries over ${(elapsedMs / 1_000).toFixed(1)} s ` +
      `(${retryAfter === undefined ? 'no Retry-After; backing off exponentially' : `Retry-After: ${retryAfter}`}): ` +
      "the target's rate limit let no attempt through";
    return new TransportError('other', `${exchange.method} ${exchange.url}: ${exchange.transportError}`, exchange);
  }

  /**
   * A safe request of the journal sent again on a connection of its own, closed after it: a
   * failure seen on a kept-alive connection may belong to what that connection carried before (a
   * body longer or shorter than its Content-Length, a reply left unread). Only GET, HEAD and
   * OPTIONS, and only with the credentials this client sends; undefined for any other exchange.
   * The answer is not recorded in the journal: it is a diagnosis, not a step of the check.
   */
  async resendOnFreshConnection(exchange: Exchange): Promise<FreshLook | undefined> {
    const { timeoutMs, redactor } = this.options;
    const credentials = this.currentCredentials();
    if (!safeMethods.has(exchange.method) || exchange.requestBody !== undefined) return undefined;
    // Only to this client's server, and only an item: a list's answer moves with every other check.
    if (
      !exchange.url.startsWith(this.options.baseUrl) ||
      exchange.url.includes('?') ||
      exchange.operation.startsWith('list')
    )
      return undefined;
    // An object deleted since (a model sequence deletes what it made before its failure is told) would answer 404 for that reason alone.
    const path = new URL(exchange.url).pathname;
    if (
      this.journal.some(
        (later) =>
          later.method === 'DELETE' &&
          new URL(later.url).pathname === path &&
          this.journal.indexOf(later) > this.journal.indexOf(exchange),
      )
    )
      return undefined;
    if ((exchange.requestHeaders.authorization ?? undefined) !== shownAuthorizationHeader(credentials))
      return undefined;
    const authorization = authorizationHeaders(credentials);
    const headers: Record<string, string | string[]> = { accept: 'application/json' };
    addExtraHeaders(this.options.transport ?? directTransport, headers);
    if (authorization.length > 0)
      headers.authorization = authorization.length === 1 ? authorization[0]! : [...authorization];
    // The URL as sent: the journal's differs only where a secret appeared in it, now a $VARIABLE.
    if (/\$[A-Z_]+/.test(exchange.url)) return undefined;
    const agent = dispatcherFor(this.options.transport ?? directTransport, { connections: 1, pipelining: 0 });
    try {
      const response = await request(exchange.url, {
        method: exchange.method,
        headers,
        dispatcher: agent,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = redactor.redact(hideDerived(credentials, await readBody(response.body, maxBodyBytes)));
      // Two observed answers compared with each other, not with what a server may answer: no verdict, so no profile.
      return {
        status: response.statusCode,
        body: text,
        sameStatus: Object.is(response.statusCode, exchange.status),
        sameBody: text === exchange.responseBody,
      };
    } catch (error) {
      return { transportError: classifyTransportError(error, timeoutMs).message };
    } finally {
      await agent.close().catch(() => {});
    }
  }

  /** ACCESS_TOKEN_COMMAND and the first user's token it stands for, when both apply to this client's requests. */
  private tokenCommand(): { command: string; credentials: Extract<Credentials, { kind: 'token' }> } | undefined {
    const command = this.options.transport?.tokenCommand;
    const { credentials } = this.options;
    if (command === undefined || credentials.kind !== 'token' || credentials.secretName !== 'ACCESS_TOKEN')
      return undefined;
    return { command, credentials };
  }

  /** The credentials as sent now: with ACCESS_TOKEN_COMMAND, its newest token in this process. */
  private currentCredentials(): Credentials {
    const own = this.tokenCommand();
    return own === undefined
      ? this.options.credentials
      : { ...own.credentials, token: currentToken(own.command, own.credentials.token) };
  }

  /** One request; `connection: 'fresh'` sends it on a connection of its own, closed after it. */
  private async send(
    operation: OperationName,
    call: CallOptions,
    connection: 'pooled' | 'fresh' = 'pooled',
  ): Promise<ApiResponse> {
    const own = this.tokenCommand();
    if (own === undefined) return this.sendWith(operation, call, this.options.credentials, connection);
    // ACCESS_TOKEN_COMMAND: the newest token of this process; renewed once when it expired (token-command.ts).
    const used = { ...own.credentials, token: currentToken(own.command, own.credentials.token) };
    const answer = await this.sendWith(operation, call, used, connection);
    // 401 Unauthorized is what an expired token gets (RFC 6750 §3.1: invalid_token); any other answer shows the token accepted.
    if (!everyReading.isUnauthorized(answer.status)) {
      tokenAccepted(own.command, used.token);
      return answer;
    }
    const renewed = renewedToken(own.command, used.token);
    return renewed === undefined
      ? answer
      : this.sendWith(operation, call, { ...own.credentials, token: renewed }, connection);
  }

  private async sendWith(
    operation: OperationName,
    { id, query, body, raw, method: otherMethod, offPath, formSpaces }: CallOptions,
    credentials: Credentials,
    connection: 'pooled' | 'fresh',
  ): Promise<ApiResponse> {
    const method = otherMethod ?? operations[operation].method;
    const { redactor, timeoutMs } = this.options;
    const url = buildUrl(this.options.baseUrl, operationPath(operation, id) + (offPath ?? ''), query);
    const transport = this.options.transport ?? directTransport;
    const transportFlags = curlTransportFlags(transport);
    const headers: Record<string, string | string[]> = { accept: 'application/json' };
    const shownHeaders: Record<string, string> = { accept: 'application/json' };
    // A gateway's headers first: the API's own (Authorization, Content-Type) are the suite's to send.
    addExtraHeaders(transport, headers, shownHeaders);
    // Texts derived credentials made from a token are hidden first, then every configured secret.
    const redact = (text: string): string => redactor.redact(hideDerived(credentials, text));
    const authorization = authorizationHeaders(credentials);
    if (authorization.length > 0) {
      // Two values: two Authorization headers (the auth checks' variants), one line each.
      headers.authorization = authorization.length === 1 ? authorization[0]! : [...authorization];
      shownHeaders.authorization = shownAuthorizationHeader(credentials)!;
    }
    const encoded = raw ?? (body === undefined ? undefined : encodeBody(this.options.encoding, body, formSpaces));
    if (encoded) headers['content-type'] = shownHeaders['content-type'] = encoded.contentType;

    const exchange: Exchange = {
      operation,
      method,
      ...(offPath === undefined ? {} : { offPath }),
      url: redact(url),
      requestHeaders: shownHeaders,
      ...(encoded ? { requestBody: redact(encoded.text) } : {}),
      ...(transportFlags.length > 0 ? { transportFlags } : {}),
      durationMs: 0,
    };
    const health = this.options.targetHealth;
    if (health?.isGone()) {
      // The run stops: this check ends here instead of waiting on a target that is not there.
      exchange.transportError = 'not sent: the target stopped answering and the run is stopping';
      throw new TransportError('other', `${method} ${exchange.url}: ${exchange.transportError}`, exchange);
    }
    this.journal.push(exchange);
    // The wall clock for the HAR's startedDateTime; the monotonic one for the duration.
    const startedAt = Date.now();
    const started = performance.now();
    exchange.sentAt = performance.timeOrigin + started;
    let recorded = false;
    // A request that may not be sent twice (a POST) goes out on a connection of its own: on a kept-alive
    // one, a server's close without notice may meet it, and it could then not be sent again
    // (RFC 9112 §9.3.1), nor told applied or not. A handshake more per POST; none on HTTP/1.0 targets.
    const ownConnection =
      connection === 'fresh' || !idempotentMethods.has(method)
        ? dispatcherFor(transport, { connections: 1, pipelining: 0 })
        : undefined;
    try {
      const response = await request(url, {
        method,
        headers,
        body: encoded?.text,
        dispatcher: ownConnection ?? connectionPoolFor(transport),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const responseHeaders = flattenHeaders(response.headers);
      // An answer; one that only asks to slow down lengthens a stretch the run bounds (--throttle-limit).
      health?.answered(
        Date.now(),
        asksToSlowDown(response.statusCode, responseHeaders) ? response.statusCode : undefined,
      );
      const text = await readBody(response.body, maxBodyBytes);
      exchange.durationMs = performance.now() - started;
      exchange.status = response.statusCode;
      exchange.responseHeaders = responseHeaders;
      exchange.responseBody = redact(text);
      const answer: ApiResponse = {
        status: response.statusCode,
        headers: exchange.responseHeaders,
        text,
        exchange,
        ...parseJson(text),
      };
      const violation =
        responseViolation(answer, method) ??
        (operations[operation].method === method &&
        operation.startsWith('list') &&
        everyReading.isSuccess(answer.status)
          ? listFilterViolation(query, answer.body)
          : undefined);
      if (violation !== undefined) exchange.violation = violation;
      recordExchange(exchange, { startedAt, responseBytes: Buffer.byteLength(text), redact });
      recorded = true;
      // Creates are recorded from their own answer, before anyone validates it (ledger.ts).
      if (otherMethod === undefined)
        this.options.ledger?.observe(operation, id, answer.status, answer.body, this.ledgerUser);
      return answer;
    } catch (error) {
      exchange.durationMs = performance.now() - started;
      const { failure, message } = classifyTransportError(error, timeoutMs);
      health?.failed(failure);
      exchange.transportError = message;
      if (!recorded) recordExchange(exchange, { startedAt, redact });
      throw new TransportError(failure, `${method} ${exchange.url}: ${message}`, exchange);
    } finally {
      await ownConnection?.close().catch(() => {});
    }
  }
}
