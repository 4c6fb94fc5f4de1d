// Reproductions that reproduce: a failure on an object the run created comes with a sh script that
// makes the object again, replays the failing request on it and deletes what it made (the curl
// alone would answer 404, the run having deleted the object), and `msgapi cleanup --marker` removes
// what carries a run's marker without a ledger.
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { faultModifiers } from '../../reference/faults/registry.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import type { Exchange } from '../../lib/core/client/exchange.ts';
import { replayScript } from '../../lib/core/client/replay-script.ts';
import { carriesRunMarker } from '../../lib/core/safety/run-names.ts';
import type { CheckResult, ConformanceReport } from '../../conformance/run/check-result.ts';
import { changedForeignRecords, ownerClient, seedForeignData } from '../../conformance/matrix/foreign-data.ts';
import { failureCards } from '../../reporting/conformance-html/failure-cards.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-replay-');

const execFileAsync = promisify(execFile);
const curlAvailable = spawnSync('curl', ['--version']).status === 0;

const base = 'http://127.0.0.1:40001';
const auth = { accept: 'application/json', authorization: 'Bearer $ACCESS_TOKEN' };
const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };
const exchange = (partial: Partial<Exchange> & Pick<Exchange, 'operation' | 'method' | 'url'>): Exchange => ({
  requestHeaders: auth,
  durationMs: 1,
  ...partial,
});

describe("the replay script, built from a check's exchanges", () => {
  const create = exchange({
    operation: 'createConversation',
    method: 'POST',
    url: `${base}/v1/conversations`,
    requestHeaders: form,
    requestBody: 'contact_id=msgapi-1a2b3c4d-aa-c-1',
    status: 201,
    responseBody: '{"id":"conv_1","contact_id":"msgapi-1a2b3c4d-aa-c-1"}',
  });
  const pin = exchange({
    operation: 'updateConversation',
    method: 'PUT',
    url: `${base}/v1/conversations/conv_1`,
    requestHeaders: form,
    requestBody: 'is_pinned=true',
    status: 200,
    responseBody: '{}',
  });
  const unpin = exchange({
    operation: 'updateConversation',
    method: 'PUT',
    url: `${base}/v1/conversations/conv_1`,
    requestHeaders: form,
    requestBody: 'is_pinned=false',
    status: 200,
    responseBody: '{"is_pinned":true}',
  });
  const context = { checkId: 'conversations.update.is-pinned', runId: '1a2b3c4d' };

  it('makes the object again, repeats the earlier write, sends the failing request with the new id and deletes on exit', () => {
    const replay = replayScript([create, pin, unpin], unpin, context)!;
    expect(replay.recreates).toEqual([{ kind: 'conversation', id: 'conv_1' }]);
    const lines = replay.script.split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at("--data-raw 'contact_id=msgapi-1a2b3c4d-aa-c-1'")).toBeGreaterThan(at('trap clean_up EXIT'));
    expect(at("--data-raw 'is_pinned=true'")).toBeGreaterThan(at("--data-raw 'contact_id="));
    expect(lines[at("--data-raw 'is_pinned=false'")]).toBe(
      `curl -sS -i -X PUT "$BASE_URL"'/v1/conversations/'"$CONVERSATION_1" -H 'Accept: application/json' -H "Authorization: Bearer $ACCESS_TOKEN" -H 'Content-Type: application/x-www-form-urlencoded' --data-raw 'is_pinned=false'`,
    );
    expect(replay.script).toContain(`-X DELETE "$BASE_URL"'/v1/conversations/'"$CONVERSATION_1"`);
    expect(replay.script).toContain(`BASE_URL="\${BASE_URL:-${base}}"`);
    expect(replay.script).toContain('msgapi cleanup --marker 1a2b3c4d');
    // The run's old id stays out of every request the script sends.
    expect(lines.filter((line) => line.startsWith('curl') || line.includes('$(curl')).join('\n')).not.toContain(
      'conv_1',
    );
  });

  it('keeps the plain curl for a request that names nothing the check made', () => {
    const unknown = exchange({
      operation: 'updateConversation',
      method: 'PUT',
      url: `${base}/v1/conversations/msgapi-1a2b3c4d-no-such-conversation-3`,
      status: 200,
    });
    expect(replayScript([create, unknown], unknown, context)).toBeUndefined();
    const list = exchange({
      operation: 'listConversations',
      method: 'GET',
      url: `${base}/v1/conversations?limit=2`,
      status: 200,
    });
    expect(replayScript([create, list], list, context)).toBeUndefined();
  });

  it("makes a group again for a request that filters by it, with the conversations made for it, and the group's conversation by its conversation_id", () => {
    const group = exchange({
      operation: 'createGroup',
      method: 'POST',
      url: `${base}/v1/groups`,
      requestHeaders: { ...auth, 'content-type': 'application/json' },
      requestBody: '{"name":"msgapi-conformance 1a2b3c4d aa g 1"}',
      status: 201,
      responseBody: '{"id":"grp_9","conversation_id":"conv_9"}',
    });
    const second = exchange({
      operation: 'createConversation',
      method: 'POST',
      url: `${base}/v1/conversations`,
      requestHeaders: { ...auth, 'content-type': 'application/json' },
      requestBody: '{"group_id":"grp_9"}',
      status: 201,
      responseBody: '{"id":"conv_10","group_id":"grp_9"}',
    });
    const filtered = exchange({
      operation: 'listConversations',
      method: 'GET',
      url: `${base}/v1/conversations?group_id=grp_9&limit=10`,
      status: 200,
    });
    const replay = replayScript([group, second, filtered], filtered, context)!;
    expect(replay.recreates).toEqual([
      { kind: 'group', id: 'grp_9' },
      { kind: 'conversation', id: 'conv_10' },
    ]);
    expect(replay.script).toContain(`'{"group_id":"'"$GROUP_1"'"}'`);
    expect(replay.script).toContain(`"$BASE_URL"'/v1/conversations?group_id='"$GROUP_1"'&limit=10'`);
    const muted = exchange({
      operation: 'updateConversation',
      method: 'PUT',
      url: `${base}/v1/conversations/conv_9`,
      status: 200,
    });
    const viaGroup = replayScript([group, muted], muted, context)!;
    expect(viaGroup.recreates).toEqual([
      { kind: 'group', id: 'grp_9' },
      { kind: 'conversation', id: 'conv_9' },
    ]);
    expect(viaGroup.script).toContain('GROUP_1_CONVERSATION=$(field_of conversation_id "$answer")');
    // The group's delete takes its conversation along (§3): only the group is deleted by id.
    expect(viaGroup.script.match(/-X DELETE/g)).toHaveLength(1);
  });

  it('sends a failing create, and deletes what it made', () => {
    const failingCreate = { ...create };
    const replay = replayScript([failingCreate], failingCreate, context)!;
    expect(replay).toMatchObject({ recreates: [], failing_request_creates: true });
    expect(replay.script).toContain('NEW_CONVERSATION=$(field_of id "$answer")');
    expect(replay.script).toContain(`-X DELETE "$BASE_URL"'/v1/conversations/'"$NEW_CONVERSATION"`);
  });

  it('writes no id a server answered into its comments or its echo unquoted', () => {
    const hostile = exchange({
      ...create,
      responseBody: JSON.stringify({ id: 'x"; rm -rf ~; echo "\nnot a comment' }),
    });
    const put = exchange({
      operation: 'updateConversation',
      method: 'PUT',
      url: `${base}/v1/conversations/${encodeURIComponent('x"; rm -rf ~; echo "\nnot a comment')}`,
      status: 500,
    });
    const script = replayScript([hostile, put], put, context)!.script;
    expect(script.split('\n').filter((line) => line.startsWith('not a comment'))).toEqual([]);
    expect(script).toContain(`(the run's was "'x"; rm -rf ~; echo " not a comment'")"`);
    expect(spawnSync('sh', ['-n', '-c', script]).status).toBe(0);
  });
});

describe("the run's marker", () => {
  it('is the run id whole, after msgapi- or msgapi-conformance', () => {
    expect(carriesRunMarker('msgapi-1a2b3c4d-aa-c-1', '1a2b3c4d')).toBe(true);
    expect(carriesRunMarker('msgapi-conformance 1a2b3c4d aa g 2', '1a2b3c4d')).toBe(true);
    expect(carriesRunMarker('msgapi-1a2b3c4d5-aa', '1a2b3c4d')).toBe(false);
    expect(carriesRunMarker('msgapi-conformance 1a2b3c4e aa', '1a2b3c4d')).toBe(false);
    expect(carriesRunMarker('1a2b3c4d', '1a2b3c4d')).toBe(false);
  });
});

describe('the failure card', () => {
  it('says the run deleted the object, shows the script, then the curl alone', () => {
    const replay = {
      script: '#!/bin/sh\necho "<b>"\n',
      recreates: [{ kind: 'conversation' as const, id: 'conv_<1>' }],
      failing_request_creates: false,
    };
    const check: CheckResult = {
      id: 'conversations.update.is-pinned',
      title: 'PUT is_pinned pins and unpins',
      spec: ['§4.1'],
      level: 'spec',
      status: 'failed',
      gating: true,
      message: 'Expected: unpinned\nReceived: pinned',
      reproduction: "curl -sS -i -X PUT 'http://x/v1/conversations/conv_1'",
      reproduction_script: replay,
      requests: 4,
      duration_ms: 3,
    };
    const html = failureCards([check]);
    expect(html).toContain('The run deleted what the failing request names (conversation <code>conv_&lt;1&gt;</code>)');
    expect(html).toContain('would now answer 404');
    expect(html).toMatch(/<pre class="replay-script" id="replay-[^"]+">#!\/bin\/sh\necho &quot;&lt;b&gt;&quot;/);
    expect(html.indexOf('class="replay-script"')).toBeLessThan(html.indexOf('<pre class="curl"'));
  });
});

/** Every object of the user, as the list endpoints give them (the reference server's lists, all on one page). */
async function everything(url: string, token: string): Promise<string[]> {
  const owner = ownerClient(url, token);
  const conversations = (await owner.listConversations({ limit: 100 })).body as { data: Array<{ id: string }> };
  const groups = (await owner.listGroups({ limit: 100 })).body as { data: Array<{ id: string }> };
  return [...conversations.data, ...groups.data].map((item) => item.id);
}

describe.skipIf(!curlAvailable)('a replay script of a real run, against a fresh server with the same fault', () => {
  const token = 'replay-token-first-1f9';
  const faults = [
    'conversations.update.unpin-ignored',
    'conversations.update.non-boolean-is-muted-500',
    'groups.update.name-ignored',
  ] as const;
  const checks = ['conversations.update.is-pinned', 'conversations.update.wrong-types', 'groups.update.name'];

  it('shows the failing answer (not 404), leaves nothing behind, and names no token', async () => {
    const dir = newDir();
    const first = await startReferenceServer({ users: [{ token, name: 'a' }], modifiers: faultModifiers([...faults]) });
    const fresh = await startReferenceServer({ users: [{ token, name: 'a' }], modifiers: faultModifiers([...faults]) });
    try {
      const result = await runCli(['check', '--only', checks.join(',')], {
        BASE_URL: first.url,
        ACCESS_TOKEN: token,
        REPORTS_DIR: dir,
      });
      expect(result.code, result.stdout + result.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
      const written = [
        result.stdout,
        result.stderr,
        ...readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8')),
      ].join('\n');
      expect(written).not.toContain(token);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toContain('class="replay-script"');

      const answers: Record<string, RegExp> = {
        'conversations.update.is-pinned': /^HTTP\/1\.1 200 [^\n]*\n[\s\S]*"is_pinned":true/m,
        'conversations.update.wrong-types': /^HTTP\/1\.1 500 /m,
        'groups.update.name': /^HTTP\/1\.1 200 [^\n]*\n[\s\S]*"name":"msgapi[0-9a-f]{8}g/m,
      };
      for (const id of checks) {
        const check = report.checks.find((each) => each.id === id)!;
        expect(check.status, id).toBe('failed');
        expect(check.reproduction_script?.recreates.length, id).toBeGreaterThan(0);
        // The curl alone, against the run's server: the run deleted its object.
        const alone = await execFileAsync('sh', ['-c', check.reproduction!], {
          env: { PATH: process.env.PATH, ACCESS_TOKEN: token },
        });
        expect(alone.stdout, id).toMatch(/^HTTP\/1\.1 404 /);

        const replayed = await execFileAsync('sh', ['-c', check.reproduction_script!.script], {
          env: { PATH: process.env.PATH, ACCESS_TOKEN: token, BASE_URL: fresh.url },
        });
        expect(replayed.stdout, id).toMatch(answers[id]!);
        expect(replayed.stdout, id).not.toMatch(/^HTTP\/1\.1 404 /m);
        expect(replayed.stdout, id).toMatch(/^clean-up: DELETE \/v1\/(conversations|groups)\/\S+ answered 2\d\d$/m);
        expect(await everything(fresh.url, token), id).toEqual([]);
      }
    } finally {
      await first.close();
      await fresh.close();
    }
  });

  it('deletes what it made also when it is stopped (SIGTERM) before the failing request', async () => {
    const server = await startReferenceServer({ users: [{ token, name: 'a' }] });
    try {
      const create = exchange({
        operation: 'createGroup',
        method: 'POST',
        url: `${server.url}/v1/groups`,
        requestHeaders: { ...auth, 'content-type': 'application/json' },
        requestBody: '{"name":"msgapi-conformance 1a2b3c4d aa g 1"}',
        status: 201,
        responseBody: '{"id":"grp_1","conversation_id":"conv_1"}',
      });
      const failing = exchange({
        operation: 'retrieveGroup',
        method: 'GET',
        url: `${server.url}/v1/groups/grp_1`,
        transportError: 'timeout',
      });
      // The script stops itself where the failing request would go: the TERM trap, then the EXIT trap.
      const script = replayScript([create, failing], failing, {
        checkId: 'groups.retrieve.x',
        runId: '1a2b3c4d',
      })!.script.replace('curl -sS -i -X GET', () => 'kill -TERM $$; curl -sS -i -X GET');
      const run = await execFileAsync('sh', ['-c', script], {
        env: { PATH: process.env.PATH, ACCESS_TOKEN: token },
      }).catch((error: { code: number; stdout: string }) => error);
      expect((run as { code?: number }).code).toBe(143);
      expect(run.stdout).toMatch(/^made group \S+/m);
      expect(run.stdout).toMatch(/^clean-up: DELETE \/v1\/groups\/\S+ answered 2\d\d$/m);
      expect(await everything(server.url, token)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('msgapi cleanup --marker', () => {
  const token = 'marker-token-first-77a';
  const runId = '1a2b3c4d';

  it("lists with --dry-run, then deletes only what carries the marker (and its groups' conversations), foreign data untouched", async () => {
    const server = await startReferenceServer({ users: [{ token, name: 'a' }] });
    try {
      const owner = ownerClient(server.url, token);
      const foreign = await seedForeignData(owner, 'foreign');
      // Lookalikes: another run's marker, a longer id that begins with this one, the id without msgapi-.
      for (const name of [
        `msgapi-conformance 1a2b3c4e aa g 1`,
        `msgapi-conformance ${runId}9 aa g 1`,
        `${runId} group`,
      ]) {
        const group = (await owner.createGroup({ name })).body as { id: string };
        foreign.push({ kind: 'group', id: group.id, body: (await owner.retrieveGroup(group.id)).body, owner });
      }
      const lookalike = (await owner.createConversation({ contact_id: `msgapi-${runId}0-aa-c-1` })).body as {
        id: string;
      };
      foreign.push({
        kind: 'conversation',
        id: lookalike.id,
        body: (await owner.retrieveConversation(lookalike.id)).body,
        owner,
      });

      const group = (await owner.createGroup({ name: `msgapi-conformance ${runId} aa g 1` })).body as {
        id: string;
        conversation_id: string;
      };
      const ofGroup = (await owner.createConversation({ group_id: group.id })).body as { id: string };
      const conversation = (await owner.createConversation({ contact_id: `msgapi-${runId}-aa-c-2` })).body as {
        id: string;
      };
      const marked = [
        ['group', group.id],
        ['conversation', ofGroup.id],
        ['conversation', conversation.id],
      ] as const;
      const exists = async () =>
        Promise.all(
          marked.map(
            async ([kind, id]) =>
              (kind === 'group' ? await owner.retrieveGroup(id) : await owner.retrieveConversation(id)).status,
          ),
        );

      const env = { BASE_URL: server.url, ACCESS_TOKEN: token };
      const dry = await runCli(['cleanup', '--marker', runId, '--dry-run'], env);
      expect(dry.code, dry.stdout + dry.stderr).toBe(0);
      for (const [kind, id] of marked) expect(dry.stdout).toContain(`  ${kind} ${id}`);
      expect(dry.stdout).toContain('--dry-run: nothing deleted.');
      expect(await exists()).toEqual([200, 200, 200]);

      const result = await runCli(['cleanup', '--marker', `msgapi-${runId}`], env);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        new RegExp(`^marker ${runId}: \\d+ found, \\d+ deleted now, \\d+ already gone, 0 left\\.$`, 'm'),
      );
      expect(await exists()).toEqual([404, 404, 404]);
      expect((await owner.retrieveConversation(group.conversation_id)).status).toBe(404);
      expect(await changedForeignRecords(foreign)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('with SECOND_ACCESS_TOKEN, finds and deletes what the second user made too, as that user (the first cannot see it, §5)', async () => {
    const secondToken = 'marker-token-second-77b';
    const server = await startReferenceServer({
      users: [
        { token, name: 'a' },
        { token: secondToken, name: 'b' },
      ],
    });
    try {
      const second = ownerClient(server.url, secondToken);
      const group = (await second.createGroup({ name: `msgapi-conformance ${runId} bb g 1` })).body as { id: string };
      const conversation = (await second.createConversation({ contact_id: `msgapi-${runId}-bb-c-1` })).body as {
        id: string;
      };
      const firstOnly = await runCli(['cleanup', '--marker', runId, '--dry-run'], {
        BASE_URL: server.url,
        ACCESS_TOKEN: token,
      });
      expect(firstOnly.stdout).toContain('nothing at');
      const result = await runCli(['cleanup', '--marker', runId], {
        BASE_URL: server.url,
        ACCESS_TOKEN: token,
        SECOND_ACCESS_TOKEN: secondToken,
      });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain(`group ${group.id} (the second user's)`);
      expect([
        (await second.retrieveGroup(group.id)).status,
        (await second.retrieveConversation(conversation.id)).status,
      ]).toEqual([404, 404]);
      expect(result.stdout + result.stderr).not.toContain(secondToken);
    } finally {
      await server.close();
    }
  });

  it('refuses a malformed marker before any request, saying what a marker is', async () => {
    const result = await runCli(['cleanup', '--marker', 'msgapi-xyz'], {
      BASE_URL: 'http://127.0.0.1:1',
      ACCESS_TOKEN: token,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--marker "msgapi-xyz" is not a run\'s marker: give the run id, eight hexadecimal digits',
    );
  });
});
