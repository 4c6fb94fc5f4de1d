// Refusals with a body that is not JSON, or with none (§7: "error body shape ... not shown"): the
// status and headers stay; the JSON error body becomes plain text, an HTML page, or nothing.
import type { ServerModifier } from '../modifiers.ts';
import type { ErrorBody, Reply } from '../respond.ts';

export type ErrorBodyForm = 'text-plain' | 'html' | 'none';

function messageOf(body: unknown): string {
  const error = (body as Partial<ErrorBody> | undefined)?.error;
  return typeof error?.message === 'string' ? error.message : 'Request refused.';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function rewritten(reply: Reply, form: ErrorBodyForm): Reply {
  const { 'Content-Type': _type, ...headers } = reply.headers ?? {};
  const message = messageOf(reply.body);
  switch (form) {
    case 'none':
      return { status: reply.status, body: undefined, headers };
    case 'text-plain':
      return {
        status: reply.status,
        body: undefined,
        headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
        text: `${reply.status} ${message}\n`,
      };
    case 'html':
      return {
        status: reply.status,
        body: undefined,
        headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
        text: `<!DOCTYPE html>\n<html><head><title>${reply.status}</title></head><body><h1>Error ${reply.status}</h1><p>${escapeHtml(message)}</p></body></html>\n`,
      };
  }
}

/** Every answer of 400 or more (500s included) in the given form. */
export function errorBodies(form: ErrorBodyForm): ServerModifier {
  return { reply: (reply) => (reply.status >= 400 ? rewritten(reply, form) : reply) };
}
