// The values the suite invents for its premises: plain enough for a strict server, carrying the
// run's marker where every server keeps it, and tried once more in their plainest form when a
// server still refuses them; refused again, the check is blocked with a sentence naming the value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SuiteNames, carriesRunMarker } from '../../lib/core/safety/run-names.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import type { ServerModifier } from '../../reference/modifiers.ts';
import { badRequest } from '../../reference/respond.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-premises-');
const runId = '1a2b3c4d';

describe('the names the suite invents', () => {
  const names = new SuiteNames(runId);
  const labels = ['group', 'isolation foreign description', 'model-second-user', 'x', ''];

  it('are ASCII letters and digits: group names and contact ids of at most 32 characters, usernames of at most 16', () => {
    for (const label of labels) {
      for (let n = 0; n < 200; n++) names.username(label);
      const [group, contact, username] = [names.groupName(label), names.contactId(label), names.username(label)];
      expect(
        [group, contact, username].every((text) => /^[a-z0-9]+$/.test(text)),
        `${group} ${contact} ${username}`,
      ).toBe(true);
      expect(group.length).toBeLessThanOrEqual(32);
      expect(contact.length).toBeLessThanOrEqual(32);
      expect(username.length).toBeLessThanOrEqual(16);
    }
  });

  it("carry the run marker in group names and contact ids, plainest forms included, and never another run's", () => {
    const group = names.groupName('group');
    const contact = names.contactId('contact');
    expect([carriesRunMarker(group, runId), carriesRunMarker(contact, runId)]).toEqual([true, true]);
    const plainest = names.plainestOf({ name: group, contact_id: contact })!;
    expect([carriesRunMarker(plainest.name, runId), carriesRunMarker(plainest.contact_id, runId)]).toEqual([
      true,
      true,
    ]);
    expect([carriesRunMarker(group, '1a2b3c4e'), carriesRunMarker(group, '1a2b3c4')]).toEqual([false, false]);
    // A longer run id that begins with this one is another run's.
    expect(carriesRunMarker(`msgapi${runId}5g00`, runId)).toBe(false);
    expect(carriesRunMarker(`xm${runId}g1`, runId)).toBe(false);
  });

  it('have a plainest form, shorter, for every invented text, also inside a longer text; nothing to replace is undefined', () => {
    const group = names.groupName('repeated');
    const member = names.username('member');
    const plainest = names.plainestOf({
      name: group,
      description: `Described by ${group}`,
      contacts: [{ username: member }],
      is_muted: true,
      avatar_url: 'https://example.com/a.png',
    })!;
    expect(plainest.name.length).toBeLessThan(group.length);
    expect(plainest.description).toBe(plainest.name);
    expect(plainest.contacts[0]!.username.length).toBeLessThan(member.length);
    expect([plainest.is_muted, plainest.avatar_url]).toEqual([true, 'https://example.com/a.png']);
    expect(names.plainestOf({ name: "someone else's", is_muted: true })).toBeUndefined();
    expect(names.plainestOf(plainest)).toBeUndefined();
  });
});

/** A server that refuses group names and usernames past a length, or names that do not begin with a word it wants. */
function refusing(rule: (name: string | undefined, usernames: string[]) => string | undefined): ServerModifier {
  return {
    handle: (next) => (context, route) =>
      next(
        {
          ...context,
          body: async () => {
            const source = await context.body();
            if (route.resource === 'groups' && (route.method === 'POST' || route.method === 'PUT')) {
              const { name, contacts } = source.values as { name?: unknown; contacts?: unknown };
              const members = Array.isArray(contacts)
                ? contacts
                : typeof contacts === 'object' && contacts !== null
                  ? Object.values(contacts)
                  : [];
              const usernames = members
                .map((member) => (member as { username?: unknown }).username)
                .filter((each): each is string => typeof each === 'string');
              const refusal = rule(typeof name === 'string' ? name : undefined, usernames);
              if (refusal !== undefined) throw badRequest(refusal, refusal.split(' ')[0]);
            }
            return source;
          },
        },
        route,
      ),
  };
}

async function runAgainst(
  modifier: ServerModifier,
  only: string,
): Promise<{ code: number | null; report: ConformanceReport }> {
  const token = 'premises-token';
  const server = await startReferenceServer({ users: [{ token, name: 'first' }], modifiers: [modifier] });
  try {
    const dir = newDir();
    const run = await runCli(['check', '--only', only, '--seed', '5'], {
      BASE_URL: server.url,
      ACCESS_TOKEN: token,
      REPORTS_DIR: dir,
    });
    return {
      code: run.code,
      report: JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport,
    };
  } finally {
    await server.close();
  }
}

describe('a premise write a server refuses', () => {
  it('is tried once more with the plainest values, and the checks go on: names of at most 20 characters, usernames of at most 10', async () => {
    const { code, report } = await runAgainst(
      refusing((name, usernames) =>
        (name?.length ?? 0) > 20
          ? 'name is longer than 20 characters'
          : usernames.some((each) => each.length > 10)
            ? 'contacts hold a username longer than 10 characters'
            : undefined,
      ),
      'groups.archive.,groups.delete.,groups.list.default-page-size',
    );
    const outcome = report.checks.map((check) => `${check.id}: ${check.status}`);
    console.log(outcome.join('\n'));
    expect(
      report.checks
        .filter((check) => check.status === 'blocked' || check.status === 'failed')
        .map((check) => `${check.id}: ${check.message}`),
    ).toEqual([]);
    expect(report.checks.filter((check) => check.status === 'passed').length).toBeGreaterThan(3);
    expect(code).toBe(0);
  });

  it('refused again blocks the check with one sentence naming the field and the value refused', async () => {
    const { report } = await runAgainst(
      refusing((name) => (name !== undefined && !name.startsWith('Team') ? 'name must begin with Team' : undefined)),
      'groups.archive.',
    );
    const blocked = report.checks.filter((check) => check.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(0);
    for (const check of blocked) {
      expect(check.message).toMatch(
        /^POST \/v1\/groups was refused \(status 400\), also with the plainest values: the server refuses name="m[0-9a-f]{8}g\d+": /,
      );
    }
  });
});
