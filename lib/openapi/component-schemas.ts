// The JSON Schemas of schemas/ as OpenAPI components: the same JSON Schema 2020-12 text, with the
// references between files turned into references inside the one document.
import { readdirSync, readFileSync } from 'node:fs';
import { schemaDirectory } from '../api/schemas/registry.ts';

export type JsonSchema = { [keyword: string]: unknown };

export const schemaRefPrefix = '#/components/schemas/';

/** OpenAPI 3.1 allows only these characters in a component's name. */
const componentNamePattern = /^[A-Za-z0-9._-]+$/;

/** Keywords whose values are data, not schemas: a "$ref" inside them is left as it is. */
const literalKeywords = new Set(['const', 'enum', 'default', 'examples']);

/** Keywords whose values map names to schemas: their keys are names, never keywords. */
const schemaMapKeywords = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

export function schemaRef(name: string): { $ref: string } {
  return { $ref: `${schemaRefPrefix}${name}` };
}

/**
 * Every schema in schemas/, keyed by its file name without ".schema.json". Each file's `$id` (its
 * file name) is dropped because, kept, it would become the base of every `$ref` inside it, so that
 * "#/components/schemas/timestamp" would point into the schema itself rather than the document;
 * `$schema` is dropped because the document's `jsonSchemaDialect` says 2020-12 once for all.
 */
export function componentSchemas(): Record<string, JsonSchema> {
  const files = readdirSync(schemaDirectory)
    .filter((file) => file.endsWith('.schema.json'))
    .sort();
  const documents = files.map((file) => ({
    name: file.replace(/\.schema\.json$/, ''),
    file,
    schema: JSON.parse(readFileSync(new URL(file, schemaDirectory), 'utf8')) as JsonSchema,
  }));
  const nameById = new Map(
    documents.map(({ name, file, schema }) => [typeof schema.$id === 'string' ? schema.$id : file, name]),
  );

  const components: Record<string, JsonSchema> = {};
  for (const { name, file, schema } of documents) {
    if (!componentNamePattern.test(name))
      throw new Error(
        `schemas/${file}: "${name}" cannot be an OpenAPI component name (letters, digits, ".", "-", "_" only).`,
      );
    const { $id: _id, $schema: _dialect, ...rest } = schema;
    components[name] = rewriteRefs(rest, (ref) => documentRef(ref, name, file, nameById), false) as JsonSchema;
  }
  return components;
}

/** "timestamp.schema.json" -> "#/components/schemas/timestamp"; a pointer after "#" is kept. */
function documentRef(ref: string, self: string, file: string, nameById: Map<string, string>): string {
  const hashAt = ref.indexOf('#');
  const target = hashAt === -1 ? ref : ref.slice(0, hashAt);
  const pointer = hashAt === -1 ? '' : ref.slice(hashAt + 1);
  // An empty target is a reference within the file itself, which now lives under its component.
  const name = target === '' ? self : nameById.get(target);
  if (name === undefined)
    throw new Error(`schemas/${file} refers to "${ref}", which is the $id of no schema in schemas/.`);
  if (pointer !== '' && !pointer.startsWith('/'))
    throw new Error(
      `schemas/${file} refers to "${ref}"; only JSON Pointer fragments can be moved into the OpenAPI document.`,
    );
  return `${schemaRefPrefix}${name}${pointer}`;
}

function rewriteRefs(node: unknown, rewrite: (ref: string) => string, isNameMap: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, rewrite, false));
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (isNameMap) return [key, rewriteRefs(value, rewrite, false)];
      if (key === '$ref' && typeof value === 'string') return [key, rewrite(value)];
      if (literalKeywords.has(key)) return [key, structuredClone(value)];
      return [key, rewriteRefs(value, rewrite, schemaMapKeywords.has(key))];
    }),
  );
}
