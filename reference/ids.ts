import { randomBytes } from 'node:crypto';

/** The prefix tells a reader (and a 404 message) which resource an id belongs to. */
export type IdPrefix = 'conv' | 'grp';

/** 64 random bits: collisions are negligible for an in-memory store, so no retry loop is needed. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}
