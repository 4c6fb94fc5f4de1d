// A limit that is no positive integer served rather than refused (register: invalid-limit; §8
// says only that "The limit parameter narrows the page size"): 0, a negative, a fraction, a word or
// an empty value is ignored, and the default page size of ten is served.
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';

const POSITIVE = /^[1-9]\d*$/;

function withoutInvalidLimit(source: ParamSource): ParamSource {
  const { limit, ...rest } = source.values;
  const valid =
    source.encoding === 'json'
      ? Number.isSafeInteger(limit) && (limit as number) > 0
      : typeof limit === 'string' && POSITIVE.test(limit);
  return limit === undefined || valid ? source : { encoding: source.encoding, values: rest };
}

export const invalidLimitIgnored: ServerModifier = {
  handle: (next) => (context, route) => next({ ...context, query: () => withoutInvalidLimit(context.query()) }, route),
};
