// The findings that need a write, each on a group of its own made for it, so that they run side by
// side: an empty text (EMPTY_TEXT), PUT contacts replacing or merging (GROUP_CONTACTS), when a list
// shows a write and whether it holds archived records (LIST_CONSISTENCY, DEFAULT_LIST_SCOPE), and
// the body of a refusal (ERROR_BODY). The list readings read lists filtered by their own group, so
// what the other parts make meanwhile never shows in them.
import { declaredMediaType, everyReading } from '../profile/server-profile.ts';
import type { Detection, Finding } from './findings.ts';
import { unknown } from './findings.ts';
import { observeLists } from './list-readings.ts';
import { asRecord, made, stillOurs, type Probing } from './probe-groups.ts';

const usernamesOf = (group: Record<string, unknown> | undefined): string[] =>
  Array.isArray(group?.contacts)
    ? (group.contacts as unknown[])
        .map((contact) => asRecord(contact)?.username)
        .filter((name): name is string => typeof name === 'string')
    : [];

export async function emptyText({ client, names, groups }: Probing): Promise<Finding> {
  const name = names.groupName('probe-empty');
  const response = await client.createGroup({ name, description: '' });
  const group = made(response, name);
  if (group === undefined)
    return unknown('EMPTY_TEXT', `POST /v1/groups with description= (empty) was refused (${response.status})`);
  groups.push(group);
  const description = group.body.description;
  if (description === '')
    return {
      setting: 'EMPTY_TEXT',
      value: 'kept',
      evidence: 'a group created with description= (empty) came back with description ""',
    };
  if (description === null)
    return {
      setting: 'EMPTY_TEXT',
      value: 'null',
      evidence: 'a group created with description= (empty) came back with description null',
    };
  return unknown(
    'EMPTY_TEXT',
    `a group created with description= (empty) came back with description ${JSON.stringify(description)}`,
  );
}

export async function contactsSemantics({ client, names, groups }: Probing, detection: Detection): Promise<Finding> {
  const [before, after] = [names.username('probe'), names.username('probe')];
  const name = names.groupName('probe-contacts');
  const response = await client.createGroup({ name, contacts: [{ username: before }] });
  const group = made(response, name);
  if (group === undefined)
    return unknown('GROUP_CONTACTS', `POST /v1/groups with one contact was refused (${response.status})`);
  groups.push(group);
  if ((await stillOurs(client, group)) === undefined)
    return unknown(
      'GROUP_CONTACTS',
      `the group made with one contact (${group.id}) did not retrieve as made, so it was not changed`,
    );
  const updated = await client.updateGroup(group.id, { contacts: [{ username: after }] });
  const members = new Set(usernamesOf(asRecord(updated.body)));
  const sent = `a group made with the member ${before}, then PUT with contacts [${after}]`;
  if (!everyReading.isSuccess(updated.status))
    return unknown('GROUP_CONTACTS', `${sent}: the PUT was refused (${updated.status})`);
  if (members.has(after) && !members.has(before)) {
    detection.groupContacts = 'replace';
    return { setting: 'GROUP_CONTACTS', value: 'replace', evidence: `${sent}, has only ${after}` };
  }
  if (members.has(after) && members.has(before)) {
    detection.groupContacts = 'merge';
    return { setting: 'GROUP_CONTACTS', value: 'merge', evidence: `${sent}, has both` };
  }
  return unknown('GROUP_CONTACTS', `${sent}, has ${[...members].join(', ') || 'no members'}`);
}

/** When a list shows a write, and whether a list without archived holds archived records, seen on a group made for it (list-readings.ts). */
export async function listReadings({ client, names, groups }: Probing): Promise<Finding[]> {
  const name = names.groupName('probe-lists');
  const response = await client.createGroup({ name });
  const madeAt = performance.now();
  const group = made(response, name);
  if (group === undefined) {
    const why = `POST /v1/groups for the lists was refused (${response.status})`;
    return [unknown('LIST_CONSISTENCY', why), unknown('DEFAULT_LIST_SCOPE', why)];
  }
  groups.push(group);
  const seen = await observeLists(client, {
    id: group.id,
    conversationId: group.body.conversation_id,
    createdAt: group.body.created_at,
    madeAt,
  });
  return [
    { setting: 'LIST_CONSISTENCY', ...seen.consistency },
    { setting: 'DEFAULT_LIST_SCOPE', ...seen.scope },
  ];
}

export async function errorBody({ client, leftovers }: Probing): Promise<Finding> {
  // §4.2: name is required; a create without it is the refusal every server has.
  const response = await client.createGroup({} as never);
  if (everyReading.isSuccess(response.status)) {
    const id = asRecord(response.body)?.id;
    leftovers.push(
      `a create of a group without a name answered ${response.status}${typeof id === 'string' ? ` and made ${id}` : ''}: not touched (it carries no marker to prove it the probe's)`,
    );
  }
  if (!everyReading.isRefusal(response.status))
    return unknown('ERROR_BODY', `POST /v1/groups without a name answered ${response.status}, not a refusal`);
  const type = declaredMediaType(response);
  const json =
    /^application\/(?:[\w.+-]+\+)?json$/.test(type) && response.jsonError === undefined && response.text !== '';
  return {
    setting: 'ERROR_BODY',
    value: json ? 'json' : 'any',
    evidence: `POST /v1/groups without a name answered ${response.status} with ${response.text === '' ? 'no body' : `${type || 'no content type'}${json ? '' : ' (not JSON)'}`}`,
  };
}
