// A declared reading of the server profile reaches the checks and narrows them: the same valid
// server passes with nothing declared and with its own reading declared, and fails with another.
// The two readings of lists the suite assumes unset (immediate, all) fail a server that takes the
// other undeclared, each failure naming the setting that would describe it, and pass it declared.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/listen.ts';
import { variants, variantServerOptions, type VariantName } from '../../reference/variants/registry.ts';
import { laggingLists } from '../../reference/variants/lagging-lists.ts';
import { HINT_PAUSE_MS } from '../../harness/checks/list-consistency.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const token = 'declared-readings-token';
// Made in beforeAll, not while the file is collected: a file whose tests are all filtered out runs
// no hooks, the clean-up included.
const newDir = tempDirs('msgapi-declared-', 'all');
let reportsDir: string;
const servers: Array<{ url: string; close(): Promise<void> }> = [];

async function serverOf(variant: VariantName): Promise<string> {
  const server = await startReferenceServer({
    ...variantServerOptions(variants.get(variant)!),
    users: [{ token, name: 'first' }],
  });
  servers.push(server);
  return server.url;
}

/**
 * Lists that lag this long behind the writes: a read right after a write comes sooner, and the one
 * read again for the hint, HINT_PAUSE_MS later, comes after (the variant's own 300 ms would do too,
 * but leave less room on a busy machine for the first read).
 */
const LAG_MS = 700;

let unknownId410: string;
let groupExisting: string;
let lagging: string;
let activeOnly: string;
beforeAll(async () => {
  reportsDir = newDir();
  unknownId410 = await serverOf('unknown-id-status:410');
  // The reference server's default: a create with a group's id answers with its conversation.
  groupExisting = await serverOf('id-format:uuid');
  const server = await startReferenceServer({ modifiers: [laggingLists(LAG_MS)], users: [{ token, name: 'first' }] });
  servers.push(server);
  lagging = server.url;
  activeOnly = await serverOf('default-list-scope:active');
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const check = (url: string, only: string, declared: Record<string, string>) =>
  runCli(['check', '--base-url', url, '--only', only, '--seed', '7', '--reports-dir', reportsDir], {
    ACCESS_TOKEN: token,
    ...declared,
  });

const failedIds = () =>
  (
    JSON.parse(readFileSync(join(reportsDir, 'conformance.json'), 'utf8')) as {
      checks: Array<{ id: string; status: string; message: string | null }>;
    }
  ).checks.filter((result) => result.status === 'failed');

describe('a declared reading', () => {
  it('UNKNOWN_ID_STATUS: a server answering 410 passes undeclared and declared 410, and fails declared 404', async () => {
    const only = 'conversations.retrieve.unknown-id,groups.delete.unknown-id';
    expect((await check(unknownId410, only, {})).code).toBe(0);
    expect((await check(unknownId410, only, { UNKNOWN_ID_STATUS: '410' })).code).toBe(0);
    const narrowed = await check(unknownId410, only, { UNKNOWN_ID_STATUS: '404' });
    expect(narrowed.code).toBe(1);
    const failed = failedIds();
    expect(failed.map((result) => result.id).sort()).toEqual([
      'conversations.retrieve.unknown-id',
      'groups.delete.unknown-id',
    ]);
    expect(failed[0]!.message).toMatch(/404 \(as declared\)[\s\S]*status 410/);
  });

  it("GROUP_CONVERSATION_CREATE: a server answering with the group's conversation fails when it is declared to refuse", async () => {
    const only = 'conversations.create.with-group';
    expect((await check(groupExisting, only, { GROUP_CONVERSATION_CREATE: 'existing' })).code).toBe(0);
    expect((await check(groupExisting, only, { GROUP_CONVERSATION_CREATE: 'refused' })).code).toBe(1);
    expect(failedIds()[0]!.message).toMatch(
      /GROUP_CONVERSATION_CREATE=refused declared[\s\S]*the group's conversation/,
    );
  });

  it('LIST_CONSISTENCY: lists that show a write late fail undeclared, each failure saying which setting would describe them, and pass declared', async () => {
    expect(LAG_MS).toBeLessThan(HINT_PAUSE_MS);
    const only = 'conversations.archive.listed-as-archived,groups.read-after-write.update-seen-everywhere';
    const undeclared = await check(lagging, only, {});
    expect(undeclared.code, undeclared.stdout).toBe(1);
    const failed = failedIds();
    expect(failed.map((result) => result.id).sort()).toEqual(only.split(','));
    for (const result of failed)
      expect(result.message).toMatch(
        /the same read \d+ ms later did: LIST_CONSISTENCY=eventual:\d+000 would describe this server/,
      );
    const declared = await check(lagging, only, { LIST_CONSISTENCY: 'eventual:3000' });
    expect(declared.code, declared.stdout).toBe(0);
  });

  it('DEFAULT_LIST_SCOPE: lists that leave archived records out fail undeclared, saying DEFAULT_LIST_SCOPE=active would describe them, and pass declared', async () => {
    const only = 'groups.read-after-write.update-seen-everywhere,conversations.list.filter-pairs';
    const undeclared = await check(activeOnly, only, {});
    expect(undeclared.code, undeclared.stdout).toBe(1);
    const failed = failedIds();
    expect(failed.map((result) => result.id).sort()).toEqual(only.split(',').sort());
    for (const result of failed) {
      expect(result.message).toMatch(
        /left out \S+, archived, which archived=true lists: DEFAULT_LIST_SCOPE=active would describe this server/,
      );
      expect(result.message).not.toMatch(/LIST_CONSISTENCY/);
    }
    expect((await check(activeOnly, only, { DEFAULT_LIST_SCOPE: 'active' })).code).toBe(0);
    // Declared, it is held to: the reference server's lists, which hold archived records, fail it.
    expect(
      (await check(groupExisting, 'groups.read-after-write.update-seen-everywhere', { DEFAULT_LIST_SCOPE: 'active' }))
        .code,
    ).toBe(1);
  });

  it('is refused before any request when it is not a reading of its entry', async () => {
    const refused = await check(unknownId410, 'conversations.retrieve.unknown-id', {
      UNKNOWN_ID_STATUS: '200',
      EMPTY_TEXT: 'blank',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/UNKNOWN_ID_STATUS must be a comma-separated list of statuses within 400-499/);
    expect(refused.stderr).toMatch(/EMPTY_TEXT must be one of kept, null/);
    const timed = await check(unknownId410, 'conversations.retrieve.unknown-id', { LIST_CONSISTENCY: 'eventual' });
    expect(timed.code).toBe(2);
    expect(timed.stderr).toMatch(
      /LIST_CONSISTENCY must be one of immediate, eventual:<ms> \(<ms>: 1 to 60000 milliseconds\); got "eventual"/,
    );
  });
});
