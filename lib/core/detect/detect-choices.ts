// What a server chose where the spec leaves it open, found out with a handful of requests on groups
// made for the purpose (named with a run marker, deleted at the end, only after a retrieve shows
// them as made): how it takes bodies, how it pages, whether PUT contacts replaces or merges, and,
// for the report, the delete answer, empty text, error bodies, the largest limit, when a list shows
// a write and whether it holds archived records, the timestamp unit and rate-limit headers.
//
// Only the first three are used by msgapi check when undeclared: they say how to talk to the
// server, and a wrong guess there makes failures that are the suite's, not the server's. The others
// are reported and never narrow what the suite accepts: one answer seen is not a promise.
import { randomBytes } from 'node:crypto';
import type { ApiClient, ApiResponse } from '../client/api-client.ts';
import { TransportError } from '../client/transport-error.ts';
import { firstUserClient } from '../client/user-clients.ts';
import { formatPagination } from '../config/parse-values.ts';
import type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from '../config/value-types.ts';
import { declaredMediaType, everyReading } from '../profile/server-profile.ts';
import { SuiteNames } from '../safety/run-names.ts';
import { findMarked, sweepClient, sweepLedger } from '../safety/sweep.ts';
import type { Target } from '../target/target.ts';
import { detectPagination } from './pagination.ts';
import { observeLists } from './list-readings.ts';

/** The settings a probe can tell, in the order it prints them; the first three are used when undeclared. */
export const detectedSettings = [
  'BODY_ENCODING',
  'PAGINATION',
  'GROUP_CONTACTS',
  'DELETE_STATUS',
  'DELETE_OF_NOTHING',
  'EMPTY_TEXT',
  'ERROR_BODY',
  'LARGEST_LIMIT',
  'LIST_CONSISTENCY',
  'DEFAULT_LIST_SCOPE',
] as const;
export type DetectedSetting = (typeof detectedSettings)[number];
/** How to talk to the server: used by msgapi check when the user declared nothing. */
export const usedSettings: ReadonlySet<DetectedSetting> = new Set(['BODY_ENCODING', 'PAGINATION', 'GROUP_CONTACTS']);

export interface Finding {
  setting: DetectedSetting;
  /** In the setting's own syntax; undefined when it could not be found out. */
  value: string | undefined;
  /** What was sent and seen, one sentence. */
  evidence: string;
}

/** What has no setting but a user writing a client wants to know. */
export interface Observation {
  topic: 'timestamp unit' | 'rate limits';
  seen: string;
}

export interface Detection {
  findings: Finding[];
  observations: Observation[];
  /** What the probe made and could not remove, with the marker to find it by (msgapi cleanup --marker). */
  leftovers: string[];
  marker: string;
  requests: number;
  /** The choices as found, for the settings that were found. */
  bodyEncoding?: BodyEncoding;
  pagination?: PaginationStyle;
  groupContacts?: GroupContactsSemantics;
}

export interface DetectOptions {
  timeoutMs: number;
  /** --read-only: GETs only; what needs a write is said to be unknown. */
  readOnly: boolean;
}

interface Made {
  id: string;
  name: string;
  body: Record<string, unknown>;
}

const asRecord = (body: unknown): Record<string, unknown> | undefined =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

/**
 * The group a create made, when its answer is that group: a 2xx with an id and the name sent. An
 * answer naming another group (a server that answers with an older one) is none of the probe's,
 * so nothing is ever written to it.
 */
function made(response: ApiResponse, name: string): Made | undefined {
  const body = asRecord(response.body);
  if (
    !everyReading.isSuccess(response.status) ||
    body === undefined ||
    typeof body.id !== 'string' ||
    body.name !== name
  )
    return undefined;
  return { id: body.id, name, body };
}

/**
 * A 2xx create answer that is not the group made: reported, never written to by the id it gave (it
 * may be another's). The group it may have made is found by the probe's marker at the end.
 */
function noteStranger(response: ApiResponse, name: string, leftovers: string[]): void {
  if (everyReading.isSuccess(response.status) && made(response, name) === undefined) {
    const id = asRecord(response.body)?.id;
    leftovers.push(
      `a create of the group "${name}" answered ${response.status} with ${typeof id === 'string' ? `another object (${id})` : 'no group'}: not touched; look for "${name}"`,
    );
  }
}

/** Whether a retrieve shows the group as the probe made it (its name carries the run marker): the premise of every write to it. */
async function stillOurs(client: ApiClient, group: Made): Promise<ApiResponse | undefined> {
  const retrieved = await client.retrieveGroup(group.id);
  return asRecord(retrieved.body)?.name === group.name ? retrieved : undefined;
}

const usernamesOf = (group: Record<string, unknown> | undefined): string[] =>
  Array.isArray(group?.contacts)
    ? (group.contacts as unknown[])
        .map((contact) => asRecord(contact)?.username)
        .filter((name): name is string => typeof name === 'string')
    : [];

const unknown = (setting: DetectedSetting, why: string): Finding => ({ setting, value: undefined, evidence: why });

export async function detectChoices(target: Target, options: DetectOptions): Promise<Detection> {
  const marker = randomBytes(4).toString('hex');
  const names = new SuiteNames(marker);
  const journal = [] as NonNullable<Parameters<typeof firstUserClient>[1]['journal']>;
  const clientFor = (encoding: BodyEncoding): ApiClient =>
    firstUserClient(target.users, {
      baseUrl: target.url,
      encoding,
      timeoutMs: options.timeoutMs,
      journal,
      readOnly: options.readOnly,
      transport: target.transport,
    });
  const findings: Finding[] = [];
  const groups: Made[] = [];
  const leftovers: string[] = [];
  // What a create answered with instead of the group: said only when the marker does not account for it.
  const strangers: string[] = [];
  const detection: Detection = { findings, observations: [], leftovers, marker, requests: 0 };
  let client = clientFor('form');
  try {
    if (options.readOnly) {
      const why = 'not found out: it needs a write, and --read-only sends only GETs';
      findings.push(
        unknown('BODY_ENCODING', why),
        unknown('GROUP_CONTACTS', why),
        unknown('DELETE_STATUS', why),
        unknown('DELETE_OF_NOTHING', why),
        unknown('EMPTY_TEXT', why),
        unknown('ERROR_BODY', why),
      );
      findings.push(unknown('LIST_CONSISTENCY', why), unknown('DEFAULT_LIST_SCOPE', why));
    } else {
      // Bodies: the spec's form first (§4), JSON only when form is refused (a 4xx): a form create
      // that fails otherwise (a 5xx, another object) is the server's to answer for in the checks.
      const name = names.groupName('probe');
      const formAnswer = await client.createGroup({ name });
      let first = made(formAnswer, name);
      let encoding: BodyEncoding = 'form';
      noteStranger(formAnswer, name, strangers);
      if (
        first === undefined &&
        (everyReading.isRefusal(formAnswer.status) || everyReading.isBodyRefusal(formAnswer.status))
      ) {
        const json = clientFor('json');
        const jsonName = names.groupName('probe');
        const jsonAnswer = await json.createGroup({ name: jsonName });
        noteStranger(jsonAnswer, jsonName, strangers);
        first = made(jsonAnswer, jsonName);
        if (first !== undefined) {
          encoding = 'json';
          client = json;
        }
      }
      if (first === undefined) {
        findings.push(
          unknown(
            'BODY_ENCODING',
            `POST /v1/groups with only a name made no group (answered ${client.journal
              .filter((exchange) => exchange.method === 'POST')
              .map((exchange) => exchange.status)
              .join(', then as JSON ')}); JSON is tried only after a 4xx to the form`,
          ),
        );
      } else {
        groups.push(first);
        detection.bodyEncoding = encoding;
        findings.push({
          setting: 'BODY_ENCODING',
          value: encoding,
          evidence:
            encoding === 'form'
              ? 'POST /v1/groups with name as a form parameter created a group'
              : 'POST /v1/groups as a form was refused; as a JSON object it created a group',
        });
        detection.observations.push(timestampUnit(first.body.created_at));
        findings.push(await emptyText(client, names, groups));
        findings.push(await contactsSemantics(client, names, groups, detection));
        findings.push(...(await listReadings(client, names, groups)));
        findings.push(await errorBody(client, leftovers));
      }
    }
    const paging = await detectPagination(client);
    if (paging.style !== undefined) detection.pagination = paging.style;
    findings.push({
      setting: 'PAGINATION',
      value: paging.style && formatPagination(paging.style),
      evidence: paging.evidence,
    });
    findings.push(await largestLimit(client));
    const deleted: string[] = [];
    findings.push(await deleteAnswer(client, groups, leftovers, deleted));
    if (!options.readOnly) findings.push(await deleteOfNothing(client, deleted));
  } catch (error) {
    // A target that drops connections or hangs: what was found stands, the rest is not known.
    if (!(error instanceof TransportError)) throw error;
    const why = `not found out: ${error.message}`;
    for (const setting of detectedSettings)
      if (!findings.some((finding) => finding.setting === setting)) findings.push(unknown(setting, why));
  } finally {
    // Whatever went wrong above, what was made is removed (a group whose retrieve shows the name sent).
    await removeAll(client, groups, leftovers);
    detection.requests = journal.length;
    // Something is left (a create answered with another object, or with another group's id): the marker finds it.
    if (strangers.length > 0 || leftovers.length > 0)
      detection.requests += await sweepMarker(target, options, detection, [...strangers, ...leftovers.splice(0)]);
  }
  detection.observations.push(rateLimits(journal));
  findings.sort((a, b) => detectedSettings.indexOf(a.setting) - detectedSettings.indexOf(b.setting));
  return detection;
}

/**
 * What the probe could not remove by the ids it was given (a create answered with something other
 * than the group, or with another group's id, which it never writes to): whatever carries the
 * probe's marker is found, each only when its own retrieve shows the marker, and deleted as the
 * run's sweep deletes; what remains is a leftover with the reason. The notes of what happened stay
 * unless a second search shows nothing carrying the marker is left. Returns the requests it made.
 */
async function sweepMarker(
  target: Target,
  options: DetectOptions,
  detection: Detection,
  notes: readonly string[],
): Promise<number> {
  const sweepTarget = {
    url: target.url,
    accessToken: target.users.accessToken,
    encoding: detection.bodyEncoding ?? target.choices.bodyEncoding,
    timeoutMs: options.timeoutMs,
  };
  const pagination = detection.pagination ?? target.choices.pagination;
  const finder = sweepClient(sweepTarget, []);
  const search = () =>
    findMarked(finder, detection.marker, pagination, undefined, undefined, { groupConversations: true });
  let requests = 0;
  try {
    const found = await search();
    if (found.entries.length > 0) {
      const sweeper = sweepClient(sweepTarget, found.entries);
      const swept = await sweepLedger(found.entries, sweeper);
      requests = sweeper.journal.length;
      detection.leftovers.push(
        ...swept.leftovers.map((leftover) => `${leftover.kind} ${leftover.id}: ${leftover.reason}`),
      );
      const again = await search();
      if (again.entries.length === 0 && again.unread.length === 0) return requests + finder.journal.length;
    }
    detection.leftovers.push(...notes);
  } catch (error) {
    detection.leftovers.push(
      ...notes.map((note) => `${note} (the marker could not be looked for: ${(error as Error).message})`),
    );
  }
  return requests + finder.journal.length;
}

function timestampUnit(createdAt: unknown): Observation {
  if (typeof createdAt !== 'number')
    return { topic: 'timestamp unit', seen: `created_at was ${JSON.stringify(createdAt)}, not a number` };
  const now = Date.now();
  const day = 86_400_000;
  if (Math.abs(createdAt * 1_000 - now) < day)
    return {
      topic: 'timestamp unit',
      seen: `seconds (a new group's created_at ${createdAt}; the clock here ${Math.round(now / 1_000)})`,
    };
  if (Math.abs(createdAt - now) < day)
    return {
      topic: 'timestamp unit',
      seen: `milliseconds (a new group's created_at ${createdAt}; the clock here ${now})`,
    };
  return {
    topic: 'timestamp unit',
    seen: `not seconds or milliseconds of this clock (a new group's created_at ${createdAt})`,
  };
}

async function emptyText(client: ApiClient, names: SuiteNames, groups: Made[]): Promise<Finding> {
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

async function contactsSemantics(
  client: ApiClient,
  names: SuiteNames,
  groups: Made[],
  detection: Detection,
): Promise<Finding> {
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
async function listReadings(client: ApiClient, names: SuiteNames, groups: Made[]): Promise<Finding[]> {
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

async function errorBody(client: ApiClient, leftovers: string[]): Promise<Finding> {
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

async function largestLimit(client: ApiClient): Promise<Finding> {
  const asked = 1_000;
  const response = await client.listConversations({ limit: asked });
  if (everyReading.isRefusal(response.status))
    return {
      setting: 'LARGEST_LIMIT',
      value: 'refused',
      evidence: `GET /v1/conversations?limit=${asked} was refused (${response.status})`,
    };
  const data = asRecord(response.body)?.data;
  if (everyReading.isSuccess(response.status) && Array.isArray(data)) {
    // A page shorter than asked is a clamp only if more exist; otherwise the limit was simply not reached.
    const more = asRecord(response.body)?.has_more === true;
    if (more && data.length < asked)
      return {
        setting: 'LARGEST_LIMIT',
        value: 'clamped',
        evidence: `GET /v1/conversations?limit=${asked} answered a page of ${data.length} with has_more true`,
      };
    return unknown(
      'LARGEST_LIMIT',
      `GET /v1/conversations?limit=${asked} answered a page of ${data.length}${more ? '' : ' that ends the list'}: no maximum reached`,
    );
  }
  return unknown('LARGEST_LIMIT', `GET /v1/conversations?limit=${asked} answered ${response.status}`);
}

async function deleteAnswer(
  client: ApiClient,
  groups: Made[],
  leftovers: string[],
  deleted: string[],
): Promise<Finding> {
  if (groups.length === 0) return unknown('DELETE_STATUS', 'nothing was made to delete');
  const answers: ApiResponse[] = [];
  // Each is tried once here; what did not go is a leftover already, not to be tried again.
  while (groups.length > 0) {
    const group = groups.shift()!;
    try {
      const answer = await removeOne(client, group, leftovers);
      if (answer !== undefined) {
        answers.push(answer);
        deleted.push(group.id);
      }
    } catch (error) {
      leftovers.push(`group ${group.id} ("${group.name}"): ${(error as Error).message}`);
    }
  }
  if (answers.length === 0) return unknown('DELETE_STATUS', 'no DELETE of the groups made was accepted');
  const list = [...new Set(answers.map((answer) => answer.status))].sort().join(',');
  const bodies = answers.filter((answer) => answer.text !== '').length;
  return {
    setting: 'DELETE_STATUS',
    value: list,
    evidence: `DELETE /v1/groups/<id> answered ${list}, ${bodies === 0 ? 'with no body' : `with a body (${bodies} of ${answers.length})`}`,
  };
}

/**
 * A second DELETE of a group the probe made and deleted, an id that now names nothing (profile:
 * delete-of-nothing): refused as an unknown id, or answered as a DELETE that removed something.
 */
async function deleteOfNothing(client: ApiClient, deleted: readonly string[]): Promise<Finding> {
  const id = deleted[0];
  if (id === undefined)
    return unknown('DELETE_OF_NOTHING', 'no group the probe made was deleted, so none could be deleted again');
  const again = await client.deleteGroup(id);
  const seen = `a second DELETE /v1/groups/<id> of a group the probe deleted answered ${again.status}`;
  if (everyReading.isUnknownIdAnswer(again.status))
    return { setting: 'DELETE_OF_NOTHING', value: 'refused', evidence: seen };
  if (everyReading.isDeleteSuccess(again.status))
    return { setting: 'DELETE_OF_NOTHING', value: 'success', evidence: `${seen}, as a DELETE that removed something` };
  return unknown('DELETE_OF_NOTHING', seen);
}

/** Deletes a group the probe made, only once a retrieve shows the name it was made with; the DELETE's answer when it took. */
async function removeOne(client: ApiClient, group: Made, leftovers: string[]): Promise<ApiResponse | undefined> {
  if ((await stillOurs(client, group)) === undefined) {
    leftovers.push(`group ${group.id}: not deleted, a retrieve did not show it as the group made`);
    return undefined;
  }
  const answer = await client.deleteGroup(group.id);
  if (!everyReading.isDeleteSuccess(answer.status)) {
    leftovers.push(`group ${group.id} ("${group.name}"): DELETE answered ${answer.status}`);
    return undefined;
  }
  // Verified, as the run's sweep does: the group gone, and its conversation gone with it (§3), or
  // deleted here when a retrieve still shows it as this group's.
  const after = await client.retrieveGroup(group.id);
  if (!everyReading.isUnknownIdAnswer(after.status))
    leftovers.push(
      `group ${group.id} ("${group.name}"): still retrievable (${after.status}) after DELETE answered ${answer.status}`,
    );
  const conversationId = group.body.conversation_id;
  if (typeof conversationId === 'string') {
    const conversation = await client.retrieveConversation(conversationId);
    if (!everyReading.isUnknownIdAnswer(conversation.status)) {
      const stillOfGroup = asRecord(conversation.body)?.group_id === group.id;
      const removed =
        stillOfGroup && everyReading.isDeleteSuccess((await client.deleteConversation(conversationId)).status);
      if (!removed)
        leftovers.push(
          `conversation ${conversationId} of the group "${group.name}": still retrievable after the group's DELETE${stillOfGroup ? ', and its DELETE failed' : ', no longer showing the group, so not deleted'}`,
        );
    }
  }
  return answer;
}

async function removeAll(client: ApiClient, groups: Made[], leftovers: string[]): Promise<void> {
  for (const group of groups.splice(0)) {
    try {
      await removeOne(client, group, leftovers);
    } catch (error) {
      leftovers.push(`group ${group.id} ("${group.name}"): ${(error as Error).message}`);
    }
  }
}

function rateLimits(journal: readonly { responseHeaders?: Record<string, string>; status?: number }[]): Observation {
  const headers = new Set<string>();
  let throttled = 0;
  for (const exchange of journal) {
    if (exchange.status === 429) throttled++;
    for (const name of Object.keys(exchange.responseHeaders ?? {}))
      if (/ratelimit|rate-limit|retry-after/i.test(name)) headers.add(name);
  }
  if (headers.size === 0 && throttled === 0)
    return { topic: 'rate limits', seen: `no 429 and no rate-limit header in the probe's ${journal.length} answers` };
  return {
    topic: 'rate limits',
    seen: `${throttled} of the probe's ${journal.length} answers 429; headers ${[...headers].sort().join(', ') || 'none'}`,
  };
}
