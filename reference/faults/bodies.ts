// Request bodies of other shapes: JSON that is not an object, duplicate or unknown fields, a mismatched content type (§4).
// Each fault is a bug of a hand-written body reader or handler: a JSON value read as if it were an
// object, a repeated form key joined, a parser that leaves the body undefined, an update that
// copies every field of the body onto the record (mass assignment).
import type { Collection } from '../store.ts';
import type { ServerModifier } from '../modifiers.ts';
import { NonObjectJsonBody, type ParamSource } from '../params/source.ts';
import { ApiError } from '../respond.ts';
import { defineFaults } from './fault.ts';
import { around, mapParams, type Endpoint, type ObjectOf, type Resource } from './helpers.ts';
import type { SpecSentence } from './spec.ts';
import { spec } from './spec.ts';
import { interceptStore } from './stores.ts';

const at = (section: string, sentence: string): SpecSentence => ({ section, sentence });

const sentences = {
  namedParameters: at(
    '§4',
    'Request fields are sent as named parameters, as in the form-style examples; other body encodings: not shown.',
  ),
  conversationCreatedAt: at('§2.1', 'created_at | timestamp | When the conversation was created'),
  conversationGroupId: at('§2.1', 'group_id | string or null | Identifier of the group the conversation belongs to'),
  groupUpdateParams: at(
    '§4.2',
    'Optional parameters: name (string), description (string), avatar_url (string), contacts (array of contact objects), archived_at (timestamp).',
  ),
};

/**
 * The body of one endpoint read by a server that fails on some bodies where the clean one refuses
 * them: `stumbles` sees the error the clean reader refused with, and returns the crash to throw
 * instead (an error that is no ApiError is answered with a 500), or undefined to refuse as before.
 */
function crashesReading(endpoint: Endpoint, stumbles: (refusal: unknown) => Error | undefined): ServerModifier {
  return around(endpoint, (context, route, next) => {
    const body = async (): Promise<ParamSource> => {
      try {
        return await context.body();
      } catch (refusal) {
        throw stumbles(refusal) ?? refusal;
      }
    };
    return next({ ...context, body }, route);
  });
}

/** The JSON value of a body that parsed but is no object, when the body was one (else undefined). */
const jsonValueOf = (refusal: unknown): { value: unknown } | undefined =>
  refusal instanceof NonObjectJsonBody ? { value: refusal.value } : undefined;

/**
 * A PUT writes `field` from the body onto the record, as an update that assigns every field of the
 * body would: the clean handler ignores it, and the store's replace puts it in.
 */
function assignsFromBody<R extends Resource>(
  resource: R,
  field: string,
  read: (value: unknown) => unknown,
): ServerModifier {
  return around(`${resource}.update`, (context, route, next) => {
    let given: unknown;
    const body = async (): Promise<ParamSource> => {
      const source = await context.body();
      given = Object.hasOwn(source.values, field) ? source.values[field] : undefined;
      return source;
    };
    const collection = context.store[resource] as unknown as Collection<ObjectOf[R]>;
    const store = interceptStore(context.store, {
      [resource]: {
        replace: (changed: ObjectOf[R]) =>
          collection.replace(given === undefined ? changed : { ...changed, [field]: read(given) }),
      },
    });
    return next({ ...context, body, store }, route);
  });
}

export const bodyFaults = defineFaults([
  {
    name: 'conversations.create.json-array-crash',
    ...spec.contactOrGroupRequired,
    breaks:
      'a JSON array body reaches the validator, which looks up a rule for each key ("0") and crashes: POST /v1/conversations answers 500',
    modifier: crashesReading('conversations.create', (refusal) =>
      Array.isArray(jsonValueOf(refusal)?.value)
        ? new TypeError("Cannot read properties of undefined (reading 'validate')")
        : undefined,
    ),
    detectedBy: ['conversations.body-shapes.non-object-json'],
  },
  {
    name: 'groups.update.json-null-crash',
    ...sentences.namedParameters,
    breaks: 'a JSON null body is read as the parameters, and body.name throws: PUT /v1/groups/:id answers 500',
    modifier: crashesReading('groups.update', (refusal) => {
      const json = jsonValueOf(refusal);
      return json !== undefined && json.value === null
        ? new TypeError("Cannot read properties of null (reading 'name')")
        : undefined;
    }),
    detectedBy: ['groups.body-shapes.non-object-json'],
  },
  {
    name: 'groups.create.json-string-crash',
    ...spec.nameParam,
    breaks: "a JSON string body is searched with 'name' in body, which throws: POST /v1/groups answers 500",
    modifier: crashesReading('groups.create', (refusal) =>
      typeof jsonValueOf(refusal)?.value === 'string'
        ? new TypeError("Cannot use 'in' operator to search for 'name' in a string")
        : undefined,
    ),
    detectedBy: ['groups.body-shapes.non-object-json'],
  },
  {
    name: 'groups.update.repeated-name-joined',
    ...sentences.groupUpdateParams,
    breaks:
      'a form key given twice (name=a&name=b) is joined with a comma, and PUT /v1/groups/:id stores the name "a,b", which was never sent',
    modifier: mapParams('groups.update', (values, encoding) => {
      if (encoding === 'text' && Array.isArray(values.name) && values.name.every((part) => typeof part === 'string'))
        values.name = values.name.join(',');
      return values;
    }),
    detectedBy: ['groups.body-shapes.repeated-keys'],
  },
  {
    name: 'conversations.update.repeated-boolean-crash',
    ...spec.isMutedParam,
    breaks:
      'is_muted given twice in a form arrives as an array, and lower-casing it throws: PUT /v1/conversations/:id answers 500',
    modifier: mapParams('conversations.update', (values, encoding) => {
      if (encoding === 'text' && Array.isArray(values.is_muted))
        throw new TypeError('values.is_muted.toLowerCase is not a function');
      return values;
    }),
    detectedBy: ['conversations.body-shapes.repeated-keys'],
  },
  {
    name: 'conversations.update.created-at-assigned',
    ...sentences.conversationCreatedAt,
    breaks:
      'PUT /v1/conversations/:id copies every field of the body onto the record (mass assignment): created_at=1 makes the conversation created in 1970',
    modifier: assignsFromBody('conversations', 'created_at', (value) => Number(value)),
    detectedBy: ['conversations.body-shapes.foreign-fields'],
  },
  {
    name: 'conversations.update.group-id-assigned',
    ...sentences.conversationGroupId,
    breaks:
      'PUT /v1/conversations/:id with group_id moves the conversation to that group, without asking whether the group exists or already has its conversation',
    modifier: assignsFromBody('conversations', 'group_id', (value) => String(value)),
    detectedBy: ['conversations.body-shapes.foreign-fields'],
  },
  {
    name: 'groups.update.conversation-id-assigned',
    ...spec.conversationIdField,
    breaks:
      'PUT /v1/groups/:id copies conversation_id from the body onto the group (mass assignment), though it names no conversation',
    modifier: assignsFromBody('groups', 'conversation_id', (value) => String(value)),
    detectedBy: ['groups.body-shapes.foreign-fields'],
  },
  {
    name: 'conversations.update.unknown-content-type-crash',
    ...sentences.namedParameters,
    breaks:
      'a body of a Content-Type the parser does not know (text/plain) is left undefined, and body.is_muted throws: PUT /v1/conversations/:id answers 500',
    modifier: crashesReading('conversations.update', (refusal) =>
      refusal instanceof ApiError && refusal.type === 'unsupported_media_type'
        ? new TypeError("Cannot read properties of undefined (reading 'is_muted')")
        : undefined,
    ),
    detectedBy: ['conversations.body-shapes.mismatched-content-type'],
  },
  {
    name: 'groups.create.invalid-json-crash',
    ...sentences.namedParameters,
    breaks:
      'a body declared as JSON that does not parse (a form sent as application/json) throws from JSON.parse unhandled: POST /v1/groups answers 500',
    modifier: crashesReading('groups.create', (refusal) =>
      refusal instanceof ApiError && refusal.message === 'The body is not valid JSON.'
        ? new SyntaxError('Unexpected token \'n\', "name=msgap"... is not valid JSON')
        : undefined,
    ),
    detectedBy: ['groups.body-shapes.mismatched-content-type'],
  },
]);
