// A whole load run: target, data set, every chosen scenario (and the A/B rounds), gates, reports,
// and the data set removed again, also after a failure or Ctrl-C.
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { mkdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { ApiClient } from '../lib/core/client/api-client.ts';
import { authorizationHeader } from '../lib/core/client/credentials.ts';
import { tlsOptions } from '../lib/core/client/transport.ts';
import { Ledger } from '../lib/core/client/ledger.ts';
import { firstUserClient } from '../lib/core/client/user-clients.ts';
import type { Leftover } from '../lib/core/safety/created-resources.ts';
import { formatPagination } from '../lib/core/config/parse-values.ts';
import type { TargetSettings } from '../lib/core/target/open-target.ts';
import type { Target } from '../lib/core/target/target.ts';
import { LedgerFile, withSafeRun } from '../lib/core/safety/safe-run.ts';
import { version } from '../lib/core/version.ts';
import { defaultPlan, removeDataSet, seedDataSet, type DataSetPlan } from './data-set.ts';
import { generatorLimits, runProblems } from './figures.ts';
import { abGate, type AbRound } from './gates/ab-rule.ts';
import { compareWithBaseline, type LatencyTolerance } from './gates/baseline.ts';
import { evaluateThresholds, type Threshold } from './gates/thresholds.ts';
import type { LoadRequest } from './load-request.ts';
import { openLoadTarget, serverPid } from './load-target.ts';
import { closedRun, measureScenario, type MeasureSettings } from './measure-scenario.ts';
import { Progress } from './progress.ts';
import {
  loadReportFormat,
  loadVerdict,
  type GateResult,
  type LoadReport,
  type LoadVerdict,
  type Model,
  type ScenarioReport,
} from './load-report.ts';
import type { ScenarioSpec } from './scenarios.ts';
import { formatStages, type Stage } from './stages.ts';
import type { Generator } from './closed-model.ts';
import { writeSeedFile, type SeedRecord } from './seed-file.ts';

export interface LoadOptions {
  /** BASE_URL (undefined: the embedded server), ACCESS_TOKEN and the declared choices. */
  target: TargetSettings;
  scenarios: ScenarioSpec[];
  models: Model[];
  /** The closed model's generator: our own loop, or autocannon to cross-check it. */
  generator: Generator;
  connections: number;
  durationS: number;
  warmupS: number;
  rate: number;
  /** --stages: the open model's rate over time, instead of rate for durationS. */
  stages?: Stage[] | undefined;
  openConnections: number;
  maxLimit: number;
  maxLimitDeclared: boolean;
  /** Undefined: --no-seed, measure the data already there. */
  plan: DataSetPlan | undefined;
  thresholds: Threshold[];
  /** --strict: a measurement the generating machine limited fails the run (otherwise a note says so). */
  strict?: boolean;
  baseline: { file: string; report: LoadReport; tolerance: LatencyTolerance } | undefined;
  ab: { target: TargetSettings; rounds: number; tolerance: number } | undefined;
  timeoutMs: number;
  /** --wait-for-target: seconds a target still starting is waited for before the run stops. */
  waitForTargetS?: number;
  reportsDir: string;
  /** Where the run's own lines go (msgapi load: stdout, or stderr when stdout carries --json); nothing is said when not given. */
  say?: (text: string) => void;
  /** Where the phases' progress goes (msgapi load: stderr); none when not given. */
  progressOutput?: NodeJS.WriteStream;
}

const quiet = (_text: string): void => {};
const nowhere = (): NodeJS.WriteStream =>
  new Writable({ write: (_chunk, _encoding, done) => done() }) as unknown as NodeJS.WriteStream;

export interface LoadRun {
  report: LoadReport;
  /** The report's verdict, decided once: the printed verdict, load.html and the exit code read it. */
  verdict: LoadVerdict;
  leftovers: Leftover[];
  interrupted: NodeJS.Signals | undefined;
}

/**
 * A target with its data set, under the safety protocol (lib/core/safety/safe-run.ts): seeded
 * (recorded in a ledger file as it is made, never an id the user held before, which a snapshot
 * taken first lists) and removed.
 */
class PreparedTarget {
  ledger: Ledger;
  groupIds: string[] = [];

  constructor(
    readonly target: Target,
    /** Reads (the scenarios' group, the snapshot); seeding goes through a client carrying the ledger. */
    readonly client: ApiClient,
    readonly ledgerFile: LedgerFile,
    private readonly timeoutMs: number,
  ) {
    this.ledger = new Ledger(ledgerFile.path);
  }

  static async open(
    settings: TargetSettings,
    options: LoadOptions,
    runId: string,
    label: string,
  ): Promise<PreparedTarget> {
    const target = await openLoadTarget(settings, {
      timeoutMs: options.timeoutMs,
      waitForTargetS: options.waitForTargetS ?? 0,
      onWaiting: options.say ?? quiet,
    });
    const ledgerFile = LedgerFile.create(options.reportsDir, runId, label);
    const client = firstUserClient(target.users, {
      baseUrl: target.url,
      encoding: target.choices.bodyEncoding,
      timeoutMs: options.timeoutMs,
      readOnly: true,
      transport: target.transport,
    });
    return new PreparedTarget(target, client, ledgerFile, options.timeoutMs);
  }

  async seed(plan: DataSetPlan, runId: string, progress: Progress, signal: AbortSignal): Promise<void> {
    await this.ledgerFile.takeSnapshot([this.client], this.target.choices.pagination);
    this.ledger = new Ledger(this.ledgerFile.path, this.ledgerFile.prior());
    const { target } = this;
    const seeder = firstUserClient(target.users, {
      baseUrl: target.url,
      encoding: target.choices.bodyEncoding,
      timeoutMs: this.timeoutMs,
      ledger: this.ledger,
      transport: target.transport,
    });
    const data = await seedDataSet(
      seeder,
      runId,
      plan,
      progress.count(`Seeding ${this.target.url}: ${plan.conversations} conversations, ${plan.groups} groups`),
      (entry) => this.ledger.record(entry.kind, entry.id),
      signal,
    );
    this.groupIds = data.groupIds;
  }

  /** A group to filter by: one of ours, or with --no-seed the first the target lists. */
  async groupId(): Promise<string | undefined> {
    if (this.groupIds.length > 0) return this.groupIds[0];
    const listed = (await this.client.listGroups({ limit: 1 })).body as { data?: Array<{ id?: unknown }> } | undefined;
    const id = listed?.data?.[0]?.id;
    return typeof id === 'string' ? id : undefined;
  }

  request(scenario: ScenarioSpec, options: LoadOptions, groupId: string | undefined): LoadRequest {
    return {
      baseUrl: this.target.url,
      authorization: authorizationHeader({
        kind: 'token',
        token: this.target.users.accessToken,
        secretName: 'ACCESS_TOKEN',
      })!,
      operation: scenario.operation,
      query: scenario.query({ maxLimit: options.maxLimit, groupId }),
      // The gateway's headers and the certificates go to the generators as to every other request.
      headers: Object.fromEntries(this.target.transport.headers.map((header) => [header.name, header.value])),
      tls: tlsOptions(this.target.transport),
      ...(scenario.walk ? { walk: this.target.choices.pagination } : {}),
    };
  }

  async clean(runId: string, timeoutMs: number, progress: Progress): Promise<Leftover[]> {
    const { choices } = this.target;
    const address = {
      url: this.target.url,
      accessToken: this.target.users.accessToken,
      encoding: choices.bodyEncoding,
      timeoutMs,
      transport: this.target.transport,
    };
    const recorded = this.ledgerFile.recorded();
    const removing =
      recorded.length > 0 ? progress.count(`Removing the data set (${recorded.length} objects)`) : undefined;
    removing?.(0, recorded.length);
    // What the ledger names; then creates under way when the run was stopped, and those whose
    // answer never gave their id, which never reached the ledger: the marker finds them (each only
    // when its own retrieve shows it), after every run. A data set seeded before this run
    // (--seed-file) carries another run's marker.
    const { leftovers } = await this.ledgerFile.sweep(
      address,
      { runId, pagination: choices.pagination },
      (entries, first) => removeDataSet(entries, first),
    );
    // Ends the line at a terminal: what is printed next (the figures) starts on a line of its own.
    removing?.(recorded.length, recorded.length);
    return leftovers;
  }
}

function environment(generator: Generator): LoadReport['environment'] {
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    generator: `closed model: ${generator === 'autocannon' ? 'autocannon' : 'our own HTTP/1.1 loop'} (pipelining 1), µs HDR histogram; open model: paced undici client, latency from each request's due time`,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadRun> {
  const startedAt = new Date();
  const runId = randomBytes(4).toString('hex');
  const progress = new Progress(options.progressOutput ?? nowhere());
  mkdirSync(options.reportsDir, { recursive: true });
  const prepared: PreparedTarget[] = [];
  const scenarios: ScenarioReport[] = [];
  const abGates: GateResult[] = [];
  let main: PreparedTarget | undefined;
  const { cleaned: leftovers, interruptedBy: interrupted } = await withSafeRun(
    {
      ledger: LedgerFile.pathFor(options.reportsDir, runId),
      work: 'the load run',
      cleanUp: async () => {
        progress.end();
        const leftovers: Leftover[] = [];
        for (const target of prepared) {
          leftovers.push(...(await target.clean(runId, options.timeoutMs, progress)));
          await target.target.close();
        }
        return leftovers;
      },
    },
    async (signal) => {
      main = await PreparedTarget.open(options.target, options, runId, '');
      prepared.push(main);
      const baseline = options.ab ? await PreparedTarget.open(options.ab.target, options, runId, '-ab') : undefined;
      if (baseline) prepared.push(baseline);
      (options.say ?? quiet)(
        `msgapi load ${version}: target ${main.target.url}${main.target.embedded ? ' (embedded reference server, its own process)' : ''}, run ${runId}.`,
      );
      if (options.plan)
        for (const target of prepared) if (!signal.aborted) await target.seed(options.plan, runId, progress, signal);

      const settings = (target: PreparedTarget): MeasureSettings => ({
        models: options.models,
        generator: options.generator,
        connections: options.connections,
        durationS: options.durationS,
        warmupS: options.warmupS,
        rate: options.rate,
        stages: options.stages,
        openConnections: options.openConnections,
        timeoutMs: options.timeoutMs,
        pagination: target.target.choices.pagination,
        serverPid: serverPid(target.target),
        maxLimitDeclared: options.maxLimitDeclared,
        signal,
        progress,
      });
      const groupId = await main.groupId();
      for (const scenario of options.scenarios) {
        if (signal.aborted) break;
        const skipped =
          scenario.needsGroup && groupId === undefined
            ? 'the target holds no group to filter by'
            : scenario.walk && main.target.choices.pagination.kind === 'none'
              ? 'PAGINATION=none: there is no next page to ask for'
              : undefined;
        if (skipped) {
          scenarios.push({
            name: scenario.name,
            spec: scenario.spec,
            request: '',
            skipped,
            samples: { validated: 0, problems: [] },
            closed: null,
            open: null,
          });
          continue;
        }
        scenarios.push(
          await measureScenario(main.client, scenario, main.request(scenario, options, groupId), settings(main)),
        );
        if (baseline && options.ab) abGates.push(await abRounds(scenario, main, baseline, options, settings, signal));
      }
    },
  );
  const measured = scenarios.filter((scenario) => scenario.skipped === null).length;
  const stopped = interrupted
    ? `stopped by ${interrupted}: ${measured} of ${options.scenarios.length} scenarios measured, so the figures do not cover the run asked for`
    : undefined;
  const report = buildLoadReport(options, main!, startedAt, scenarios, abGates, leftovers, stopped);
  return { report, verdict: report.verdict, leftovers, interrupted };
}

async function abRounds(
  scenario: ScenarioSpec,
  candidate: PreparedTarget,
  baseline: PreparedTarget,
  options: LoadOptions,
  settings: (target: PreparedTarget) => MeasureSettings,
  signal: AbortSignal,
): Promise<GateResult> {
  const ab = options.ab!;
  const rounds: AbRound[] = [];
  const baselineGroup = await baseline.groupId();
  const candidateGroup = await candidate.groupId();
  for (let round = 1; round <= ab.rounds && !signal.aborted; round++) {
    // Alternating, and starting with the other side each round, so that drift favours neither.
    const order = round % 2 === 1 ? [candidate, baseline] : [baseline, candidate];
    const rps = new Map<PreparedTarget, number>();
    for (const side of order) {
      const label = `${scenario.name} A/B round ${round}/${ab.rounds} ${side === candidate ? 'candidate' : 'baseline'}`;
      const run = await closedRun(
        side.request(scenario, options, side === candidate ? candidateGroup : baselineGroup),
        settings(side),
        label,
      );
      rps.set(side, run.figures.rps);
    }
    rounds.push({ candidateRps: rps.get(candidate)!, baselineRps: rps.get(baseline)! });
  }
  return abGate(scenario.name, rounds, ab.tolerance);
}

/**
 * msgapi load --seed-only: the data set seeded and kept, for another engine to load (msgapi load
 * export); the seed file says where it is and which ledger removes it. Stopped half-way, or failing,
 * it removes what it made, as a run does.
 */
export async function seedOnly(
  options: LoadOptions & { plan: DataSetPlan; seedFile: string },
): Promise<{ record?: SeedRecord; leftovers: Leftover[]; interrupted: NodeJS.Signals | undefined }> {
  const runId = randomBytes(4).toString('hex');
  const progress = new Progress(options.progressOutput ?? nowhere());
  mkdirSync(options.reportsDir, { recursive: true });
  let prepared: PreparedTarget | undefined;
  let record: SeedRecord | undefined;
  const { cleaned: leftovers, interruptedBy } = await withSafeRun(
    {
      ledger: LedgerFile.pathFor(options.reportsDir, runId),
      work: 'the seeding',
      cleanUp: async ({ failed }) => {
        progress.end();
        // Kept only once the file that says how to remove it is written.
        const leftovers =
          prepared && record === undefined ? await prepared.clean(runId, options.timeoutMs, progress) : [];
        await prepared?.target.close();
        // What could not be removed is named before the error ends the command.
        if (failed && leftovers.length > 0)
          (options.say ?? quiet)(
            `${leftovers.length} objects of the data set could not be removed: msgapi cleanup --ledger ${prepared!.ledgerFile.path}`,
          );
        return leftovers;
      },
    },
    async (signal) => {
      prepared = await PreparedTarget.open(options.target, options, runId, '');
      await prepared.seed(options.plan, runId, progress, signal);
      if (signal.aborted) return;
      const groupId = await prepared.groupId();
      const seeded: SeedRecord = {
        format: 'msgapi-load-seed/1',
        url: prepared.target.url,
        run: runId,
        ledger: prepared.ledgerFile.path,
        group_id: groupId ?? null,
        conversations: options.plan.conversations,
        groups: options.plan.groups,
        seeded_at: new Date().toISOString(),
      };
      // Kept only once the file that says how to remove it is written; otherwise removed after.
      writeSeedFile(options.seedFile, seeded);
      record = seeded;
    },
  );
  return { ...(record ? { record } : {}), leftovers, interrupted: interruptedBy };
}

function buildLoadReport(
  options: LoadOptions,
  main: PreparedTarget,
  startedAt: Date,
  scenarios: ScenarioReport[],
  abGates: GateResult[],
  leftovers: Leftover[],
  stopped: string | undefined,
): LoadReport {
  const failures: string[] = [];
  const generatorNotes: string[] = [];
  for (const scenario of scenarios) {
    for (const figures of [scenario.closed, scenario.open])
      if (figures) {
        failures.push(...runProblems(scenario.name, figures));
        generatorNotes.push(...generatorLimits(scenario.name, figures));
      }
    failures.push(...scenario.samples.problems.map((problem) => `${problem} (sampled body)`));
  }
  const thresholdGates = evaluateThresholds(options.thresholds, scenarios);
  const baselineComparison = options.baseline
    ? compareWithBaseline({ scenarios } as LoadReport, options.baseline.report, options.baseline.tolerance)
    : undefined;
  const gates = [...thresholdGates, ...(baselineComparison?.gates ?? []), ...abGates];
  failures.push(...gates.filter((gate) => !gate.passed).map((gate) => `${gate.gate}: ${gate.detail}`));
  if (leftovers.length > 0)
    failures.push(
      `${leftovers.length} objects of the data set could not be removed (see the ledger file in ${options.reportsDir})`,
    );
  // What the generating machine limited is a note; --strict makes it a failure (as a CI job that
  // must not pass on a figure of its own runner asks).
  if (options.strict) failures.push(...generatorNotes.map((note) => `${note} (--strict)`));
  const notes = [...generatorNotes, ...(baselineComparison?.notes ?? [])];
  return {
    format: loadReportFormat,
    version,
    started_at: startedAt.toISOString(),
    finished_at: new Date().toISOString(),
    target: { url: main.target.url, embedded: main.target.embedded },
    config: {
      scenarios: options.scenarios.map((scenario) => scenario.name),
      models: options.models,
      connections: options.connections,
      duration_s: options.durationS,
      warmup_s: options.warmupS,
      rate: options.rate,
      ...(options.stages ? { stages: formatStages(options.stages) } : {}),
      open_connections: options.openConnections,
      max_limit: options.maxLimit,
      pagination: formatPagination(main.target.choices.pagination),
      timeout_ms: options.timeoutMs,
      thresholds: options.thresholds.map((threshold) => threshold.text),
      ...(options.strict ? { strict: true } : {}),
    },
    environment: environment(options.generator),
    data_set: options.plan ? { ...options.plan, seeded: true } : null,
    scenarios,
    gates,
    verdict: loadVerdict(failures, stopped),
    ...(stopped ? { interrupted: true as const } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

export function readLoadReport(file: string): LoadReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not a readable load report: ${(error as Error).message}`, { cause: error });
  }
  if ((parsed as LoadReport | undefined)?.format !== loadReportFormat)
    throw new Error(`${file} is not a load report of this harness (format ${loadReportFormat}).`);
  return parsed as LoadReport;
}

export { defaultPlan };
