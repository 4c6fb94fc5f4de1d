// How much of the machine our load generator leaves on the table. The same request (GET
// /v1/conversations, default page) is measured by wrk and by our closed model, against the
// embedded reference server and against a bare node:http server answering a body of the same size,
// in alternating order, round after round; medians of the per-round ratios are printed, and the
// CPU time each generator spends per response. A benchmark that prints figures: it exits 0
// whatever they are, 2 when something could not run. With --json, stdout has one JSON document
// of the figures and the tables go to stderr.
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { authorizationHeader } from '../../lib/core/client/credentials.ts';
import { firstUserClient } from '../../lib/core/client/user-clients.ts';
import { HarnessError } from '../../lib/core/errors.ts';
import { bottleneck } from '../../load/cpu.ts';
import { seedDataSet } from '../../load/data-set.ts';
import { startEmbeddedServer } from '../../lib/core/target/embedded-process.ts';
import type { LoadRequest } from '../../load/load-request.ts';
import { describeRequest } from '../../load/request-path.ts';
import { startBareServer } from './bare-server.ts';
import { benchJson, type BenchGoals } from './bench-json.ts';
import { fraction, median, ms, rate, table, tableHeader, tableLine, type Column } from './bench-table.ts';
import {
  measure,
  wrkOptions,
  type BenchSettings,
  type BenchTarget,
  type GeneratorName,
  type Measurement,
  type ServerName,
} from './measure.ts';
import {
  cpuPerResponseOursOverWrk,
  medianOf,
  oursOverWrk,
  referenceOverBare,
  roundOrder,
  servers,
  type Round,
} from './rounds.ts';
import { shownWrkCommand, wrkVersion } from './wrk.ts';

interface BenchOptions {
  rounds: number;
  durationS: number;
  connections: number;
  warmupS: number;
  json: boolean;
}

/** Where the tables go: stdout, or stderr when stdout carries the JSON. */
type Say = (line: string) => void;

/** What ours/wrk on the reference server should reach on a 2-core machine. */
const targetRatio = 0.9;
/** Issue 16's goals against the bare server, where the generator is what is measured. */
const goals: BenchGoals = { cpuPerResponseRatioMax: 1.3, bareRateRatioMin: 0.95, referenceOverBareMin: 0.5 };
/** load/cpu.ts's threshold for a process that has used up its core. */
const saturated = 0.85;
const plan = { conversations: 1000, groups: 100 };
const timeoutMs = 10_000;

const usage = `Usage: npm run bench:harness -- [--rounds N] [--duration S] [--connections N] [--warmup S] [--json]
  --rounds N       measurement rounds, each generator on each server once per round (default 5)
  --duration S     seconds per measurement (default 3)
  --connections N  connections of both generators (default 50)
  --warmup S       seconds of warm-up per generator and server before the rounds (default 1)
  --json           print the figures as one JSON document on stdout (rounds, ratios, CPU per
                   response, medians, goals); the tables go to stderr`;

function parseOptions(argv: string[]): BenchOptions | undefined {
  let values;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        rounds: { type: 'string' },
        duration: { type: 'string' },
        connections: { type: 'string' },
        warmup: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    throw new HarnessError('MSGAPI_USAGE', `${(error as Error).message}\n${usage}`);
  }
  if (values.help) return undefined;
  const whole = (name: string, value: string | undefined, fallback: number, min: number): number => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min)
      throw new HarnessError(
        'MSGAPI_USAGE',
        `--${name} must be a whole number of at least ${min}, not ${value}.\n${usage}`,
      );
    return number;
  };
  return {
    rounds: whole('rounds', values.rounds, 5, 1),
    durationS: whole('duration', values.duration, 3, 1),
    connections: whole('connections', values.connections, 50, 1),
    warmupS: whole('warmup', values.warmup, 1, 0),
    json: values.json === true,
  };
}

function shownCommand(argv: string[]): string {
  const args = argv.join(' ');
  return process.env.npm_lifecycle_event === 'bench:harness'
    ? `npm run bench:harness${args ? ` -- ${args}` : ''}`
    : `tsx tools/bench/harness-efficiency.ts ${args}`.trimEnd();
}

const measurementColumns: Column[] = [
  { header: 'round', numeric: true },
  { header: 'server', numeric: false, width: 9 },
  { header: 'generator', numeric: false },
  { header: 'req/s', numeric: true, width: 7 },
  { header: 'p50 ms', numeric: true },
  { header: 'p99 ms', numeric: true },
  { header: 'generator CPU', numeric: true },
  { header: 'µs CPU/response', numeric: true },
  { header: 'server CPU', numeric: true },
  { header: 'errors', numeric: true },
];

const measurementRow = (round: number, m: Measurement): string[] => [
  String(round),
  m.server,
  m.generator,
  rate(m.requestsPerSecond),
  ms(m.p50Us),
  ms(m.p99Us),
  fraction(m.generatorCpu),
  fraction(m.generatorCpuUsPerResponse),
  fraction(m.serverCpu),
  String(m.errors + m.non2xx),
];

function checked(m: Measurement): Measurement {
  if (m.non2xx > 0)
    throw new HarnessError(
      'MSGAPI_SUITE_CRASHED',
      `${m.generator} saw ${m.non2xx} non-2xx responses from the ${m.server} server: the figures would not be of the list endpoint.`,
    );
  if (!(m.requestsPerSecond > 0))
    throw new HarnessError('MSGAPI_SUITE_CRASHED', `${m.generator} got no responses from the ${m.server} server.`);
  return m;
}

function printRatios(rounds: readonly Round[], say: Say): void {
  const forward = roundOrder(1)
    .map(([server, generator]) => `${server} by ${generator}`)
    .join(', ');
  say(
    `\nRatios by round (order: forward = ${forward}; reversed = the opposite); CPU/response: ours/wrk of CPU time per response`,
  );
  const columns: Column[] = [
    { header: 'round', numeric: true },
    { header: 'order', numeric: false },
    { header: 'ours/wrk reference', numeric: true },
    { header: 'ours/wrk bare', numeric: true },
    { header: 'reference/bare wrk', numeric: true },
    { header: 'reference/bare ours', numeric: true },
    { header: 'CPU/response reference', numeric: true },
    { header: 'CPU/response bare', numeric: true },
  ];
  const rows = rounds.map((r) => [
    String(r.round),
    r.round % 2 === 1 ? 'forward' : 'reversed',
    fraction(oursOverWrk(r, 'reference')),
    fraction(oursOverWrk(r, 'bare')),
    fraction(referenceOverBare(r, 'wrk')),
    fraction(referenceOverBare(r, 'ours')),
    fraction(cpuPerResponseOursOverWrk(r, 'reference')),
    fraction(cpuPerResponseOursOverWrk(r, 'bare')),
  ]);
  say(table(columns, rows));
}

function printMedians(rounds: readonly Round[], say: Say): void {
  const of = (server: ServerName, generator: GeneratorName, figure: (m: Measurement) => number | undefined) =>
    medianOf(rounds, server, generator, figure);
  say('\nMedians over the rounds (ratios: median of the per-round ratios)');
  const columns: Column[] = [
    { header: 'server', numeric: false },
    { header: 'wrk req/s', numeric: true },
    { header: 'ours req/s', numeric: true },
    { header: 'ours/wrk', numeric: true },
    { header: 'CPU wrk', numeric: true },
    { header: 'CPU ours', numeric: true },
    { header: 'µs CPU/resp wrk', numeric: true },
    { header: 'µs CPU/resp ours', numeric: true },
    { header: 'CPU/resp ours/wrk', numeric: true },
    { header: 'server CPU wrk', numeric: true },
    { header: 'server CPU ours', numeric: true },
  ];
  const rows = servers.map((server) => [
    server,
    rate(of(server, 'wrk', (m) => m.requestsPerSecond)),
    rate(of(server, 'ours', (m) => m.requestsPerSecond)),
    fraction(median(rounds.map((r) => oursOverWrk(r, server)))),
    fraction(of(server, 'wrk', (m) => m.generatorCpu)),
    fraction(of(server, 'ours', (m) => m.generatorCpu)),
    fraction(of(server, 'wrk', (m) => m.generatorCpuUsPerResponse)),
    fraction(of(server, 'ours', (m) => m.generatorCpuUsPerResponse)),
    fraction(median(rounds.map((r) => cpuPerResponseOursOverWrk(r, server)))),
    fraction(of(server, 'wrk', (m) => m.serverCpu)),
    fraction(of(server, 'ours', (m) => m.serverCpu)),
  ]);
  say(table(columns, rows));

  const ours = median(rounds.map((r) => oursOverWrk(r, 'reference')));
  say(
    `\nreference/bare (the reference server's list throughput against node:http with a fixed body): wrk ${fraction(median(rounds.map((r) => referenceOverBare(r, 'wrk'))))}, ours ${fraction(median(rounds.map((r) => referenceOverBare(r, 'ours'))))}`,
  );
  say(
    `Target: median ours/wrk on the reference server >= ${targetRatio.toFixed(2)}: ${ours >= targetRatio ? 'met' : 'NOT met'} (${ours.toFixed(3)}).`,
  );
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const cpuRatio = median(rounds.map((r) => cpuPerResponseOursOverWrk(r, 'bare')));
  const bareRatio = median(rounds.map((r) => oursOverWrk(r, 'bare')));
  const referenceShare = median(rounds.map((r) => referenceOverBare(r, 'wrk')));
  say(
    `Goals (bare server): CPU per response ours/wrk <= ${goals.cpuPerResponseRatioMax}: ${met(cpuRatio <= goals.cpuPerResponseRatioMax)} (${cpuRatio.toFixed(3)}); ` +
      `req/s ours/wrk >= ${goals.bareRateRatioMin}: ${met(bareRatio >= goals.bareRateRatioMin)} (${bareRatio.toFixed(3)}); ` +
      `reference/bare (wrk) >= ${goals.referenceOverBareMin}: ${met(referenceShare >= goals.referenceOverBareMin)} (${referenceShare.toFixed(3)}).`,
  );
  // Which side ran out of CPU under each generator, from the median shares: a generator that is
  // saturated while the server is not is what would pull ours/wrk down.
  const limit = (server: ServerName, generator: GeneratorName): string => {
    const shares = {
      generator: of(server, generator, (m) => m.generatorCpu),
      server: of(server, generator, (m) => m.serverCpu),
    };
    return shares.generator >= saturated && shares.server >= saturated ? 'both' : bottleneck(shares);
  };
  say(
    `Saturated side (>= ${saturated} of a core): ` +
      servers
        .map((server) => `${server} by wrk: ${limit(server, 'wrk')}, by ours: ${limit(server, 'ours')}`)
        .join('; ') +
      '.',
  );
}

async function run(options: BenchOptions, argv: string[], signal: AbortSignal): Promise<void> {
  const say: Say = options.json ? (line) => process.stderr.write(`${line}\n`) : (line) => console.log(line);
  const closers: Array<() => Promise<void>> = [];
  try {
    const wrk = await wrkVersion();
    const reference = await startEmbeddedServer();
    closers.push(() => reference.close());
    const client = firstUserClient(
      { accessToken: reference.accessToken },
      { baseUrl: reference.url, encoding: 'form', timeoutMs },
    );
    const seedStart = performance.now();
    process.stderr.write(
      `Seeding the embedded reference server: ${plan.conversations} conversations, ${plan.groups} groups ... `,
    );
    // The server and its data are thrown away at the end: nothing to record for a sweep.
    await seedDataSet(
      client,
      randomBytes(4).toString('hex'),
      plan,
      () => undefined,
      () => undefined,
    );
    process.stderr.write(`done in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

    const sample = await client.listConversations();
    if (sample.status !== 200)
      throw new HarnessError(
        'MSGAPI_SUITE_CRASHED',
        `GET /v1/conversations answered ${sample.status}, not 200: ${sample.text.slice(0, 200)}`,
      );
    const bodyBytes = Number(sample.headers['content-length'] ?? Buffer.byteLength(sample.text));
    const bare = await startBareServer(bodyBytes);
    closers.push(() => bare.close());
    if (bare.bodyBytes !== bodyBytes)
      throw new HarnessError(
        'MSGAPI_SUITE_CRASHED',
        `The bare server answers ${bare.bodyBytes} bytes, not ${bodyBytes}.`,
      );

    const request: LoadRequest = {
      baseUrl: reference.url,
      authorization: authorizationHeader({ kind: 'token', token: reference.accessToken, secretName: 'ACCESS_TOKEN' })!,
      operation: 'listConversations',
      query: {},
    };
    const targets: Record<ServerName, BenchTarget> = {
      reference: { server: 'reference', pid: reference.pid, request },
      bare: { server: 'bare', pid: bare.pid, request: { ...request, baseUrl: bare.url } },
    };
    const settings: BenchSettings = { connections: options.connections, durationS: options.durationS, timeoutMs };
    const items = (sample.body as { data?: unknown[] } | undefined)?.data?.length ?? '?';
    const cpu = cpus();

    say(
      `Harness efficiency: ${describeRequest(reference.url, 'listConversations', {})} (default page, ${items} items, ${bodyBytes.toLocaleString('en-US')}-byte body), ` +
        `${options.connections} connections, ${options.durationS} s per measurement, ${options.rounds} round${options.rounds === 1 ? '' : 's'}, ${options.warmupS} s warm-up`,
    );
    const environment = {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpu.length,
      cpu_model: cpu[0]?.model.trim() ?? null,
      wrk,
      load_average_before: loadavg()[0]!,
    };
    say(
      `Environment: node ${process.version}, ${process.platform} ${process.arch}, ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? 'unknown model'}), wrk ${wrk}, load average ${loadavg()[0]!.toFixed(2)} before the run`,
    );
    say(`Command: ${shownCommand(argv)}`);
    say(`  wrk:  ${shownWrkCommand(wrkOptions(targets.reference, settings))}   (bare server: the same at ${bare.url})`);
    say(
      `  ours: runClosedModel (load/closed-model.ts: its own request loop, pipelining 1, µs HDR histogram), ${options.connections} connections, ${options.durationS} s`,
    );
    say(
      `Servers: reference = the embedded reference server (its own process, pid ${reference.pid}); bare = node:http with a fixed ${bodyBytes}-byte body (its own process, pid ${bare.pid})`,
    );

    if (options.warmupS > 0) {
      process.stderr.write(`Warm-up: ${options.warmupS} s per generator and server ...\n`);
      for (const [server, generator] of roundOrder(1))
        await measure(generator, targets[server], { ...settings, durationS: options.warmupS }, signal);
    }

    say(`\n${tableHeader(measurementColumns)}`);
    const rounds: Round[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const cells = new Map<string, Measurement>();
      for (const [server, generator] of roundOrder(round)) {
        if (signal.aborted) throw new HarnessError('MSGAPI_USAGE', 'Interrupted.');
        const m = checked(await measure(generator, targets[server], settings, signal));
        cells.set(`${server}/${generator}`, m);
        say(tableLine(measurementColumns, measurementRow(round, m)));
      }
      rounds.push({ round, cells });
    }
    printRatios(rounds, say);
    printMedians(rounds, say);
    if (options.json) {
      const context = {
        command: shownCommand(argv),
        environment,
        settings: {
          rounds: options.rounds,
          duration_s: options.durationS,
          connections: options.connections,
          warmup_s: options.warmupS,
        },
        request: { path: describeRequest(reference.url, 'listConversations', {}), items, body_bytes: bodyBytes },
      };
      console.log(JSON.stringify(benchJson(rounds, context, goals), null, 2));
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const options = parseOptions(argv);
    if (!options) {
      console.log(usage);
      return 0;
    }
    await run(options, argv, interrupt.signal);
    return 0;
  } catch (error) {
    if (interrupt.signal.aborted) {
      console.error('bench:harness: interrupted; every process it started is stopped.');
      return 130;
    }
    const code = error instanceof HarnessError ? `${error.code}: ` : '';
    console.error(`bench:harness could not run: ${code}${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

// An explicit exit: a generator's sockets must not keep the process alive after the figures.
process.exit(await main());
