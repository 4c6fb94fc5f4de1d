// Every JSON Schema in schemas/ compiled once, by one Ajv instance, and looked up by name.
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type {
  Contact,
  Conversation,
  ConversationCreateParams,
  ConversationListParams,
  ConversationUpdateParams,
  Group,
  GroupCreateParams,
  GroupListParams,
  GroupUpdateParams,
  ListEnvelope,
} from '../resources.ts';
import { describeSchemaErrors } from './describe-errors.ts';

/** What each schema, once passed, proves a document to be. */
export interface SchemaTypes {
  conversation: Conversation;
  group: Group;
  contact: Contact;
  timestamp: number;
  'conversation-list': ListEnvelope<Conversation>;
  'group-list': ListEnvelope<Group>;
  'conversation-create.params': ConversationCreateParams;
  'conversation-update.params': ConversationUpdateParams;
  'group-create.params': GroupCreateParams;
  'group-update.params': GroupUpdateParams;
  'conversation-list.params': ConversationListParams;
  'group-list.params': GroupListParams;
}
export type SchemaName = keyof SchemaTypes;

export const schemaDirectory = new URL('../../../schemas/', import.meta.url);

export interface SchemaVerdict {
  valid: boolean;
  /** One line per problem: where, which rule, what was found. Empty when valid. */
  problems: string[];
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** One Ajv instance holding every schema (they $ref one another); each is compiled when first used. */
function schemasLoaded(): Ajv2020 {
  if (ajv) return ajv;
  // verbose keeps the offending value on each error, so a message can show what was found.
  // validateSchema: false, because checking our own schemas against the 2020-12 meta-schema would
  // compile that meta-schema in every worker of every run (about half a second each); a test does
  // it once instead (test/unit/lib/schemas.test.ts), and strict mode still refuses unknown keywords.
  ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, validateSchema: false });
  for (const file of readdirSync(schemaDirectory).filter((entry) => entry.endsWith('.schema.json'))) {
    ajv.addSchema(JSON.parse(readFileSync(new URL(file, schemaDirectory), 'utf8')) as object);
  }
  return ajv;
}

// Compiling is most of a schema's cost and each vitest worker has its own module graph, so a
// worker compiles only the schemas its checks use.
function validatorFor(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = schemasLoaded().getSchema(`${name}.schema.json`);
    if (!validate) throw new Error(`no schema named ${name} in ${schemaDirectory.pathname}`);
    compiled.set(name, validate);
  }
  return validate;
}

/** Validates `document` against the named schema; `label` names the document in messages. */
export function validateAgainst(name: SchemaName, document: unknown, label: string = name): SchemaVerdict {
  const validate = validatorFor(name);
  if (validate(document)) return { valid: true, problems: [] };
  return { valid: false, problems: describeSchemaErrors(validate.errors as ErrorObject[], label) };
}

export function conformsTo<N extends SchemaName>(name: N, document: unknown): document is SchemaTypes[N] {
  return validatorFor(name)(document);
}

/** The schema document itself, for what is generated from it (harness/properties/). */
export function schemaDocument(name: SchemaName): object {
  return JSON.parse(readFileSync(new URL(`${name}.schema.json`, schemaDirectory), 'utf8')) as object;
}

/** Each schema document as written, by file name: for the test that holds them to the meta-schema. */
export function schemaDocumentsOnDisk(): Array<{ file: string; document: object }> {
  return readdirSync(schemaDirectory)
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => ({ file, document: JSON.parse(readFileSync(new URL(file, schemaDirectory), 'utf8')) as object }));
}

/** The names of the schema files present, for tests that keep this list and the folder in step. */
export function schemaNamesOnDisk(): string[] {
  return readdirSync(schemaDirectory)
    .filter((file) => file.endsWith('.schema.json'))
    .map((file) => file.replace(/\.schema\.json$/, ''));
}
