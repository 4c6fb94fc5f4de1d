// How a conformance run fares at a distance (issue 27): `msgapi check`, as a user runs it with
// nothing declared, against the reference server behind a front that holds every answer back
// 0, 30 and 100 ms (delay-front.ts). For each delay, the median of a few runs of: the command's wall
// time, the checks' time and their bound (the critical path, or the request time spread over the
// checks allowed at once: conformance.json `timing`), the ratio of the two, and the requests in
// flight on average. Ratios, so that they hold on a busy machine. A benchmark that prints figures:
// it exits 0 whatever they are, 2 when something could not run.
// Options: --delays 0,30,100 (ms), --runs 3, --seed 1, --args "--workers 10" (further flags of msgapi check),
// --build: msgapi compiled as npm pack ships it (what the GitHub Action installs), not the sources
// through tsx, whose loader takes a second or two of every start. --servers reference,failing,python-stdlib:
// the servers behind the delay, rows of their own: the reference server; `failing`, the reference
// server with one of the project's faults that the model and the properties catch (a failing run
// should cost about what a passing one does: shrinking is bounded); `python-stdlib`, the API on
// Python's http.server (test/fixtures/stacks/), one thread a request over HTTP/1.0.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';
import { startReferenceServer } from '../../reference/listen.ts';
import { faultModifiers, type FaultName } from '../../reference/faults/registry.ts';
import { startStack, stackTokens } from '../../test/fixtures/stacks/start.ts';
import { startDelayFront } from './delay-front.ts';
import { median } from './bench-table.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let bin = join(root, 'bin', 'msgapi.mjs');
const users = { first: 'distance-token-first', second: 'distance-token-second' };

/** The fault of the `failing` row: is_muted reset by an update that does not name it, which the model and the update properties catch. */
const failingFault: FaultName = 'conversations.update.resets-is-muted';

type ServerKind = 'reference' | 'failing' | 'python-stdlib';
const serverKinds: readonly ServerKind[] = ['reference', 'failing', 'python-stdlib'];

/** The server of a row, its tokens, and the exit code a run against it should end with. */
async function startServer(kind: ServerKind) {
  if (kind === 'python-stdlib') {
    const stack = await startStack('python-stdlib');
    return { url: stack.url, close: stack.close, tokens: stackTokens, exits: 0 };
  }
  const server = await startReferenceServer({
    users: [
      { token: users.first, name: 'first' },
      { token: users.second, name: 'second' },
    ],
    ...(kind === 'failing' ? { modifiers: faultModifiers([failingFault]) } : {}),
  });
  return { url: server.url, close: () => server.close(), tokens: users, exits: kind === 'failing' ? 1 : 0 };
}

interface Figures {
  delayMs: number;
  wallS: number;
  checksS: number;
  boundS: number;
  overBound: number;
  concurrency: number;
  requests: number;
  criticalPath: string;
  /** The window of checks at once: its peak, or 'fixed N' (the last run's). */
  window: string;
}

async function oneRun(kind: ServerKind, delayMs: number, seed: number, extraArgs: readonly string[]): Promise<Figures> {
  const server = await startServer(kind);
  const front = await startDelayFront(server.url, delayMs);
  const dir = mkdtempSync(join(tmpdir(), 'msgapi-distance-'));
  try {
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [bin, 'check', '--seed', String(seed), '--reports-dir', dir, ...extraArgs],
        {
          env: {
            PATH: process.env.PATH ?? '',
            BASE_URL: front.url,
            ACCESS_TOKEN: server.tokens.first,
            SECOND_ACCESS_TOKEN: server.tokens.second,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child.on('error', reject);
      child.on('close', resolve);
    });
    const wallS = (performance.now() - started) / 1000;
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
    if (code !== server.exits || report.timing === undefined)
      throw new Error(
        `msgapi check exited ${code} against ${kind} at ${delayMs} ms, not ${server.exits}: ${report.verdict?.reasons.join('; ')}`,
      );
    const timing = report.timing;
    return {
      delayMs,
      wallS,
      checksS: timing.checks_ms / 1000,
      boundS: timing.bound_ms / 1000,
      overBound: timing.over_bound,
      concurrency: timing.achieved_concurrency,
      requests: report.requests,
      criticalPath: `${timing.critical_path.check} (${timing.critical_path.requests} requests)`,
      window:
        timing.checks_at_once === undefined
          ? '-'
          : timing.checks_at_once.adaptive
            ? `≤${Math.round(timing.checks_at_once.peak)}`
            : `${timing.checks_at_once.final}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await front.close();
    await server.close();
  }
}

const { values } = parseArgs({
  options: {
    delays: { type: 'string', default: '0,30,100' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    args: { type: 'string', default: '' },
    build: { type: 'boolean', default: false },
    servers: { type: 'string', default: 'reference' },
  },
});
const servers = values.servers.split(',') as ServerKind[];
const unknownServer = servers.find((name) => !serverKinds.includes(name));
if (unknownServer !== undefined) {
  console.error(`bench:distance: --servers names ${unknownServer}; each is one of ${serverKinds.join(', ')}`);
  process.exit(2);
}
const delays = values.delays.split(',').map(Number);
const runs = Number(values.runs);
const extraArgs = values.args.split(' ').filter(Boolean);

// In the project's folder, where the tests build theirs (.test-output/), and removed at the end.
const buildDir = values.build ? join(root, '.test-output', `bench-build-${process.pid}`) : undefined;
try {
  if (buildDir !== undefined) {
    const build = spawnSync(process.execPath, [join(root, 'tools', 'scripts', 'build.mjs'), '--out-dir', buildDir], {
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
    bin = join(buildDir, 'app', 'cli', 'main.js');
  }
  console.log(
    `msgapi check ${buildDir ? 'as built for the package' : 'from the sources'} against each server behind a delay, median of ${runs} runs each (seed ${values.seed}${extraArgs.length ? `, ${extraArgs.join(' ')}` : ''}; failing: ${failingFault}):`,
  );
  console.log(
    'server         delay   wall      checks    bound     wall/bound  checks/bound  in flight  window  requests  critical path',
  );
  for (const kind of servers)
    for (const delayMs of delays) {
      const all: Figures[] = [];
      for (let run = 0; run < runs; run++) all.push(await oneRun(kind, delayMs, Number(values.seed), extraArgs));
      const m = (pick: (figures: Figures) => number) => median(all.map(pick));
      console.log(
        `${kind.padEnd(15)}${`${delayMs} ms`.padEnd(8)}${`${m((f) => f.wallS).toFixed(1)} s`.padEnd(10)}${`${m((f) => f.checksS).toFixed(1)} s`.padEnd(10)}` +
          `${`${m((f) => f.boundS).toFixed(1)} s`.padEnd(10)}${`${m((f) => f.wallS / f.boundS).toFixed(2)}×`.padEnd(12)}` +
          `${`${m((f) => f.overBound).toFixed(2)}×`.padEnd(14)}${m((f) => f.concurrency)
            .toFixed(1)
            .padEnd(
              11,
            )}${all.at(-1)!.window.padEnd(8)}${String(m((f) => f.requests)).padEnd(10)}${all.at(-1)!.criticalPath}`,
      );
    }
} catch (error) {
  console.error(`bench:distance could not run: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  if (buildDir !== undefined) rmSync(buildDir, { recursive: true, force: true });
}
