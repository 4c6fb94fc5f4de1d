// What a method or a path the API does not have does to an object: nothing. HEAD, OPTIONS and GET
// are safe in HTTP (RFC 9110, section 9.2.1), wherever they are sent. §3's table names the only
// triggers of a change of state (PUT with archived_at, DELETE) and §4 the only operation that
// changes fields (PUT, "Fields not given are unchanged"): a POST or a PATCH without parameters on
// an object's path, which the API does not have, may be refused or read as an update of nothing,
// and either way the object is as it was. Any answer but a 5xx is taken (a 2xx, a 3xx or a 4xx:
// profile: other-methods); the client's invariants (response-invariants.ts) also fail a 5xx or a
// request the server drops.
// OPTIONS may carry content (RFC 9110, section 9.3.7), and stays safe with it: an OPTIONS on the
// collection with a body that would be a valid create must create nothing (optionsCreatesNothing).
import type { CallOptions, OffPath, OtherMethod } from '../../lib/core/client/api-client.ts';
import type { CheckContext } from '../checks/check-context.ts';
import { CheckFailure, PrerequisiteFailure } from '../checks/check-failure.ts';
import { expectAnswer, expectBody, expectThat, fieldDifferences } from '../checks/expect.ts';
import type { ResourceItem, ResourceUnderTest } from '../checks/resource-under-test.ts';

export interface OtherRequest {
  on: 'item' | 'collection';
  method: OtherMethod | 'GET';
  offPath?: OffPath;
}

/** Each is sent once, and the object is retrieved after each: the failure names the one that changed it. */
export const otherRequests: readonly OtherRequest[] = [
  { on: 'item', method: 'HEAD' },
  { on: 'item', method: 'OPTIONS' },
  { on: 'item', method: 'POST' },
  { on: 'item', method: 'PATCH' },
  { on: 'item', method: 'GET', offPath: '/' },
  { on: 'item', method: 'GET', offPath: '/extra' },
  { on: 'item', method: 'HEAD', offPath: '/extra' },
  { on: 'collection', method: 'HEAD' },
  { on: 'collection', method: 'OPTIONS' },
  { on: 'collection', method: 'GET', offPath: '/extra' },
  // A collection the API does not have, beside one it has (/v1/conversationsextra).
  { on: 'collection', method: 'GET', offPath: 'extra' },
  { on: 'collection', method: 'HEAD', offPath: 'extra' },
];

const described = (resource: ResourceUnderTest<ResourceItem>, request: OtherRequest) =>
  `${request.method} ${resource.path}${request.on === 'item' ? '/:id' : ''}${request.offPath ?? ''}`;

/**
 * OPTIONS on the collection with the body of a create. An answer that names an object carrying this
 * body's marked field (name or contact_id), found by a retrieve, shows the OPTIONS made it: it is
 * the run's own then, so the ledger takes it and the run deletes it. An object that does not carry
 * the marker is not the run's, and is left alone (an answer may name anything).
 */
async function optionsCreatesNothing<T extends ResourceItem>(
  context: CheckContext,
  resource: ResourceUnderTest<T>,
): Promise<void> {
  const params = resource.createParams(context, 'options-body');
  const operation = resource.kind === 'group' ? 'createGroup' : 'createConversation';
  const sent = await context.client.call(operation, { method: 'OPTIONS', body: params });
  const named =
    sent.body !== null && typeof sent.body === 'object' ? (sent.body as Record<string, unknown>).id : undefined;
  if (!context.profile.isSuccess(sent.status) || typeof named !== 'string') return;
  const found = await resource.retrieve(context.client, named);
  if (!context.profile.isSuccess(found.status) || found.body === null || typeof found.body !== 'object') return;
  const object = found.body as Record<string, unknown>;
  const marked = Object.entries(params).every(([field, value]) => context.profile.storedAsSent(value, object[field]));
  if (!marked) return;
  context.ledger.record(
    resource.kind,
    named,
    typeof object.conversation_id === 'string' ? object.conversation_id : undefined,
  );
  throw new CheckFailure({
    expected: `nothing created by OPTIONS ${resource.path} with the body of a create: OPTIONS is safe, with content too (RFC 9110, sections 9.2.1 and 9.3.7), and POST is the API's only create (${resource.section})`,
    received: `OPTIONS answered ${sent.status} naming ${named}, and GET ${resource.path}/${named} finds a ${resource.kind} with the body's ${Object.keys(params).join(', ')}`,
    exchange: found.exchange,
  });
}

/**
 * A convention (profile: allow-on-405): RFC 9110 §15.5.6 asks every 405 for an Allow header naming
 * the methods the path takes; the API names neither (§7), so the check gates only when declared.
 * It sends only safe requests the API does not have, HEAD and OPTIONS on the collection, whose
 * answer is open (profile: other-methods): it skips when neither is a 405.
 */
export const allowOn405 =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    let refused = 0;
    for (const method of ['HEAD', 'OPTIONS'] as const) {
      const sent = await context.client.call(resource.listOperation, { method });
      if (!context.profile.conventionApplies('allow-on-405', sent.status)) continue;
      refused++;
      expectThat(
        context.profile.followsConvention('allow-on-405', sent),
        sent,
        `an Allow header on the 405 for ${method} ${resource.path} (RFC 9110 §15.5.6; profile: allow-on-405)`,
        'no Allow header',
      );
    }
    if (refused === 0)
      context.skip(
        `neither HEAD nor OPTIONS ${resource.path} got a 405: only a 405 carries Allow (profile: allow-on-405, other-methods)`,
      );
  };

export const otherMethodsChangeNothing =
  <T extends ResourceItem>(resource: ResourceUnderTest<T>) =>
  async (context: CheckContext) => {
    const created = await resource.create(context, 'other-methods');
    const first = await resource.retrieve(context.client, created.id);
    if (!context.profile.isSuccess(first.status)) {
      throw new PrerequisiteFailure(
        {
          expected: `${context.profile.describe('success-status')} for GET ${resource.path}/:id of a ${resource.kind} just created`,
          received: `status ${first.status}`,
          exchange: first.exchange,
        },
        `${resource.plural}.retrieve.same-object`,
      );
    }
    const before = resource.comparable(expectBody(first, resource.schema) as unknown as T);
    for (const request of otherRequests) {
      const options: CallOptions = {
        ...(request.on === 'item' ? { id: created.id } : {}),
        ...(request.method === 'GET' ? {} : { method: request.method }),
        ...(request.offPath === undefined ? {} : { offPath: request.offPath }),
      };
      const sent = await context.client.call(
        request.on === 'item' ? resource.itemOperation : resource.listOperation,
        options,
      );
      expectAnswer(
        sent,
        (status) => context.profile.isOtherMethodAnswer(status, request.method),
        'a 2xx, 3xx or 4xx, or a 501 to a method the API has on no path, never another 5xx (profile: other-methods)',
        `${described(resource, request)}, which is not an operation of the API`,
      );
      const after = await resource.retrieve(context.client, created.id);
      const expected = `the ${resource.kind} as it was after ${described(resource, request)}, which is not an operation of the API (§4; §3 names PUT and DELETE as the only triggers; HEAD, OPTIONS and GET are safe, RFC 9110 section 9.2.1), whatever it answers`;
      const what = `after ${described(resource, request)} (answered ${sent.status})`;
      if (!context.profile.isSuccess(after.status)) {
        throw new CheckFailure({
          expected,
          received: `${what}, GET ${resource.path}/:id answered ${after.status}: the ${resource.kind} is gone`,
          exchange: after.exchange,
        });
      }
      const differences = fieldDifferences(
        context.profile,
        resource.comparable(expectBody(after, resource.schema) as unknown as T),
        before,
      );
      if (differences.length > 0)
        throw new CheckFailure({ expected, received: `${what}: ${differences.join('; ')}`, exchange: after.exchange });
    }
    await optionsCreatesNothing(context, resource);
  };
