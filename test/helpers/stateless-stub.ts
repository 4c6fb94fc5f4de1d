// A server that stores nothing: every request about conversations gets the same canned
// conversation, every request about groups the same canned group (every id the same), lists hold
// that one object, and a DELETE answers 204. Checks whose subject is state must not pass against it.
import type { ServerResponse } from 'node:http';
import { newContactConversation, newGroup } from '../../lib/api/new-objects.ts';
import { listenLocally, withBody } from './test-server.ts';

// Valid new objects (lib/api/new-objects.ts), so that only state, never shape, tells it apart.
export const cannedConversation = {
  id: 'conv_canned',
  contact_id: 'canned-contact',
  ...newContactConversation,
  created_at: 1_700_000_000,
};

export const cannedGroup = {
  id: 'grp_canned',
  name: 'canned group',
  ...newGroup,
  conversation_id: 'conv_canned',
  created_at: 1_700_000_000,
};

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export function startStatelessStub() {
  return listenLocally(
    withBody((req, res) => {
      const path = new URL(req.url!, 'http://stub').pathname;
      const canned = path.startsWith('/v1/groups') ? cannedGroup : cannedConversation;
      if (req.method === 'DELETE') return send(res, 204);
      if (req.method === 'GET' && (path === '/v1/conversations' || path === '/v1/groups'))
        return send(res, 200, { has_more: false, data: [canned] });
      return send(res, req.method === 'POST' ? 201 : 200, canned);
    }),
  );
}
