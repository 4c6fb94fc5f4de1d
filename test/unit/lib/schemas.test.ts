import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  schemaDocumentsOnDisk,
  schemaNamesOnDisk,
  validateAgainst,
  type SchemaName,
  type SchemaTypes,
} from '../../../lib/api/schemas/registry.ts';

const conversation: SchemaTypes['conversation'] = {
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

const group: SchemaTypes['group'] = {
  id: 'grp_1',
  name: 'Friends',
  description: null,
  avatar_url: null,
  conversation_id: 'conv_2',
  contacts: [{ username: 'alice' }],
  created_at: 1_700_000_000,
  archived_at: null,
};

describe('schemas/', () => {
  it('has one file per shape the client and suites name', () => {
    const names: SchemaName[] = [
      'contact',
      'conversation',
      'conversation-create.params',
      'conversation-list',
      'conversation-list.params',
      'conversation-update.params',
      'group',
      'group-create.params',
      'group-list',
      'group-list.params',
      'group-update.params',
      'timestamp',
    ];
    expect(schemaNamesOnDisk().sort()).toEqual(names.sort());
  });

  // The registry skips this check at run time (it would compile the meta-schema in every worker).
  it('holds every schema to the JSON Schema 2020-12 meta-schema', () => {
    const ajv = new Ajv2020({ strict: true, strictRequired: false });
    const documents = schemaDocumentsOnDisk();
    expect(documents.length).toBeGreaterThan(0);
    for (const { file, document } of documents) {
      expect(ajv.validateSchema(document), `${file}: ${ajv.errorsText()}`).toBe(true);
    }
    expect(ajv.validateSchema({ type: 'strin' })).toBe(false);
  });

  it('accepts documented objects, with any integer timestamp unit and any id format', () => {
    expect(validateAgainst('conversation', conversation).problems).toEqual([]);
    expect(
      validateAgainst('conversation', {
        ...conversation,
        id: '550e8400-e29b-41d4-a716-446655440000',
        created_at: 1_700_000_000_123,
      }).valid,
    ).toBe(true);
    expect(validateAgainst('group', group).problems).toEqual([]);
    expect(validateAgainst('conversation-list', { has_more: false, data: [conversation] }).valid).toBe(true);
    expect(validateAgainst('group-list', { has_more: true, data: [group] }).valid).toBe(true);
  });

  it('accepts undocumented extra fields, which the spec does not forbid', () => {
    expect(validateAgainst('conversation', { ...conversation, object: 'conversation', unread: 3 }).valid).toBe(true);
    expect(validateAgainst('group', { ...group, contacts: [{ username: 'bob', display_name: 'Bob' }] }).valid).toBe(
      true,
    );
    expect(validateAgainst('conversation-list', { has_more: false, data: [], next_cursor: null }).valid).toBe(true);
  });

  it('names the field, the rule and the value found', () => {
    const verdict = validateAgainst('conversation', { ...conversation, is_muted: 'false' });
    expect(verdict.problems).toEqual(['conversation.is_muted must be boolean (rule: type; found: "false")']);
  });

  it('rejects an absent field that must be null instead (§2)', () => {
    const { archived_at: _, ...withoutArchivedAt } = conversation;
    expect(validateAgainst('conversation', withoutArchivedAt).problems).toEqual([
      'conversation.archived_at is required (rule: required; found: absent)',
    ]);
  });

  it('rejects timestamps that are not integers', () => {
    expect(validateAgainst('conversation', { ...conversation, created_at: '2024-01-01T00:00:00Z' }).problems).toEqual([
      'conversation.created_at must be integer (rule: type; found: "2024-01-01T00:00:00Z")',
    ]);
    expect(validateAgainst('conversation', { ...conversation, archived_at: 1.5 }).problems).toEqual([
      'conversation.archived_at must be integer or null (rule: anyOf; found: 1.5)',
    ]);
  });

  it('follows nested paths into list envelopes and contacts', () => {
    const verdict = validateAgainst(
      'group-list',
      { has_more: false, data: [{ ...group, contacts: [{ name: 'x' }] }] },
      'the list',
    );
    expect(verdict.problems).toEqual([
      'the list.data[0].contacts[0].username is required (rule: required; found: absent)',
    ]);
    expect(validateAgainst('conversation-list', { data: [] }).problems).toEqual([
      'conversation-list.has_more is required (rule: required; found: absent)',
    ]);
  });

  it('requires contacts to be an array, never null (§2.2)', () => {
    expect(validateAgainst('group', { ...group, contacts: null }).problems).toEqual([
      'group.contacts must be array (rule: type; found: null)',
    ]);
  });

  it('describes the parameters of create and update', () => {
    expect(validateAgainst('conversation-create.params', {}).problems).toEqual([
      'conversation-create.params needs at least one of contact_id, group_id (rule: anyOf; found: {})',
    ]);
    expect(validateAgainst('conversation-create.params', { group_id: 'grp_1' }).valid).toBe(true);
    expect(validateAgainst('group-create.params', { description: 'x' }).problems).toEqual([
      'group-create.params.name is required (rule: required; found: absent)',
    ]);
    expect(validateAgainst('group-update.params', { contacts: [{ username: 'a' }], archived_at: 5 }).valid).toBe(true);
    expect(validateAgainst('conversation-update.params', { is_pinned: 'yes' }).valid).toBe(false);
  });
});
