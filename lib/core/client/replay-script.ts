// A failure on an object the run created cannot be shown again with the failing request's curl
// alone: the run deleted the object when the check ended, so the pasted curl answers 404. The
// replay script (POSIX sh) makes the objects again with the run's own create requests, takes the
// new ids from the answers, repeats the check's earlier writes to them, sends the failing request
// with the new ids, and deletes what it made, also when a step fails or it is stopped (trap).
// Built from the exchanges, which the client records already redacted: the script names
// $ACCESS_TOKEN and $SECOND_ACCESS_TOKEN, never a token.
import { carriesRunMarker } from '../safety/run-names.ts';
import { renderCurlParts, secretsNamed, shellQuote, type WordPiece } from './curl.ts';
import { operations } from '../../api/operations.ts';
import type { Exchange } from './exchange.ts';
import type { LedgerKind } from './ledger.ts';
import { bodyGroupId, namedObjects, pathId, planReplay, type MadeObject, type ReplayPlan } from './replay-plan.ts';

/** What conformance.json and the report carry beside the plain curl. */
export interface ReplayScript {
  /** The sh script. */
  script: string;
  /** The run's objects the failing request needs, which the run deleted and the script makes again. */
  recreates: Array<{ kind: LedgerKind; id: string }>;
  /** The failing request is a create: its curl alone would leave an object behind, which the script deletes. */
  failing_request_creates: boolean;
}

export interface ReplayContext {
  checkId: string;
  /** The run's marker (SuiteNames): what the run made carries it, so msgapi cleanup --marker finds it. */
  runId: string;
  /** What the check expected, for the script's comment. */
  expected?: string;
}

const oneLine = (text: string, max = 300) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** The base URL (BASE_URL, without /v1) and the API path after it, split where the API's /v1/ begins. */
function splitUrl(url: string): { base: string; rest: string } {
  const parsed = new URL(url);
  const at = parsed.pathname.lastIndexOf('/v1/');
  const base = parsed.origin + parsed.pathname.slice(0, Math.max(at, 0));
  return url.startsWith(base) ? { base, rest: url.slice(base.length) } : { base: '', rest: url };
}

type VariableOf = (kind: LedgerKind, id: string) => string | undefined;

/** The URL with $BASE_URL in front and the made objects' variables where the run's ids were. */
function urlPieces(exchange: Exchange, variableOf: VariableOf): WordPiece[] {
  const { rest } = splitUrl(exchange.url);
  const [path, query] = [rest.split('?')[0]!, rest.includes('?') ? rest.slice(rest.indexOf('?') + 1) : undefined];
  const pieces: WordPiece[] = [{ variable: 'BASE_URL' }];
  const id = pathId(exchange);
  const kind = namedObjects(exchange)[0]?.kind;
  const variable = id !== undefined && kind !== undefined ? variableOf(kind, id) : undefined;
  const offPath = exchange.offPath !== undefined && path.endsWith(exchange.offPath) ? exchange.offPath : '';
  const onPath = path.slice(0, path.length - offPath.length);
  if (variable === undefined) pieces.push(path);
  else pieces.push(onPath.slice(0, onPath.lastIndexOf('/') + 1), { variable }, offPath);
  if (query === undefined) return pieces;
  pieces.push('?');
  query.split('&').forEach((pair, index) => {
    if (index > 0) pieces.push('&');
    const [name, value] = [pair.split('=')[0]!, new URLSearchParams(pair).values().next().value];
    const groupVariable = name === 'group_id' && value !== undefined ? variableOf('group', value) : undefined;
    pieces.push(...(groupVariable === undefined ? [pair] : [`${name}=`, { variable: groupVariable }]));
  });
  return pieces;
}

/** The body with a made group's variable where the run's group_id was (form or JSON, as sent). */
function bodyPieces(exchange: Exchange, variableOf: VariableOf): WordPiece[] | undefined {
  const body = exchange.requestBody;
  if (body === undefined) return undefined;
  const groupId = bodyGroupId(exchange);
  const variable = groupId === undefined ? undefined : variableOf('group', groupId);
  if (variable === undefined) return [body];
  if (/json/.test(exchange.requestHeaders['content-type'] ?? '')) {
    const sent = `"group_id":${JSON.stringify(groupId)}`;
    const at = body.indexOf(sent);
    return at < 0 ? [body] : [body.slice(0, at), '"group_id":"', { variable }, '"', body.slice(at + sent.length)];
  }
  return body.split('&').flatMap((pair, index): WordPiece[] => {
    const separator = index > 0 ? ['&'] : [];
    return pair.startsWith('group_id=') ? [...separator, 'group_id=', { variable }] : [...separator, pair];
  });
}

const curlOf = (exchange: Exchange, variableOf: VariableOf, flags: string[]) => {
  const body = bodyPieces(exchange, variableOf);
  return renderCurlParts({
    method: exchange.method,
    url: urlPieces(exchange, variableOf),
    requestHeaders: exchange.requestHeaders,
    ...(body ? { body } : {}),
    flags,
  });
};

/** Where the script deletes what it made: the DELETE of that resource, with the credentials that made it. */
function deleteOf(create: Exchange, variable: string): string {
  const { authorization } = create.requestHeaders;
  const { rest } = splitUrl(create.url);
  return renderCurlParts({
    method: 'DELETE',
    url: [{ variable: 'BASE_URL' }, `${rest.split('?')[0]}/`, { variable }],
    requestHeaders: { accept: 'application/json', ...(authorization ? { authorization } : {}) },
    flags: [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      `"clean-up: DELETE ${rest.split('?')[0]}/$${variable} answered %{http_code}\\n"`,
    ],
  });
}

/** What a create sent, as text the marker can be looked for in (form values decoded). */
function sentText(exchange: Exchange): string {
  const body = exchange.requestBody ?? '';
  return /json/.test(exchange.requestHeaders['content-type'] ?? '')
    ? body
    : [...new URLSearchParams(body).values()].join('\n');
}

function markerComment(plan: ReplayPlan, runId: string): string[] {
  const creates = [
    ...new Set([...plan.made.map((object) => object.create), ...(plan.failingCreates ? [plan.failing] : [])]),
  ];
  const marked = new Set<string>();
  // A conversation made for a group is found through its group_id (msgapi cleanup --marker does).
  for (const create of creates) {
    const groupId = bodyGroupId(create);
    if (
      carriesRunMarker(sentText(create), runId) ||
      (groupId !== undefined &&
        plan.made.some((object) => object.id === groupId && object.kind === 'group' && marked.has(object.variable)))
    ) {
      for (const object of plan.made.filter((each) => each.create === create)) marked.add(object.variable);
      if (create === plan.failing) marked.add('failing');
    }
  }
  const all =
    plan.made.every((object) => marked.has(object.variable)) && (!plan.failingCreates || marked.has('failing'));
  return all
    ? [
        `# What it makes carries the run's marker ${runId} (a name or contact id the run chose, or its group's): if it is`,
        `# killed before it cleans up, \`msgapi cleanup --marker ${runId}\` removes what it left (BASE_URL and ACCESS_TOKEN set).`,
      ]
    : [
        "# Not all it makes carries the run's marker (the run's create sent none): if it is killed before it cleans up,",
        '# delete by hand what it printed as made.',
      ];
}

const steps = (count: number) => `${count} earlier write${count === 1 ? '' : 's'}`;

/** The sh script that replays the failure, or undefined when the failing request's curl alone shows it again. */
export function replayScript(
  journal: readonly Exchange[],
  failing: Exchange,
  context: ReplayContext,
): ReplayScript | undefined {
  const plan = planReplay(journal, failing);
  if (plan === undefined) return undefined;
  const variables = new Map(plan.made.map((object) => [`${object.kind}:${object.id}`, object.variable]));
  const variableOf: VariableOf = (kind, id) => variables.get(`${kind}:${id}`);
  const failingVariable = plan.failingCreates ? `NEW_${plan.failingCreates.toUpperCase()}` : undefined;
  const writes = plan.steps.filter((step) => step !== failing && !plan.made.some((object) => object.create === step));
  const secrets = [...new Set(plan.steps.flatMap(secretsNamed))].sort();
  const { base } = splitUrl(failing.url);
  const named = oneLine(plan.made.map((object) => `${object.kind} ${object.id}`).join(', '));

  const lines: string[] = [
    '#!/bin/sh',
    `# Replays the failure of ${context.checkId} (msgapi run ${context.runId}) on objects made afresh.`,
    ...(context.expected ? [`# The check expected: ${oneLine(context.expected)}`] : []),
    ...(plan.made.length > 0
      ? [
          `# The run deleted what the failing request names when the check ended: ${named}.`,
          "# So its curl alone would now answer 404 (or another 4xx). This script makes it again with the run's own create",
          `# request${plan.made.length > 1 ? 's' : ''}, repeats the check's ${steps(writes.length)} to it, sends the failing request with the new id,`,
          '# printing its status and body, and deletes what it made, also when a step fails or it is stopped.',
        ]
      : [
          '# The failing request is a create: its curl alone would leave an object that no ledger lists. This',
          '# script sends it, prints its status and body, and deletes what it made, also when it is stopped.',
        ]),
    '# Needs sh, curl, grep and sed: ids are read from the JSON answers with grep -o and sed (jq may be missing).',
    `# Set ${secrets.length > 0 ? secrets.join(' and ') : 'nothing'} first${secrets.length > 0 ? ' (never written here)' : ''}; BASE_URL=<url> sends it to another server than the run's.`,
    ...markerComment(plan, context.runId),
    `BASE_URL="\${BASE_URL:-${base.replace(/["\\$`]/g, '\\$&')}}"`,
    ...secrets.map((name) => `: "\${${name}:?set ${name} first}"`),
    ...plan.made.filter((object) => object.field === 'id').map((object) => `${object.variable}=''`),
    ...(failingVariable ? [`${failingVariable}=''`] : []),
    '',
    '# The first "<field>":"<string>" of a JSON answer: in this API\'s answers, the object\'s own field.',
    'field_of() {',
    '  printf \'%s\\n\' "$2" | grep -o "\\"$1\\"[[:space:]]*:[[:space:]]*\\"[^\\"]*\\"" | head -n 1 | sed \'s/^"[^"]*"[[:space:]]*:[[:space:]]*"//; s/"$//\'',
    '}',
    '',
    "# Newest first. A group's delete takes its conversation along (§3), so that one is not deleted by id.",
    'clean_up() {',
    ...cleanUpLines(plan, failingVariable),
    '  :',
    '}',
    'trap clean_up EXIT',
    "trap 'exit 130' INT",
    "trap 'exit 143' TERM",
    '',
    'echo "Replaying against $BASE_URL"',
  ];
  for (const step of plan.steps) lines.push('', ...stepLines(step, plan, variableOf, failingVariable));
  return {
    script: `${lines.join('\n')}\n`,
    recreates: plan.made.map((object) => ({ kind: object.kind, id: object.id })),
    failing_request_creates: plan.failingCreates !== undefined,
  };
}

function cleanUpLines(plan: ReplayPlan, failingVariable: string | undefined): string[] {
  const own = plan.made.filter((object) => object.field === 'id');
  const deletions: Array<{ variable: string; create: Exchange }> = [
    ...(failingVariable ? [{ variable: failingVariable, create: plan.failing }] : []),
    ...own.reverse().map((object) => ({ variable: object.variable, create: object.create })),
  ];
  return deletions.flatMap(({ variable, create }) => [
    `  if [ -n "$${variable}" ]; then`,
    `    ${deleteOf(create, variable)}`,
    '  fi',
  ]);
}

function stepLines(
  step: Exchange,
  plan: ReplayPlan,
  variableOf: VariableOf,
  failingVariable: string | undefined,
): string[] {
  // The operation's path template, not the URL: ids come from a server's answers and stay out of comments.
  const request = `${step.method} ${operations[step.operation].path}`;
  if (step === plan.failing) {
    const lines = [`# The failing request (the run sent ${request}; it answered ${step.status ?? 'nothing'}).`];
    if (!failingVariable) return [...lines, curlOf(step, variableOf, ['-sS', '-i']), 'echo'];
    return [
      ...lines,
      `answer=$(${curlOf(step, variableOf, ['-sS', '-i'])})`,
      'printf \'%s\\n\' "$answer"',
      `${failingVariable}=$(field_of id "$answer")`,
    ];
  }
  const made: MadeObject[] = plan.made.filter((object) => object.create === step);
  if (made.length === 0) {
    return [
      `# The check's earlier write (${request}).`,
      curlOf(step, variableOf, ['-sS', '-o', '/dev/null', '-w', shellQuote(`${request}: %{http_code}\\n`)]),
    ];
  }
  const lines = [
    `# The run's create of ${oneLine(made.map((object) => `${object.kind} ${object.id}`).join(' and its '))}, as the run sent it.`,
    `answer=$(${curlOf(step, variableOf, ['-sS'])}) || exit 1`,
  ];
  for (const object of made) {
    lines.push(
      `${object.variable}=$(field_of ${object.field} "$answer")`,
      `[ -n "$${object.variable}" ] || { echo "no ${object.field} in the answer: $answer" >&2; exit 1; }`,
      `printf '%s\\n' "made ${object.kind} $${object.variable} (the run's was "${shellQuote(oneLine(object.id))}")"`,
    );
  }
  return lines;
}
