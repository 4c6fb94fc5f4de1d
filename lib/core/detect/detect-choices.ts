// What a server chose where the spec leaves it open, found out with a handful of requests on groups
// made for the purpose (named with a run marker, deleted at the end, only after a retrieve shows
// them as made): how it takes bodies, how it pages, whether PUT contacts replaces or merges, and,
// for the report, the delete answer, empty text, error bodies, the largest limit, when a list shows
// a write and whether it holds archived records, the timestamp unit and rate-limit headers.
//
// Only the first three are used by msgapi check when undeclared: they say how to talk to the
// server, and a wrong guess there makes failures that are the suite's, not the server's. The others
// are reported and never narrow what the suite accepts: one answer seen is not a promise.
//
// Its requests follow one another only where one needs another's answer, so that against a target
// far away the probe takes about its longest chain, not the sum (issue 27). Four phases, the parts
// of each side by side:
//   1. bodies: a create as a form, as JSON only after a 4xx (every other write needs the encoding);
//   2. the writing parts, each on a group of its own (group-findings.ts);
//   3. the reads of the whole conversation list (list-findings.ts): after the creates, which are
//      what a target holding nothing lists, and while none of the probe's writes moves the list;
//   4. the deletes of every group made, and a second DELETE of the first gone (delete-findings.ts).
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../client/api-client.ts';
import { TransportError } from '../client/transport-error.ts';
import { firstUserClient } from '../client/user-clients.ts';
import type { BodyEncoding } from '../config/value-types.ts';
import { everyReading } from '../profile/server-profile.ts';
import { SuiteNames } from '../safety/run-names.ts';
import type { Target } from '../target/target.ts';
import { deleteFindings } from './delete-findings.ts';
import {
  detectedSettings,
  keepFindings,
  unknown,
  type DetectOptions,
  type Detection,
  type Finding,
} from './findings.ts';
import { contactsSemantics, emptyText, errorBody, listReadings } from './group-findings.ts';
import { largestLimit, paginationFinding } from './list-findings.ts';
import { rateLimits, timestampUnit } from './observations.ts';
import { made, noteStranger, removeAll, type Made, type Probing } from './probe-groups.ts';
import { sweepMarker } from './sweep-marker.ts';

export {
  detectedSettings,
  usedSettings,
  type DetectedSetting,
  type DetectOptions,
  type Detection,
  type Finding,
  type Observation,
} from './findings.ts';

export async function detectChoices(target: Target, options: DetectOptions): Promise<Detection> {
  const marker = randomBytes(4).toString('hex');
  const names = new SuiteNames(marker);
  const journal = options.journal ?? [];
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
        const probing: Probing = { client, names, groups, leftovers };
        await keepFindings(
          [emptyText(probing), contactsSemantics(probing, detection), listReadings(probing), errorBody(probing)],
          findings,
        );
      }
    }
    await keepFindings(
      [
        paginationFinding(client).then(({ finding, style }) => {
          if (style !== undefined) detection.pagination = style;
          return finding;
        }),
        largestLimit(client),
      ],
      findings,
    );
    // Under --read-only nothing was made: DELETE_STATUS and DELETE_OF_NOTHING are said unknown above.
    if (!options.readOnly) await deleteFindings(client, groups, leftovers, findings);
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
