// An empty list in a form body refused (register: input-rules; §4 "other body encodings: not
// shown"): a form has no standard spelling of an empty array, so `contacts=` (the clean server's
// empty list) is refused with 400 naming contacts, as a server whose form parser has no such
// spelling answers. JSON's [] is still the empty list.
import type { ServerModifier } from '../modifiers.ts';
import { badRequest } from '../respond.ts';

export const emptyFormListRefused: ServerModifier = {
  handle: (next) => (context, route) =>
    next(
      {
        ...context,
        body: async () => {
          const source = await context.body();
          if (source.encoding === 'text' && source.values.contacts === '') {
            throw badRequest('contacts must be a list of contact objects; a form has no empty list.', 'contacts');
          }
          return source;
        },
      },
      route,
    ),
};
