import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { authenticate, type Account } from './auth.ts';
import type { ReferenceChoices } from './choices.ts';
import { composeSeams, type Seams, type ServerModifier } from './modifiers.ts';
import { ClientGoneError, readBodyParams } from './params/body.ts';
import { parseText } from './params/source.ts';
import { ApiError, sendReply, type Reply } from './respond.ts';
import { describeRoute, matchRoute } from './router.ts';

export interface DispatchDeps {
  readonly accounts: ReadonlyMap<string, Account>;
  readonly now: () => number;
  readonly choices: ReferenceChoices;
  /** Faults or variants, wrapped around the clean seams in this order. */
  readonly modifiers: readonly ServerModifier[];
}

function splitTarget(target: string): { pathname: string; search: string } {
  const at = target.indexOf('?');
  return at === -1 ? { pathname: target, search: '' } : { pathname: target.slice(0, at), search: target.slice(at + 1) };
}

const cleanSeams: Seams = {
  authenticate,
  handle: async (context, route) => matchRoute(route.method, route.pathname)(context),
  reply: (reply) => reply,
};

/**
 * The request pipeline: auth first (so nothing, not even "this id does not exist", leaks to an
 * unauthenticated caller), then routing, then the handler, then one JSON response. Every answer,
 * errors included, passes the reply seam.
 */
async function handle(req: IncomingMessage, res: ServerResponse, deps: DispatchDeps, seams: Seams): Promise<void> {
  const { pathname, search } = splitTarget(req.url ?? '/');
  const route = describeRoute(req.method ?? 'GET', pathname);
  let reply: Reply;
  try {
    const account = seams.authenticate(req.headers.authorization, deps.accounts);
    reply = await seams.handle(
      {
        store: account.store,
        now: deps.now,
        choices: deps.choices,
        query: () => parseText(search),
        body: () => readBodyParams(req, deps.choices),
      },
      route,
    );
  } catch (error) {
    if (error instanceof ClientGoneError) return;
    if (error instanceof ApiError) {
      reply = error.toReply();
    } else {
      // A bug in this server (or a fault meant to look like one): say so loudly.
      console.error('reference server: unexpected error', error);
      if (res.headersSent) return void res.destroy();
      reply = new ApiError(500, 'api_error', 'Internal error in the reference server.').toReply();
    }
  }
  sendReply(res, seams.reply(reply, route));
}

export function createRequestListener(deps: DispatchDeps): RequestListener {
  const seams = composeSeams(cleanSeams, deps.modifiers);
  return (req, res) => {
    // handle() answers every error itself; this only keeps a failure while answering from
    // becoming an unhandled rejection that would take the whole process down.
    handle(req, res, deps, seams).catch((error: unknown) => {
      console.error('reference server: failed to answer', error);
      res.destroy();
    });
  };
}
