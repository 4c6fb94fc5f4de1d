// Values read loosely (register: input-rules; §4.1 and §8 call limit an integer, §3 archived_at a
// timestamp, §4.1 is_muted a boolean, and none says which spellings of them a server takes; §7 "Error
// codes ... not shown"): what a server takes whose code coerces types as JavaScript's Number() and
// a form's text do.
// - Integers: whatever Number() reads as one. limit=1e2 is 100, " 5" and "+5" are 5, 0x10 is 16,
//   "1.0" is 1, and a blank " " is 0 (so archived_at=%20 archives at 0, while archived_at= restores);
//   a one-element list (limit[]=5, or [5] in JSON) is its element.
// - JSON strings spell what they would in a form: "true" and "false" are booleans, "5" is 5, and ""
//   is no value (archived_at "" restores, contacts "" is the empty list).
// What none of these reads is still refused. The values are rewritten before the clean handler
// reads them, so everything else stays the clean server's.
import type { ServerModifier } from '../modifiers.ts';
import type { ParamSource } from '../params/source.ts';

/** The parameters read as integers: the page size, the page request's own and archived_at. */
const INTEGER_PARAMS = ['limit', 'page', 'offset', 'archived_at'];
const BOOLEAN_PARAMS = ['is_muted', 'is_pinned'];

/**
 * The integer Number() makes of a text or of a list of one text or number, or undefined. An empty
 * text stays as it is: the clean reader takes it for "restore" (archived_at=). A JSON number is the
 * clean reader's own, and a JSON boolean or null is no spelling of an integer (true is no timestamp).
 */
function spelled(value: unknown): number | undefined {
  const single = Array.isArray(value) && value.length === 1 ? value[0] : value;
  if (single === value && typeof value === 'number') return undefined;
  if (!(typeof single === 'string' && single !== '') && typeof single !== 'number') return undefined;
  const number = Number(single);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** A JSON value as the form's text would be read: undefined where the text reads as nothing else. */
function asFormWouldRead(name: string, value: unknown): unknown {
  if (value !== '' && !(BOOLEAN_PARAMS.includes(name) && (value === 'true' || value === 'false'))) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (name === 'archived_at') return null;
  return name === 'contacts' ? [] : undefined;
}

function lax(source: ParamSource): ParamSource {
  const values: Record<string, unknown> = { ...source.values };
  let changed = false;
  for (const [name, value] of Object.entries(source.values)) {
    let read: unknown;
    if (source.encoding === 'json') read = asFormWouldRead(name, value);
    if (read === undefined && INTEGER_PARAMS.includes(name)) {
      const number = spelled(value);
      // Text carries the number as its plain digits, JSON as a number: what the clean reader takes.
      if (number !== undefined) read = source.encoding === 'json' ? number : String(number);
    }
    if (read === undefined) continue;
    values[name] = read;
    changed = true;
  }
  return changed ? { encoding: source.encoding, values } : source;
}

export const laxValues: ServerModifier = {
  handle: (next) => (context, route) =>
    next(
      {
        ...context,
        query: () => lax(context.query()),
        body: async () => lax(await context.body()),
      },
      route,
    ),
};
