import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { authenticate, type Account } from './auth.ts';
import { ClientGoneError, readBodyParams } from './params/body.ts';
import { parseText } from './params/source.ts';
import { ApiError, sendError, sendJson } from './respond.ts';
import { matchRoute } from './router.ts';

export interface DispatchDeps {
  readonly accounts: ReadonlyMap<string, Account>;
  readonly now: () => number;
}

function splitTarget(target: string): { pathname: string; search: string } {
  const at = target.indexOf('?');
  return at === -1
    ? { pathname: target, search: '' }
    : { pathname: target.slice(0, at), search: target.slice(at + 1) };
}

/**
 * The request pipeline: auth first (so nothing, not even "this id does not exist", leaks to an
 * unauthenticated caller), then routing, then the handler, then one JSON response.
 */
async function handle(req: IncomingMessage, res: ServerResponse, deps: DispatchDeps): Promise<void> {
  try {
    const account = authenticate(req.headers.authorization, deps.accounts);
    const { pathname, search } = splitTarget(req.url ?? '/');
    const handler = matchRoute(req.method ?? 'GET', pathname);
    const reply = await handler({
      store: account.store,
      now: deps.now,
      query: () => parseText(search),
      body: () => readBodyParams(req),
    });
    sendJson(res, reply.status, reply.body);
  } catch (error) {
    if (error instanceof ClientGoneError) return;
    if (error instanceof ApiError) return sendError(res, error);
    // A bug in this server: say so loudly, both to the client and to whoever runs it.
    console.error('reference server: unexpected error', error);
    if (res.headersSent) return void res.destroy();
    sendError(res, new ApiError(500, 'api_error', 'Internal error in the reference server.'));
  }
}

export function createRequestListener(deps: DispatchDeps): RequestListener {
  return (req, res) => {
    // handle() answers every error itself; this only keeps a failure while answering from
    // becoming an unhandled rejection that would take the whole process down.
    handle(req, res, deps).catch((error: unknown) => {
      console.error('reference server: failed to answer', error);
      res.destroy();
    });
  };
}
