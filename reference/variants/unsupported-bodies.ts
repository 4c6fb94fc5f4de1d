// Bodies the server does not take at all answered with another 4xx (§4: "other body encodings: not
// shown"): a Content-Type it does not read gets 422 instead of 415, as frameworks that validate
// before they parse answer. What a refusal of bad parameters gets is unchanged.
import type { ServerModifier } from '../modifiers.ts';

export function unsupportedBodiesAs(status: number): ServerModifier {
  return { reply: (reply) => (reply.status === 415 ? { ...reply, status } : reply) };
}
