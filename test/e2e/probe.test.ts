// msgapi probe and the probe msgapi check runs by itself: each choice found out on the reference
// server's variants that make it, nothing left behind, the .env fragment and its merge. The whole
// suite against the variants runs in CI: declared (test/ci/declared-variants.test.ts) and found
// out (--detect, test/ci/full-matrix.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { directTransport } from '../../lib/core/client/transport.ts';
import { describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { variants, variantServerOptions, type VariantName } from '../../reference/variants/registry.ts';
import { faultModifiers } from '../../reference/faults/registry.ts';
import { applyDetection } from '../../lib/core/detect/apply-detection.ts';
import { detectChoices, detectedSettings, type Detection } from '../../lib/core/detect/detect-choices.ts';
import { envFragment, mergeEnv } from '../../lib/core/detect/env-fragment.ts';
import type { Exchange } from '../../lib/core/client/exchange.ts';
import type { Target } from '../../lib/core/target/target.ts';
import { runCli } from '../helpers/run-cli.ts';
import { forward, listenLocally, withBody } from '../helpers/test-server.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-probe-');
const TOKEN = 'tok-probe-first';

/** Probes a reference server making the variant's choices (the default server with no name), and closes it. */
/** The probe's view of a server at `url`, acting as the test's one user, with nothing declared. */
const targetAt = (url: string): Target => ({
  url,
  users: { accessToken: TOKEN, secondAccessToken: undefined },
  choices: { bodyEncoding: 'form', pagination: { kind: 'starting_after' }, groupContacts: undefined, declared: {} },
  transport: directTransport,
  embedded: false,
  pid: undefined,
  close: async () => {},
});

async function probeVariant(
  name: VariantName | undefined,
  readOnly = false,
  journal: Exchange[] = [],
): Promise<{ detection: Detection; groupsLeft: number }> {
  const server = await startReferenceServer({
    ...(name ? variantServerOptions(variants.get(name)!) : {}),
    users: [{ token: TOKEN, name: 'first' }],
  });
  try {
    const target = targetAt(server.url);
    if (readOnly) {
      // Two conversations made beforehand: under --read-only the probe can only read what is there.
      for (const contact of ['c-1', 'c-2']) {
        await fetch(`${server.url}/v1/conversations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: `contact_id=${contact}`,
        });
      }
    }
    const detection = await detectChoices(target, { timeoutMs: 5_000, readOnly, journal });
    // The probe's groups are all it made: the first page (of the default size) holds whatever is left.
    const listed = await fetch(`${server.url}/v1/groups`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const groupsLeft = ((await listed.json()) as { data: unknown[] }).data.length;
    return { detection, groupsLeft };
  } finally {
    await server.close();
  }
}

const valueOf = (detection: Detection, setting: string) =>
  detection.findings.find((finding) => finding.setting === setting)?.value;

/** Each exchange's time on the wire, from its sending to its whole answer (the journal's clock). */
const spans = (journal: readonly Exchange[]) =>
  journal.map((exchange) => ({ from: exchange.sentAt!, to: exchange.sentAt! + exchange.durationMs }));

/** The most exchanges waiting for their answers at once. */
function peakInFlight(journal: readonly Exchange[]): number {
  const edges = spans(journal)
    .flatMap(({ from, to }) => [
      { at: from, step: 1 },
      { at: to, step: -1 },
    ])
    // At the same instant an answer ends before the next request counts: only a true overlap adds.
    .sort((a, b) => a.at - b.at || a.step - b.step);
  let now = 0;
  let peak = 0;
  for (const { step } of edges) peak = Math.max(peak, (now += step));
  return peak;
}

/** The longest run of exchanges each sent after the one before was answered: the requests that went one after another. */
function longestChain(journal: readonly Exchange[]): number {
  const sorted = spans(journal).sort((a, b) => a.from - b.from);
  const chain: number[] = [];
  sorted.forEach(({ from }, i) => {
    chain[i] = 1 + Math.max(0, ...sorted.slice(0, i).map((before, j) => (before.to <= from ? chain[j]! : 0)));
  });
  return Math.max(0, ...chain);
}

describe('the probe on the reference server and its variants', () => {
  it.each([
    [
      undefined,
      {
        BODY_ENCODING: 'form',
        PAGINATION: 'starting_after',
        GROUP_CONTACTS: 'replace',
        EMPTY_TEXT: 'kept',
        ERROR_BODY: 'json',
        DELETE_OF_NOTHING: 'refused',
        LIST_CONSISTENCY: 'immediate',
        DEFAULT_LIST_SCOPE: 'all',
      },
    ],
    ['pagination:cursor', { PAGINATION: 'cursor:cursor:next_cursor' }],
    ['pagination:page', { PAGINATION: 'page:page' }],
    ['pagination:offset', { PAGINATION: 'offset:offset' }],
    ['pagination:none', { PAGINATION: 'none' }],
    ['body-encoding:json', { BODY_ENCODING: 'json' }],
    ['group-contacts:merge', { GROUP_CONTACTS: 'merge' }],
    ['delete-answer:204', { DELETE_STATUS: '204' }],
    ['delete-of-nothing:success', { DELETE_OF_NOTHING: 'success', DELETE_STATUS: '200' }],
    ['empty-text:null', { EMPTY_TEXT: 'null' }],
    ['largest-limit:refused-50', { LARGEST_LIMIT: 'refused' }],
    ['error-body:text-plain', { ERROR_BODY: 'any' }],
    ['default-list-scope:active', { DEFAULT_LIST_SCOPE: 'active', LIST_CONSISTENCY: 'immediate' }],
  ] as const)('finds on %s what it chose, and removes what it made', async (name, expected) => {
    const { detection, groupsLeft } = await probeVariant(name);
    for (const [setting, value] of Object.entries(expected))
      expect(`${setting}=${valueOf(detection, setting)}`).toBe(`${setting}=${value}`);
    expect(detection.leftovers).toEqual([]);
    expect(groupsLeft).toBe(0);
    // A handful each: the lists' two readings take about ten of them.
    expect(detection.requests).toBeLessThan(50);
  });

  it.each([
    'conversations.list.pagination-repeats-cursor-item',
    'conversations.list.pagination-skips-item',
    'conversations.list.limit-ignored',
  ] as const)(
    'on the fault %s, never concludes there is no pagination: the page walks must still run and fail',
    async (fault) => {
      const server = await startReferenceServer({
        modifiers: faultModifiers([fault]),
        users: [{ token: TOKEN, name: 'first' }],
      });
      try {
        const target = targetAt(server.url);
        const detection = await detectChoices(target, { timeoutMs: 5_000, readOnly: false });
        expect(detection.pagination?.kind, JSON.stringify(detection.findings)).not.toBe('none');
      } finally {
        await server.close();
      }
    },
  );

  it('sends side by side what needs no answer of another: the writing parts go out together, and the chain is shorter than the requests', async () => {
    const journal: Exchange[] = [];
    const { detection, groupsLeft } = await probeVariant(undefined, false, journal);
    // The four parts on groups of their own send their creates at once, before any answer is read:
    // a property of the order the requests are sent in, whatever the machine's speed.
    const peak = peakInFlight(journal);
    const chain = longestChain(journal);
    expect(peak, `requests in flight at once, at most, of ${journal.length}`).toBeGreaterThanOrEqual(4);
    expect(chain, `the longest chain of requests one after another, of ${journal.length}`).toBeLessThan(journal.length);
    // The same findings and the same cleanup as one after another.
    expect(detection.requests).toBe(journal.length);
    expect(detection.leftovers).toEqual([]);
    expect(groupsLeft).toBe(0);
    expect(detection.findings.map((finding) => finding.setting)).toEqual([...detectedSettings]);
  });

  it('when one part loses its connection, keeps what the parts beside it found, says the rest not known, and still removes every group made', async () => {
    const server = await startReferenceServer({ users: [{ token: TOKEN, name: 'first' }] });
    // PUT /v1/groups/<id> is sent only by the contacts part, while the other writing parts run.
    const front = await listenLocally(
      withBody((req, res, body) => {
        if (req.method === 'PUT' && (req.url ?? '').startsWith('/v1/groups/')) {
          req.socket.destroy();
          return;
        }
        forward(server.url, req, body).then(
          (answer) => res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.text),
          () => res.destroy(),
        );
      }),
    );
    try {
      const target = targetAt(front.url);
      const detection = await detectChoices(target, { timeoutMs: 5_000, readOnly: false });
      const finding = (setting: string) => detection.findings.find((found) => found.setting === setting);
      expect(finding('GROUP_CONTACTS')?.value).toBeUndefined();
      expect(finding('GROUP_CONTACTS')?.evidence).toMatch(/^not found out: PUT /);
      // Beside it: found, and kept.
      expect(valueOf(detection, 'EMPTY_TEXT')).toBe('kept');
      expect(valueOf(detection, 'ERROR_BODY')).toBe('json');
      expect(valueOf(detection, 'LIST_CONSISTENCY')).toBe('immediate');
      // After it: not tried.
      expect(finding('PAGINATION')?.evidence).toMatch(/^not found out: /);
      expect(detection.findings.map((found) => found.setting)).toEqual([...detectedSettings]);
      expect(detection.leftovers).toEqual([]);
      const listed = await fetch(`${server.url}/v1/groups`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(((await listed.json()) as { data: unknown[] }).data).toEqual([]);
    } finally {
      await front.close();
      await server.close();
    }
  });

  it('sees on list-consistency:eventual a list that shows a new record late, writes the bound it suggests commented out, and removes what it made', async () => {
    const { detection } = await probeVariant('list-consistency:eventual');
    const seen = detection.findings.find((finding) => finding.setting === 'LIST_CONSISTENCY')!;
    expect(seen.value, seen.evidence).toMatch(/^eventual:\d+000$/);
    expect(seen.evidence).toMatch(/listed the group's conversation only \d+ ms after the create/);
    // Its archived conversation is looked for once archived=true lists it: the list without archived is as late.
    expect(valueOf(detection, 'DEFAULT_LIST_SCOPE')).toBe('all');
    expect(detection.leftovers).toEqual([]);
    expect(envFragment(detection, 'lagging')).toContain(
      `# ${seen.evidence}\n# LIST_CONSISTENCY=${seen.value}   (uncomment to require it)\n`,
    );
  });

  it('sees milliseconds as the timestamp unit on the variant that uses them', async () => {
    const { detection } = await probeVariant('timestamp-unit:milliseconds');
    expect(detection.observations.find((observation) => observation.topic === 'timestamp unit')?.seen).toMatch(
      /^milliseconds/,
    );
  });

  it('under --read-only sends only GETs, finds the pagination from what is there, and says what it could not find out', async () => {
    const { detection } = await probeVariant('pagination:offset', true);
    expect(valueOf(detection, 'PAGINATION')).toBe('offset:offset');
    expect(valueOf(detection, 'BODY_ENCODING')).toBeUndefined();
    expect(detection.findings.find((finding) => finding.setting === 'GROUP_CONTACTS')?.evidence).toMatch(
      /--read-only sends only GETs/,
    );
    // Each setting once: DELETE_STATUS was said twice, unknown for the read-only run and for nothing made.
    expect(detection.findings.map((finding) => finding.setting)).toEqual([...detectedSettings]);
  });
});

describe('what a run does with the findings', () => {
  const detection: Detection = {
    findings: [
      { setting: 'BODY_ENCODING', value: 'json', evidence: 'form refused, JSON accepted' },
      { setting: 'PAGINATION', value: 'cursor:cursor:next_cursor', evidence: 'the cursor gave the second item' },
      { setting: 'GROUP_CONTACTS', value: undefined, evidence: 'the PUT was refused (400)' },
      { setting: 'DELETE_STATUS', value: '204', evidence: 'DELETE answered 204, with no body' },
    ],
    observations: [{ topic: 'timestamp unit', seen: 'seconds' }],
    leftovers: [],
    marker: '1a2b3c4d',
    requests: 12,
    bodyEncoding: 'json',
    pagination: { kind: 'cursor', param: 'cursor', field: 'next_cursor' },
  };
  const choices = {
    bodyEncoding: 'form' as const,
    pagination: { kind: 'starting_after' as const },
    groupContacts: undefined,
    declared: { 'delete-answer': [200] },
  };

  it('takes what the user left undeclared, keeps what they declared, and says each contradiction in one sentence', () => {
    const applied = applyDetection(choices, detection, { bodyEncoding: false, pagination: true, groupContacts: false });
    expect(applied.choices.bodyEncoding).toBe('json');
    expect(applied.choices.pagination).toEqual({ kind: 'starting_after' });
    expect(applied.lines).toEqual([
      'body encoding: json (detected)',
      'group contacts: left open: PUT contacts is checked under both readings (not detected: the PUT was refused (400))',
    ]);
    expect(applied.contradictions).toEqual([
      'PAGINATION=starting_after is declared, but the probe saw cursor:cursor:next_cursor: the cursor gave the second item. The declared setting is used.',
      'DELETE_STATUS=200 is declared, but the probe saw 204: DELETE answered 204, with no body.',
    ]);
  });

  it('says a declared LIST_CONSISTENCY=immediate contradicts a list seen to show a write late, and a declared bound nothing seen', () => {
    const late: Detection = {
      ...detection,
      findings: [
        { setting: 'LIST_CONSISTENCY', value: 'eventual:1000', evidence: 'listed only 320 ms after the create' },
      ],
    };
    const declaring = (reading: 'immediate' | 'eventual:5000') =>
      applyDetection({ ...choices, declared: { 'list-consistency': reading } }, late, {
        bodyEncoding: true,
        pagination: true,
        groupContacts: true,
      }).contradictions;
    expect(declaring('immediate')).toEqual([
      'LIST_CONSISTENCY=immediate is declared, but the probe saw eventual:1000: listed only 320 ms after the create.',
    ]);
    expect(declaring('eventual:5000')).toEqual([]);
  });

  it('prints a .env fragment: how to talk to the server as settings, what would narrow the suite commented out', () => {
    expect(envFragment(detection, 'http://api.test, 2026-11-23')).toBe(
      [
        '# http://api.test, 2026-11-23 (msgapi probe; marker 1a2b3c4d)',
        '# form refused, JSON accepted',
        'BODY_ENCODING=json',
        '# the cursor gave the second item',
        'PAGINATION=cursor:cursor:next_cursor',
        '# GROUP_CONTACTS: the PUT was refused (400)',
        '# DELETE answered 204, with no body',
        '# DELETE_STATUS=204   (uncomment to require it)',
        '# timestamp unit: seconds',
        '',
      ].join('\n'),
    );
  });

  it('merges into a .env: adds what it lacks, never changes what it has, and says where they differ', () => {
    const merged = mergeEnv('BASE_URL=http://api.test\nPAGINATION="page:page"\n', detection, 'probe');
    expect(merged.added).toEqual(['BODY_ENCODING']);
    expect(merged.differing).toEqual([
      'PAGINATION=page:page is kept; the probe found cursor:cursor:next_cursor (the cursor gave the second item)',
    ]);
    expect(merged.text).toBe(
      'BASE_URL=http://api.test\nPAGINATION="page:page"\n\n# probe (msgapi probe)\n# form refused, JSON accepted\nBODY_ENCODING=json\n',
    );
    expect(mergeEnv(merged.text, detection, 'probe').added).toEqual([]);
  });
});

describe('msgapi probe and msgapi check on a target that declares nothing', () => {
  it('msgapi probe --write merges into the .env file; msgapi check then says what it detected', async () => {
    const server = await startReferenceServer({
      ...variantServerOptions(variants.get('pagination:page')!),
      users: [{ token: TOKEN, name: 'first' }],
    });
    try {
      const dir = newDir();
      const env = join(dir, '.env');
      writeFileSync(env, `# mine\nBASE_URL=${server.url}\n`);
      const probe = await runCli(['probe', '--write', '.env'], { ACCESS_TOKEN: TOKEN }, dir);
      expect(probe.code, probe.stdout + probe.stderr).toBe(0);
      expect(probe.stdout).toContain('PAGINATION=page:page');
      expect(probe.stdout).not.toContain(TOKEN);
      expect(readFileSync(env, 'utf8')).toMatch(
        /^# mine\nBASE_URL=\S+\n\n# .*\n# .*\nBODY_ENCODING=form\n# .*\nPAGINATION=page:page\n# .*\nGROUP_CONTACTS=replace\n$/,
      );

      const work = newDir();
      const check = await runCli(
        ['check', '--only', 'conversations.list.pagination', '--reports-dir', 'probed'],
        { BASE_URL: server.url, ACCESS_TOKEN: TOKEN },
        work,
      );
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toContain(
        'body encoding: form (detected); pagination: page:page (detected); group contacts: replace (detected).',
      );
      // The profile section: in the terminal, in conformance.json (with the evidence), and in index.html.
      expect(check.stdout).toMatch(
        /What this server chose \(where the spec leaves it open\):\n {2}BODY_ENCODING +form \(detected\)\n {2}PAGINATION +page:page \(detected\)\n {2}GROUP_CONTACTS +replace \(detected\)\n/,
      );
      const report = JSON.parse(readFileSync(join(work, 'probed', 'conformance.json'), 'utf8')) as {
        server_choices: Array<{ point: string; reading: string; source: string; evidence?: string }>;
      };
      expect(report.server_choices.find((choice) => choice.point === 'PAGINATION')).toMatchObject({
        reading: 'page:page',
        source: 'detected',
        evidence: expect.stringMatching(/page=2/),
      });
      expect(report.server_choices.find((choice) => choice.point === 'DELETE_STATUS')).toMatchObject({
        source: 'observed',
      });
      expect(report.server_choices.find((choice) => choice.point === 'DELETE_OF_NOTHING')).toMatchObject({
        reading: 'refused',
        source: 'observed',
        evidence: expect.stringMatching(/second DELETE .* answered 404/),
      });
      expect(readFileSync(join(work, 'probed', 'index.html'), 'utf8')).toContain(
        '<tr data-point="PAGINATION"><td><code>PAGINATION</code></td><td><code>page:page</code></td><td>detected</td>',
      );

      // Side by side with the embedded server's run: the points where they differ are marked.
      const embedded = await runCli(
        ['check', '--embedded', '--only', 'conversations.list.pagination', '--reports-dir', 'embedded'],
        {},
        work,
      );
      expect(embedded.code, embedded.stdout + embedded.stderr).toBe(0);
      const compared = await runCli(
        [
          'compare',
          join('probed', 'conformance.json'),
          join('embedded', 'conformance.json'),
          '--reports-dir',
          'compared',
        ],
        {},
        work,
      );
      expect(compared.code, compared.stdout + compared.stderr).toBe(0);
      expect(compared.stdout).toMatch(/^\* PAGINATION +page:page \(detected\) +starting_after \(known\) *$/m);
      expect(compared.stdout).toMatch(/^ {2}BODY_ENCODING +form \(detected\) +form \(known\) *$/m);
      expect(readFileSync(join(work, 'compared', 'index.html'), 'utf8')).toContain('<h3>What each server chose</h3>');
    } finally {
      await server.close();
    }
  });
});
