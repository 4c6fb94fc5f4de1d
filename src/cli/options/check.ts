// The options of msgapi check, cleanup and matrix: the shared settings they take, and their own flags.
import { repeatableOption, switchOption, valueOption } from '../../core/config/option.ts';
import { formatInteger, parseNumber, parseText, type Parsed } from '../../core/config/parse-values.ts';
import {
  conventions, envFileOption, groupContacts, helpOption, maxRps, propertyRuns, propertyTimeBudgetMs, readOnly, reportsDir,
  secondAccessToken, seed, strict, targetSettings,
} from '../../core/config/settings.ts';

const text = (raw: string, name: string) => parseText(name, raw);

export const jsonOption = (what: string) => switchOption({ flag: 'json', help: what });

function parseShard(raw: string, name: string): Parsed<{ index: number; count: number }> {
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || count < 1 || index < 1 || index > count) return { ok: false, problem: `${name} ${raw} must read I/N with 1 ≤ I ≤ N, as in --shard 1/3.` };
  return { ok: true, value: { index, count } };
}

export const checkOptions = {
  ...targetSettings,
  secondAccessToken,
  groupContacts,
  seed,
  maxRps,
  propertyRuns,
  propertyTimeBudgetMs,
  conventions,
  readOnly,
  strict,
  reportsDir,
  only: valueOption({
    flag: 'only',
    metavar: 'LIST',
    help: 'Run only these checks: comma-separated ids, id prefixes ending in a dot (--only model.,properties.), or tags: conversations and groups choose every check that exercises that resource, isolation, auth, readonly and properties included. See docs/checks.md.',
    parse: (raw) => ({ ok: true, value: raw.split(',').map((item) => item.trim()).filter(Boolean) }),
    defaultText: 'every check',
  }),
  expectations: valueOption({
    flag: 'expectations',
    metavar: 'FILE',
    help: "Known failures: {\"failures\": {\"<check id>\": \"<reason>\"}}. A listed check that fails does not fail the run; a new failure does, and so does a listed check that now passes (remove it). 'msgapi expectations' writes one.",
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
  json: jsonOption('Print the JSON report to stdout (the human summary goes to stderr).'),
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
  ...targetSettings,
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};

export const matrixOptions = {
  only: valueOption({
    flag: 'only',
    metavar: 'NAMES',
    help: 'Comma-separated fault and variant names to run.',
    parse: (raw) => ({ ok: true, value: raw.split(',').map((name) => name.trim()).filter(Boolean) }),
    defaultText: 'all',
  }),
  seed,
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};
