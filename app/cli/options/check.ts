// The options of msgapi check, cleanup and matrix: the shared settings they take, and their own flags.
import { repeatableOption, switchOption, valueOption } from '../../../lib/core/config/option.ts';
import { formatInteger, parseNumber, parseText, type Parsed } from '../../../lib/core/config/parse-values.ts';
import {
  conventions,
  depth,
  embedded,
  embeddedUnlessTarget,
  envFileOption,
  groupContacts,
  helpOption,
  maxRps,
  propertyRuns,
  propertyTimeBudgetMs,
  readOnly,
  reportsDir,
  secondAccessToken,
  seed,
  strict,
  targetSettings,
  throttleLimit,
  waitForTarget,
} from '../../../lib/core/config/settings.ts';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCounterexample } from '../../../lib/core/target/counterexample.ts';
import { runIdPattern } from '../../../lib/core/safety/run-names.ts';
import { profileSettings } from '../../../lib/core/config/profile-settings.ts';

const text = (raw: string, name: string) => parseText(name, raw);

export const jsonOption = (what: string) => switchOption({ flag: 'json', help: what });

/** --har's file, resolved against the folder msgapi runs in; its folder is made when missing, a folder itself is refused. */
function parseHarFile(raw: string, name: string): Parsed<string> {
  const parsed = parseText(name, raw);
  if (!parsed.ok) return parsed;
  const file = resolve(parsed.value);
  return statSync(file, { throwIfNoEntry: false })?.isDirectory()
    ? {
        ok: false,
        problem: `${name} ${parsed.value} is a folder; name the file to write, as in --har reports/run.har.`,
      }
    : { ok: true, value: file };
}

export const harOption = valueOption({
  env: 'HAR_FILE',
  flag: 'har',
  metavar: 'FILE',
  help: "Write every exchange of the run to FILE as a HAR 1.2 log, to open in a browser's devtools (Network, import HAR) or to diff two runs: reaching the target, the probe, the snapshot, each check (its id in the entry's _check) and the sweep, as many entries as the report's requests. Tokens and secret headers are redacted as in every report.",
  example: 'reports/run.har',
  parse: parseHarFile,
  defaultText: 'none',
});

function parseShard(raw: string, name: string): Parsed<{ index: number; count: number }> {
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || count < 1 || index < 1 || index > count)
    return { ok: false, problem: `${name} ${raw} must read I/N with 1 ≤ I ≤ N, as in --shard 1/3.` };
  return { ok: true, value: { index, count } };
}

/** A run's marker as --marker takes it: the run id alone, or as names carry it (msgapi1a2b3c4d, or msgapi-1a2b3c4d as earlier versions wrote it). */
function parseMarker(raw: string, name: string): Parsed<string> {
  const runId = raw
    .trim()
    .toLowerCase()
    .replace(/^msgapi(?:-conformance |-)?/, '');
  if (runIdPattern.test(runId)) return { ok: true, value: runId };
  return {
    ok: false,
    problem: `${name} ${JSON.stringify(raw)} is not a run's marker: give the run id, eight hexadecimal digits as in run_id of conformance.json or ledger-1a2b3c4d.jsonl (--marker 1a2b3c4d).`,
  };
}

/** --junit FILE and --html FILE: where one format of the run's reports goes instead of REPORTS_DIR. */
function reportFileOption(flag: string, what: string, file: string) {
  return valueOption({
    flag,
    metavar: 'FILE',
    help: `Where to write the ${what} (its folder is made). Every report is replaced at the start by one that says the run is in progress, so that a run killed or stopped with exit 2 never leaves the previous run's verdict behind.`,
    parse: (raw, name) =>
      raw.trim() === '' ? { ok: false, problem: `${name} needs a file name.` } : { ok: true, value: raw },
    defaultText: `REPORTS_DIR/${file}`,
  });
}

export const checkOptions = {
  ...targetSettings,
  embedded,
  embeddedUnlessTarget,
  waitForTarget,
  secondAccessToken,
  groupContacts,
  // The readings of the server profile a user may declare (UNKNOWN_ID_STATUS, EMPTY_TEXT, ...).
  ...profileSettings,
  seed,
  maxRps,
  throttleLimit,
  propertyRuns,
  propertyTimeBudgetMs,
  depth,
  conventions,
  readOnly,
  strict,
  reportsDir,
  har: harOption,
  only: valueOption({
    flag: 'only',
    metavar: 'LIST',
    help: 'Run only these checks: comma-separated ids, id prefixes ending in a dot (--only model.,properties.), or tags: conversations and groups choose every check that exercises that resource, isolation, auth, readonly and properties included. See docs/checks.md.',
    parse: (raw) => ({
      ok: true,
      value: raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    }),
    defaultText: 'every check',
  }),
  exclude: valueOption({
    flag: 'exclude',
    metavar: 'LIST',
    help: 'Leave these checks out, in the syntax of --only (ids, prefixes ending in a dot, tags); applied after --only.',
    parse: (raw) => ({
      ok: true,
      value: raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    }),
    defaultText: 'none',
  }),
  workers: valueOption({
    env: 'WORKERS',
    flag: 'workers',
    metavar: 'N|auto',
    help: 'Checks run at the same time, at most; 1 runs them one after another (slower; for a server that cannot take requests at once, or to see a failure alone). auto (the default): against a server a network away, as many as it takes, learnt as the run goes: more while its answers come as fast as at first, fewer when they slow down or it answers 429; against the embedded server, sixty at once on one thread per core. With several at once, a run with at most five failures runs each failed check again alone and says whether it still fails.',
    example: '1',
    parse: (raw, name): Parsed<number | undefined> =>
      raw.trim().toLowerCase() === 'auto' ? { ok: true, value: undefined } : parseNumber(name, raw, 1, 64, true),
    format: (value) => (value === undefined ? 'auto' : formatInteger(value)),
    defaultText: 'auto',
  }),
  replay: valueOption({
    flag: 'replay',
    metavar: 'CASE',
    help: 'Run one counterexample again, alone: the SEED@PATH[@COMMANDS] a failing property or model-based check printed, with --only naming that check. Exactly that case is sent once, unshrunk: exit 1 when it fails again, 0 when it passes now.',
    parse: (raw, name) => parseCounterexample(raw, name),
    defaultText: 'none',
  }),
  list: switchOption({
    flag: 'list',
    help: 'Print the checks the other options select (id, level, title), one a line, and exit 0 without sending a request.',
  }),
  bail: switchOption({
    flag: 'bail',
    help: 'Stop at the first gating failure or block (a known failure of --expectations aside): checks under way finish and clean up, the rest do not start. The verdict is FAILED and its scope says the run stopped at the first gating failure.',
  }),
  expectations: valueOption({
    flag: 'expectations',
    metavar: 'FILE',
    help: 'Known failures: {"failures": {"<check id>": "<reason>"}}. A listed check that fails or is blocked does not fail the run; a new failure or block does, and so does a listed check that now passes (remove it), except a generated properties.*/model.* check, whose entry may say what fails ({"reason": ..., "failure": ...}) and which may not find it with every seed (a notice). \'msgapi expectations\' writes one.',
    parse: text,
  }),
  repeat: valueOption({
    flag: 'repeat',
    metavar: 'N',
    help: 'Run every check N times; a check whose result changes is reported as flaky (and fails the run if it gates), apart from plain failures.',
    parse: (raw, name) => parseNumber(name, raw, 1, 100, true),
    format: formatInteger,
    default: 1,
  }),
  shard: valueOption({
    flag: 'shard',
    metavar: 'I/N',
    help: "Run only part I of N of the suite files (vitest's sharding), for a run split across CI machines; 'msgapi merge' joins the parts' reports.",
    parse: parseShard,
    defaultText: 'the whole suite',
  }),
  json: valueOption({
    flag: 'json',
    metavar: 'FILE',
    valueOptional: true,
    help: "Alone (or '--json -'): print the JSON report to stdout, the summary for people going to stderr. With FILE: write the JSON report there instead of REPORTS_DIR/conformance.json.",
    parse: (raw) => ({ ok: true, value: raw === '' ? '-' : raw }),
    defaultText: 'REPORTS_DIR/conformance.json',
  }),
  junit: reportFileOption('junit', 'JUnit XML report', 'junit.xml'),
  html: reportFileOption('html', 'HTML report', 'index.html'),
  envFile: envFileOption,
  help: helpOption,
};

export const cleanupOptions = {
  ledger: repeatableOption({
    flag: 'ledger',
    metavar: 'FILE',
    help: 'A ledger file of an earlier run.',
    parse: text,
    defaultText: 'every ledger-*.jsonl in REPORTS_DIR',
  }),
  marker: valueOption({
    flag: 'marker',
    metavar: 'RUN_ID',
    help: "Without a ledger: delete the groups whose name, and the conversations whose contact_id, carries this run's marker (msgapiRUN_ID…, or msgapi-RUN_ID-… and msgapi-conformance RUN_ID … as earlier versions wrote it), and the conversations of those groups. RUN_ID is the run id of conformance.json (run_id), of ledger-RUN_ID.jsonl, or of a replay script's comment.",
    parse: parseMarker,
  }),
  dryRun: switchOption({ flag: 'dry-run', help: 'List what would be deleted, and delete nothing.' }),
  ...targetSettings,
  // What the run's second user made is deleted as that user: the first cannot see it (§5).
  secondAccessToken,
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};

export const matrixOptions = {
  only: valueOption({
    flag: 'only',
    metavar: 'NAMES',
    help: 'Comma-separated fault and variant names to run; `faults` or `variants` stands for all of that kind.',
    parse: (raw) => ({
      ok: true,
      value: raw
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    }),
    defaultText: 'all',
  }),
  detect: switchOption({
    flag: 'detect',
    help: "The valid variants declare nothing of how to talk to them (BODY_ENCODING, PAGINATION, GROUP_CONTACTS): msgapi check's probe finds it out on each, as on a target that declares nothing.",
  }),
  checks: valueOption({
    flag: 'checks',
    metavar: 'LIST',
    help: "Run only these checks against each server, in the syntax of msgapi check --only (ids, prefixes ending in a dot, tags): how much of the matrix they catch alone (--checks model. --property-runs 10: the model's share). A fault then counts as caught when any of them fails, whatever checks it names.",
    parse: (raw) => ({
      ok: true,
      value: raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    }),
    defaultText: 'every check',
  }),
  propertyRuns: valueOption({
    flag: 'property-runs',
    metavar: 'N',
    help: 'How many generated cases each property and model-based check tries against each server. Few by default: the matrix asks which checks catch a fault, and a hundred servers share the machine; msgapi check tries 10.',
    parse: (raw, name) => parseNumber(name, raw, 1, 100_000, true),
    format: formatInteger,
    default: 3,
  }),
  seed,
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};
