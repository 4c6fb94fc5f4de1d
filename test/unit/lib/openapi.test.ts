import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runOpenapi } from '../../../app/cli/commands/openapi.ts';
import { operations, type OperationName } from '../../../lib/api/operations.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { buildOpenApi } from '../../../lib/openapi/build-openapi.ts';
import { formMediaType, jsonMediaType, openApiPath } from '../../../lib/openapi/operation-object.ts';
import {
  schemaDocument,
  schemaNamesOnDisk,
  validateAgainst,
  type SchemaName,
} from '../../../lib/api/schemas/registry.ts';

// The document is plain JSON data; these loose shapes let the test walk it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walked by field names the test knows, not typed
type Json = { [field: string]: any };
type ParserInput = Parameters<typeof validate>[0];

const operationNames = Object.keys(operations) as OperationName[];

function operationIn(document: Json, name: OperationName): Json {
  const { method, path } = operations[name];
  return document.paths[openApiPath(path)][method.toLowerCase()];
}

/** Every "$ref" in the document, with where it sits. */
function refsIn(node: unknown, at = '#'): Array<{ at: string; ref: string }> {
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [{ at, ref: value }] : refsIn(value, `${at}/${key}`),
  );
}

function resolvePointer(document: Json, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (node !== null && typeof node === 'object' ? (node as Json)[part] : undefined),
      document,
    );
}

const conversation = {
  id: 'conv_1',
  contact_id: 'contact_1',
  group_id: null,
  pinned_message_id: null,
  is_pinned: false,
  is_muted: false,
  last_active_at: null,
  last_opened_at: null,
  created_at: 1_700_000_000,
  archived_at: null,
};
const group = {
  id: 'grp_1',
  name: 'Friends',
  description: null,
  avatar_url: null,
  conversation_id: 'conv_2',
  contacts: [{ username: 'alice' }],
  created_at: 1_700_000_000,
  archived_at: null,
};

describe('openapi — the OpenAPI 3.1 document built from schemas/ and lib/api/operations.ts', () => {
  let document: Json;
  let dereferenced: Json;

  beforeAll(async () => {
    document = buildOpenApi();
    // The parser resolves references in place, so it gets a copy.
    dereferenced = (await dereference(structuredClone(document) as ParserInput)) as Json;
  });

  it('openapi.valid — an OpenAPI 3.1 validator accepts the document', async () => {
    const result = await validate(structuredClone(document) as ParserInput);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('openapi.valid-catches — the same validator rejects a document with a parameter in the body', async () => {
    const broken = structuredClone(document);
    broken.paths['/v1/groups'].get.parameters[0].in = 'body';
    const result = await validate(broken as ParserInput);
    expect(result.valid).toBe(false);
  });

  it('openapi.operations — all ten operations, with their method, operationId, summary, tag and spec section', () => {
    const found = Object.values(document.paths as Record<string, Json>).flatMap((pathItem) => Object.values(pathItem));
    expect(found.map((operation: Json) => operation.operationId).sort()).toEqual([...operationNames].sort());
    for (const name of operationNames) {
      const operation = operationIn(document, name);
      expect(operation, `${operations[name].method} ${operations[name].path}`).toBeDefined();
      expect(operation.operationId).toBe(name);
      expect(operation.summary).toMatch(/\w/);
      expect(operation.tags).toEqual([name.includes('Conversation') ? 'conversations' : 'groups']);
      expect(operation['x-spec-section']).toBe(operations[name].spec);
    }
  });

  it('openapi.bearer — bearer authentication (§5) applies to every operation', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearer: [] }]);
    expect(document.servers[0]).toMatchObject({
      url: '{base_url}',
      variables: { base_url: { default: expect.any(String) } },
    });
  });

  it('openapi.path-id — every operation on /:id takes the required path parameter id', () => {
    for (const name of operationNames.filter((operation) => operations[operation].path.includes(':id'))) {
      expect(operationIn(document, name).parameters, name).toContainEqual(
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
      );
    }
  });

  it('openapi.list-query — the list operations take exactly the properties of the *-list.params schemas as query parameters', () => {
    for (const [name, params] of [
      ['listConversations', 'conversation-list.params'],
      ['listGroups', 'group-list.params'],
    ] as const) {
      const properties = (schemaDocument(params) as Json).properties as Json;
      const parameters = operationIn(document, name).parameters as Json[];
      expect(
        parameters.map((parameter) => parameter.name),
        name,
      ).toEqual(Object.keys(properties));
      for (const parameter of parameters) {
        expect(parameter.in).toBe('query');
        expect(parameter.schema, `${name} ${parameter.name}`).toEqual(properties[parameter.name]);
      }
    }
    expect(operationIn(document, 'listConversations').description).toMatch(/§4\.3/);
  });

  it('openapi.bodies — create and update take the params schema as a form and as JSON; contacts go deepObject-style', () => {
    const bodies: Array<[OperationName, SchemaName]> = [
      ['createConversation', 'conversation-create.params'],
      ['updateConversation', 'conversation-update.params'],
      ['createGroup', 'group-create.params'],
      ['updateGroup', 'group-update.params'],
    ];
    for (const [name, params] of bodies) {
      const content = operationIn(document, name).requestBody.content as Json;
      expect(Object.keys(content).sort(), name).toEqual([jsonMediaType, formMediaType].sort());
      expect(content[formMediaType].schema).toEqual({ $ref: `#/components/schemas/${params}` });
      expect(content[jsonMediaType].schema).toEqual({ $ref: `#/components/schemas/${params}` });
    }
    expect(operationIn(document, 'createGroup').requestBody.content[formMediaType].encoding).toEqual({
      contacts: { style: 'deepObject', explode: true },
    });
    expect(operationIn(document, 'createConversation').requestBody.content[formMediaType].encoding).toBeUndefined();
    for (const name of operationNames.filter((operation) => /^(list|retrieve|delete)/.test(operation))) {
      expect(operationIn(document, name).requestBody, name).toBeUndefined();
    }
  });

  it('openapi.responses — a 2XX with the resource or list schema, a DELETE 2XX without a body, and an unspecified default (§7)', () => {
    const success: Array<[OperationName, SchemaName | undefined]> = [
      ['listConversations', 'conversation-list'],
      ['createConversation', 'conversation'],
      ['retrieveConversation', 'conversation'],
      ['updateConversation', 'conversation'],
      ['deleteConversation', undefined],
      ['listGroups', 'group-list'],
      ['createGroup', 'group'],
      ['retrieveGroup', 'group'],
      ['updateGroup', 'group'],
      ['deleteGroup', undefined],
    ];
    for (const [name, schema] of success) {
      const responses = operationIn(document, name).responses as Json;
      expect(Object.keys(responses).sort(), name).toEqual(['2XX', 'default']);
      if (schema === undefined) expect(responses['2XX'].content, name).toBeUndefined();
      else
        expect(responses['2XX'].content[jsonMediaType].schema, name).toEqual({
          $ref: `#/components/schemas/${schema}`,
        });
      expect(responses.default.description, name).toMatch(/not specified by the spec \(§7\)/);
    }
  });

  it('openapi.components — every schema in schemas/ is a component, as JSON Schema 2020-12 without $id or $schema', () => {
    const components = document.components.schemas as Json;
    expect(Object.keys(components).sort()).toEqual(schemaNamesOnDisk().sort());
    expect(document.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    for (const [name, schema] of Object.entries(components)) {
      expect(schema, name).not.toHaveProperty('$id');
      expect(schema, name).not.toHaveProperty('$schema');
      expect(schema.title, name).toBe((schemaDocument(name as SchemaName) as Json).title);
    }
  });

  it('openapi.refs-inside — every $ref points to something inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const { at, ref } of refs) {
      expect(ref, at).toMatch(/^#\//);
      expect(resolvePointer(document, ref), `${at}: ${ref}`).toBeDefined();
    }
    expect(refsIn(dereferenced)).toEqual([]);
  });

  describe('openapi.samples — the dereferenced schemas judge documents as schemas/ does', () => {
    // The options of lib/api/schemas/registry.ts: strict, so a keyword the document mangled would throw.
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });

    it('the conversation response of GET /v1/conversations/{id} accepts a conversation and rejects is_pinned "yes"', () => {
      const schema = operationIn(dereferenced, 'retrieveConversation').responses['2XX'].content[jsonMediaType].schema;
      const check = ajv.compile(schema);
      expect(check(conversation), JSON.stringify(check.errors)).toBe(true);
      expect(check({ ...conversation, is_pinned: 'yes' })).toBe(false);
      expect(check.errors?.[0]).toMatchObject({ instancePath: '/is_pinned', keyword: 'type' });
    });

    const samples: Array<[SchemaName, unknown, boolean]> = [
      ['conversation', conversation, true],
      ['conversation', { ...conversation, is_pinned: 'yes' }, false],
      ['conversation', { ...conversation, created_at: 1.5 }, false],
      ['conversation', { ...conversation, archived_at: undefined }, false],
      ['group', group, true],
      ['group', { ...group, contacts: [{ display_name: 'no username' }] }, false],
      ['conversation-list', { has_more: false, data: [conversation], next_cursor: 'c' }, true],
      ['group-list', { has_more: 'no', data: [] }, false],
      ['conversation-create.params', {}, false],
      ['conversation-create.params', { group_id: 'grp_1' }, true],
      ['group-create.params', { name: 'Friends', contacts: [{ username: 'alice' }] }, true],
      ['group-update.params', { archived_at: 'yesterday' }, false],
      ['conversation-update.params', { is_muted: true, colour: 'red' }, false],
    ];
    it.each(samples)('%s: the component and the schema file both judge %j valid: %s', (name, sample, valid) => {
      // Through JSON, as on the wire: a field set to undefined is absent.
      const document = JSON.parse(JSON.stringify(sample)) as unknown;
      expect(validateAgainst(name, document).valid, `schemas/${name}.schema.json`).toBe(valid);
      expect(ajv.compile(dereferenced.components.schemas[name])(document), `components.schemas.${name}`).toBe(valid);
    });
  });
});

describe('msgapi openapi — the command', () => {
  const directories: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  function tempDir(): string {
    const directory = mkdtempSync(join(tmpdir(), 'msgapi-openapi-'));
    directories.push(directory);
    return directory;
  }

  it('writes the JSON document to --out and says where', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(tempDir(), 'nested', 'api.json');
    expect(await runOpenapi(['--out', out])).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
    expect(log).toHaveBeenCalledWith(expect.stringContaining(out));
  });

  it('writes YAML with --format yaml, without anchors or aliases', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const out = join(tempDir(), 'api.yaml');
    expect(await runOpenapi(['--out', out, '--format', 'yaml'])).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text).not.toMatch(/[&*]a\d+\b/);
    expect(parseYaml(text)).toEqual(JSON.parse(JSON.stringify(buildOpenApi())));
  });

  it('rejects an unknown --format with a usage error', async () => {
    const rejected = runOpenapi(['--out', join(tempDir(), 'api.xml'), '--format', 'xml']);
    await expect(rejected).rejects.toBeInstanceOf(HarnessError);
    await expect(rejected).rejects.toMatchObject({
      code: 'MSGAPI_USAGE',
      message: '--format xml is not one of json, yaml.',
    });
  });

  it('rejects an unknown flag with a usage error', async () => {
    await expect(runOpenapi(['--yml'])).rejects.toMatchObject({ code: 'MSGAPI_USAGE' });
  });
});
