// fast-check arbitraries derived from the parameter schemas in schemas/, so that changing a schema
// changes what the property and model-based checks generate. Only the JSON Schema the parameter
// schemas use is understood (type, properties, required, anyOf of required, items, $ref, minimum);
// anything else is refused loudly rather than generated wrong.
import fc from 'fast-check';
import type { BodyEncoding } from '../../lib/core/config/settings.ts';
import { schemaDocument, type SchemaName } from '../../lib/api/schemas/registry.ts';
import { anyText, lowerAlphanumeric, stringOf } from './text-classes.ts';

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
  minimum?: number;
}

const understood = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  '$ref',
  'type',
  'properties',
  'required',
  'anyOf',
  'items',
  'minimum',
  'additionalProperties',
]);

function resolve(schema: Schema): Schema {
  const unknown = Object.keys(schema).filter((key) => !understood.has(key));
  if (unknown.length > 0) throw new Error(`schema-arbitraries: no generator for the keyword(s) ${unknown.join(', ')}`);
  return schema.$ref
    ? resolve(schemaDocument(schema.$ref.replace(/\.schema\.json$/, '') as SchemaName) as Schema)
    : schema;
}

/** Text as people write it, any script and emoji included; never lone surrogates, which no encoding can carry. */
export const text = (maxLength = 24) => fc.string({ unit: 'grapheme', maxLength });

function validValue(raw: Schema, short = false): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  switch (schema.type) {
    case 'string':
      // Every class of text (text-classes.ts): long, control characters, other planes, form metacharacters.
      return short ? stringOf(lowerAlphanumeric, 12) : anyText();
    case 'boolean':
      return fc.boolean();
    // A timestamp or a limit: an integer of the schema's range, kept small enough for any unit.
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: 2_000_000_000 });
    case 'array':
      // Mostly short, sometimes past 100 (members); duplicates come as they come (profile:
      // unique-members), and so does an empty list (profile: form-encoding).
      return fc.oneof(
        { arbitrary: fc.array(validValue(schema.items ?? {}), { maxLength: 4 }), weight: 4 },
        { arbitrary: fc.array(validValue(schema.items ?? {}, true), { minLength: 90, maxLength: 130 }), weight: 1 },
      );
    case 'object':
      return validObject(schema, short);
    default:
      throw new Error(`schema-arbitraries: no generator for type ${JSON.stringify(schema.type)}`);
  }
}

function validObject(schema: Schema, short = false): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const optional = Object.keys(properties).filter((name) => !required.has(name));
  // Any subset of the optional parameters, each as likely present as absent: partial updates are
  // where "fields not given are unchanged" (§4) can break.
  const record = fc
    .tuple(
      fc.subarray(optional),
      fc.record(
        Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(property, short)])),
      ),
    )
    .map(([present, values]) =>
      Object.fromEntries(Object.entries(values).filter(([name]) => required.has(name) || present.includes(name))),
    );
  // anyOf of `required` alternatives (contact_id or group_id): at least one of them present.
  const alternatives = (schema.anyOf ?? []).flatMap((alternative) => alternative.required ?? []);
  return alternatives.length === 0 ? record : record.filter((value) => alternatives.some((name) => name in value));
}

/** Valid parameters of the named operation schema. */
export function validParams(name: SchemaName): fc.Arbitrary<Record<string, unknown>> {
  return validObject(resolve(schemaDocument(name) as Schema));
}

/**
 * Values that are not of the type the schema asks for, in the given encoding. Form bodies carry
 * text only, so there a number is a valid string: wrong values are then the ones no text can be.
 */
function wrongValue(raw: Schema, encoding: BodyEncoding): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const structured = fc.constantFrom<unknown>({ nested: 'object' }, ['a', 'b']);
  switch (schema.type) {
    case 'string':
      return encoding === 'json' ? fc.oneof(structured, fc.integer(), fc.boolean()) : structured;
    case 'boolean':
      return fc.oneof(
        structured,
        fc.constantFrom('perhaps', 'yes please', 'truthy'),
        ...(encoding === 'json' ? [fc.integer()] : []),
      );
    case 'integer':
      return fc.oneof(
        structured,
        fc.constantFrom('yesterday', '1.5', 'ten'),
        ...(encoding === 'json' ? [fc.double({ min: 0.1, max: 1e6, noInteger: true }), fc.boolean()] : []),
      );
    case 'array':
      return fc.oneof(
        fc.constantFrom<unknown>('not a list', { nested: 'object' }),
        fc.constant([{ no_username: 'x' }]),
      );
    default:
      return structured;
  }
}

export interface InvalidParams {
  params: Record<string, unknown>;
  /** What makes them invalid, for messages: "is_muted: \"perhaps\" is not a boolean". */
  why: string;
  /**
   * In a form, a structure is written in bracket keys (avatar_url[nested]=object), which only a
   * server that reads bracket notation takes as the parameter with a structure for its value. One
   * that reads forms flat (Python's parse_qs, Node's querystring) reads parameters of other names,
   * none of the API's, and may ignore them (body-shapes.foreign-fields): a success that changes
   * nothing is then as good as a refusal. Such a value is sent alone, with no valid parameter beside it.
   */
  otherNamesInAFlatForm?: true;
}

/** Valid parameters with exactly one thing wrong: a value of the wrong type, or below its minimum. */
export function invalidParams(name: SchemaName, encoding: BodyEncoding): fc.Arbitrary<InvalidParams> {
  const schema = resolve(schemaDocument(name) as Schema);
  const properties = Object.entries(schema.properties ?? {});
  const broken = properties.map(([field, property]) => {
    const resolved = resolve(property);
    const wrongs = [
      wrongValue(property, encoding).map((value) => ({
        value,
        why: `${field}: ${JSON.stringify(value)} is not of type ${String(resolved.type)}`,
      })),
    ];
    if (resolved.minimum !== undefined) {
      const minimum = resolved.minimum;
      wrongs.push(
        fc
          .integer({ min: -1_000, max: minimum - 1 })
          .map((value) => ({ value: value as unknown, why: `${field}: ${value} is below the minimum ${minimum}` })),
      );
    }
    return fc.tuple(validObject(schema), fc.oneof(...wrongs)).map(([params, wrong]): InvalidParams => {
      if (encoding === 'form' && typeof wrong.value === 'object' && wrong.value !== null)
        return { params: { [field]: wrong.value }, why: wrong.why, otherNamesInAFlatForm: true };
      return { params: { ...params, [field]: wrong.value }, why: wrong.why };
    });
  });
  return fc.oneof(...broken);
}

/** Valid parameters without one required field ("name is required"). */
export function missingRequired(name: SchemaName): fc.Arbitrary<InvalidParams> {
  const schema = resolve(schemaDocument(name) as Schema);
  const required = schema.required ?? [];
  if (required.length === 0) throw new Error(`schema-arbitraries: ${name} has no required parameter to leave out`);
  return fc.tuple(validObject(schema), fc.constantFrom(...required)).map(([params, field]) => {
    const { [field]: _left, ...rest } = params;
    return { params: rest, why: `${field} left out` };
  });
}
