import { randomBytes, randomUUID } from 'node:crypto';
import type { ReferenceChoices } from './choices.ts';

/** The prefix tells a reader (and a 404 message) which resource an id belongs to. */
export type IdPrefix = 'conv' | 'grp';

export type IdStyle = ReferenceChoices['ids'];

/**
 * prefixed: `conv_` / `grp_` + 64 random bits in hex; uuid: a random (v4) UUID with no prefix, so
 * nothing in the id tells the resources apart. Either way collisions are negligible for an
 * in-memory store, so no retry loop is needed.
 */
export function newId(prefix: IdPrefix, style: IdStyle): string {
  return style === 'uuid' ? randomUUID() : `${prefix}_${randomBytes(8).toString('hex')}`;
}
