// How a successful answer's body is labelled (register: response-media-type; §2 shows the response
// objects, not their media type): a JSON type of the server's own (+json), or no Content-Type at all.
// Refusals keep theirs: their body is error-body's to decide.
import { jsonText } from '../json-text.ts';
import type { ServerModifier } from '../modifiers.ts';

function relabelled(contentType: string | undefined): ServerModifier {
  return {
    reply: (reply) => {
      if (reply.status < 200 || reply.status > 299 || reply.body === undefined || reply.text !== undefined)
        return reply;
      const { 'Content-Type': _label, ...headers } = reply.headers ?? {};
      return {
        status: reply.status,
        body: undefined,
        text: jsonText(reply.body),
        headers: contentType === undefined ? headers : { ...headers, 'Content-Type': contentType },
      };
    },
  };
}

/** application/vnd.messaging+json: a JSON media type of the server's own. */
export const ownJsonLabel = relabelled('application/vnd.messaging+json; charset=utf-8');

/** No Content-Type on a successful answer (RFC 9110 asks for one with a SHOULD, not a MUST). */
export const noLabel = relabelled(undefined);
