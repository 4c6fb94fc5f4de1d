// Every setting the harness reads, defined once: its environment name, its flag, what it means, its
// default and its parser. The commands' option tables (app/cli/options/) include the ones they take;
// .env.example and every command's --help are generated from them, so they cannot drift.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { optionName, switchOption, valueOption, type OptionDef } from './option.ts';
import {
  formatBodyEncoding,
  formatGroupContacts,
  formatIdList,
  formatInteger,
  formatPagination,
  parseBaseUrl,
  parseBodyEncoding,
  parseChoice,
  parseGroupContacts,
  parseIdList,
  parseInteger,
  parsePagination,
  parseText,
  parseToken,
} from './parse-values.ts';
import type { BodyEncoding, PaginationStyle } from './value-types.ts';
import { profileSettings } from './profile-settings.ts';
import { transportSettings } from './transport-settings.ts';

export type { BodyEncoding, GroupContactsSemantics, PaginationStyle } from './value-types.ts';

/** Whether something other than a folder is at `path` (the reports folder must be one, or not exist yet). */
const isFile = (path: string): boolean => {
  const found = statSync(path, { throwIfNoEntry: false });
  return found !== undefined && !found.isDirectory();
};

const SEED_RANGE = [-(2 ** 31), 2 ** 31 - 1] as const;
const randomSeed = (): number => Math.floor(Math.random() * 2 ** 31);
const integer = (min: number, max: number) => (raw: string, name: string) => parseInteger(name, raw, min, max);

/** Where the target is and how to talk to it: every command that sends requests takes these. */
export const targetSettings = {
  baseUrl: valueOption({
    env: 'BASE_URL',
    flag: 'base-url',
    metavar: 'URL',
    help: 'The server under test, without /v1 (the suite adds it). Unset: see EMBEDDED. Set but empty is an error, not unset.',
    example: 'https://api.example.com',
    parse: (raw) => parseBaseUrl(raw),
    emptyIsGiven: true,
    defaultText: 'none (see --embedded)',
  }),
  accessToken: valueOption({
    env: 'ACCESS_TOKEN',
    flag: 'access-token',
    metavar: 'TOKEN',
    help: 'Bearer token of the user the suite acts as (spec §5). Required with BASE_URL. Never printed; prefer the environment or .env to the flag, which other users of the machine can see.',
    example: 'replace-with-your-token',
    secret: true,
    parse: (raw, name) => parseToken(name, raw),
  }),
  bodyEncoding: valueOption({
    env: 'BODY_ENCODING',
    flag: 'body-encoding',
    metavar: 'ENC',
    help: 'How request bodies are sent: form (named form parameters as in the spec, arrays as contacts[0][username]=alice) or json.',
    example: 'form',
    parse: (raw) => parseBodyEncoding(raw),
    format: formatBodyEncoding,
    default: 'form' as BodyEncoding,
  }),
  pagination: valueOption({
    env: 'PAGINATION',
    flag: 'pagination',
    metavar: 'STYLE',
    help: 'How to ask for the next page, which the spec leaves open: starting_after (the last id of the page), cursor:<param>:<field> (opaque cursor from the envelope field), page:<param> (1-based page numbers), offset:<param>, or none (page-walking checks are skipped).',
    example: 'starting_after',
    parse: (raw) => parsePagination(raw),
    format: formatPagination,
    default: { kind: 'starting_after' } as PaginationStyle,
  }),
  requestTimeoutMs: valueOption({
    env: 'REQUEST_TIMEOUT_MS',
    flag: 'request-timeout-ms',
    metavar: 'MS',
    help: 'How long one request may take, in milliseconds, before it counts as a hang.',
    example: '10000',
    parse: integer(1, 600_000),
    format: formatInteger,
    default: 10_000,
  }),
  // Headers a gateway asks for, certificates, --insecure (transport-settings.ts).
  ...transportSettings,
} as const;

/** Which target when BASE_URL is not set: the rules are in target-choice.ts. */
/** The README's first command (npm run conformance): a demonstration that runs anywhere, never a gate. */
export const embeddedUnlessTarget = switchOption({
  flag: 'embedded-unless-target',
  help: 'Test BASE_URL when it is set, else the embedded reference server, also in CI (npm run conformance passes it: the first run of a clone). Not for a gate: there an unset BASE_URL must fail, so use --embedded or BASE_URL.',
});

export const embedded = switchOption({
  env: 'EMBEDDED',
  flag: 'embedded',
  help: 'true: test the embedded reference server, started for the run (not together with BASE_URL). Without it the embedded server is used only when neither BASE_URL nor a token is set and CI is not set; in CI, or with a token, name the target.',
  example: 'false',
});

export const waitForTarget = valueOption({
  env: 'WAIT_FOR_TARGET',
  flag: 'wait-for-target',
  metavar: 'SECONDS',
  help: 'How long to wait for a target that is still starting: a refused connection or a 502, 503 or 504 answer to the first request is tried again (at most 2 s apart) until then, before the run stops with exit 2.',
  example: '0',
  parse: integer(0, 3_600),
  format: formatInteger,
  default: 0,
});

export const secondAccessToken = valueOption({
  env: 'SECOND_ACCESS_TOKEN',
  flag: 'second-access-token',
  metavar: 'TOKEN',
  help: "Optional token of a second user: enables the checks that one user cannot see or change another's data.",
  example: 'replace-with-a-second-users-token',
  secret: true,
  parse: (raw, name) => parseToken(name, raw),
});

export const seed = valueOption({
  env: 'SEED',
  flag: 'seed',
  metavar: 'N',
  help: 'Seed for everything the suite generates; printed at the start of each run so a run can be replayed. Unset: a new seed each run.',
  example: '42',
  parse: integer(...SEED_RANGE),
  default: randomSeed,
  defaultText: 'a new seed each run',
});

export const maxRps = valueOption({
  env: 'MAX_RPS',
  flag: 'max-rps',
  metavar: 'N',
  help: 'Most requests per second the suite sends to the target, shared by every worker of the run (a 429 answer slows the whole run further, honouring Retry-After). Unset: no cap until the server answers 429.',
  example: '20',
  parse: integer(1, 100_000),
});

export const throttleLimit = valueOption({
  env: 'THROTTLE_LIMIT_SECONDS',
  flag: 'throttle-limit',
  metavar: 'SECONDS',
  help: 'How long the run waits on a target that answers every request with 429, or 503 with Retry-After, before it stops with exit 2 (what failed from then on is not judged). Each request still honours Retry-After; this bounds the whole run.',
  example: '120',
  parse: integer(1, 86_400),
  format: formatInteger,
  default: 120,
});

export const propertyRuns = valueOption({
  env: 'PROPERTY_RUNS',
  flag: 'property-runs',
  metavar: 'N',
  help: 'How many generated cases each property and model-based check tries (fast-check numRuns). More finds more; each run costs requests.',
  example: '10',
  parse: integer(1, 100_000),
  format: formatInteger,
  default: 10,
});

export const propertyTimeBudgetMs = valueOption({
  env: 'PROPERTY_TIME_BUDGET_MS',
  flag: 'property-time-budget-ms',
  metavar: 'MS',
  help: 'Time one property or model-based check may take, shrinking included, before it stops and reports what it has.',
  example: '60000',
  parse: integer(1_000, 3_600_000),
  format: formatInteger,
  default: 60_000,
});

/** How deep the generated checks search: the default run, or the nightly one. */
export const depths = ['default', 'thorough'] as const;
export type Depth = (typeof depths)[number];

export const depth = valueOption({
  env: 'DEPTH',
  flag: 'depth',
  metavar: 'LEVEL',
  help: 'How deep the property and model-based checks search: default, or thorough for nightly runs (five times the cases unless PROPERTY_RUNS is set, longer command sequences, lists of more than 100 objects of each kind walked at limits up to 100, ten minutes a property unless PROPERTY_TIME_BUDGET_MS is set).',
  example: 'thorough',
  parse: (raw, name) => parseChoice(name, raw, depths),
  format: (value: Depth) => value,
  default: 'default' as Depth,
});

export const groupContacts = valueOption({
  env: 'GROUP_CONTACTS',
  flag: 'group-contacts',
  metavar: 'MODE',
  help: 'Declares what PUT /v1/groups/:id with contacts does, which the spec leaves open: replace (the list replaces the members) or merge (it adds to them). Unset: only that added members are present is checked.',
  example: 'replace',
  parse: (raw) => parseGroupContacts(raw),
  format: formatGroupContacts,
});

export const conventions = valueOption({
  env: 'CONVENTIONS',
  flag: 'conventions',
  metavar: 'IDS',
  help: 'Comma-separated ids of convention checks your server declares it follows (such as conversations.retrieve.unknown-id-404); their failures then gate like spec failures.',
  example: 'conversations.retrieve.unknown-id-404,groups.retrieve.unknown-id-404',
  parse: (raw, name) => parseIdList(name, raw),
  format: formatIdList,
  default: [] as string[],
  defaultText: 'none',
});

export const readOnly = switchOption({
  env: 'READ_ONLY',
  flag: 'read-only',
  help: 'true: run only the checks that send nothing but GETs (shapes, lists and filters over the data already there, auth rejections), for targets where writing is not allowed. The client then refuses to send anything else.',
  example: 'false',
});

export const strict = switchOption({
  env: 'STRICT',
  flag: 'strict',
  help: 'true: every convention check gates (exit 1 on failure), not only the declared ones.',
  example: 'false',
});

export const reportsDir = valueOption({
  env: 'REPORTS_DIR',
  flag: 'reports-dir',
  metavar: 'DIR',
  help: 'Where the reports (conformance.json, junit.xml, load.json, index.html ...) are written and read.',
  example: 'reports',
  // Resolved once, here, against the folder msgapi runs in.
  parse: (raw, name) => {
    const parsed = parseText(name, raw);
    if (!parsed.ok) return parsed;
    const dir = resolve(parsed.value);
    return isFile(dir)
      ? {
          ok: false,
          problem: `${name} ${parsed.value} is a file, not a folder; name a folder for the reports (it is made when missing).`,
        }
      : { ok: true, value: dir };
  },
  default: () => resolve('reports'),
  defaultText: 'reports',
});

export const abAccessToken = valueOption({
  env: 'AB_ACCESS_TOKEN',
  flag: 'ab-access-token',
  metavar: 'TOKEN',
  help: 'msgapi load --ab: Bearer token for the baseline server the target is compared with. Unset: ACCESS_TOKEN. Never printed.',
  example: 'replace-with-the-baseline-servers-token',
  secret: true,
  parse: (raw, name) => parseToken(name, raw),
  defaultText: 'ACCESS_TOKEN',
});

/** Options every command has. */
export const helpOption = switchOption({ flag: 'help', short: 'h', help: 'Show this help.' });

// Not --env-file: Node 20 reads --env-file anywhere on its command line, after the script too
// (node bin/msgapi.mjs check --env-file x.env), loads that file itself and exits 9 when it is
// missing, before msgapi runs. --env-file stays accepted as an alias for the files that exist.
export const envFileOption = valueOption({
  flag: 'settings-file',
  aliases: ['env-file'],
  metavar: 'PATH',
  help: 'Read settings from this file (.env format) instead of ./.env.',
  parse: (raw, name) => parseText(name, raw),
  defaultText: '.env, if there is one',
});

/** Every setting, in the order .env.example lists them. */
export const settings = [
  targetSettings.baseUrl,
  embedded,
  targetSettings.accessToken,
  secondAccessToken,
  targetSettings.bodyEncoding,
  targetSettings.pagination,
  targetSettings.requestTimeoutMs,
  ...Object.values(transportSettings),
  waitForTarget,
  seed,
  maxRps,
  throttleLimit,
  propertyRuns,
  propertyTimeBudgetMs,
  depth,
  groupContacts,
  ...Object.values(profileSettings),
  conventions,
  readOnly,
  strict,
  reportsDir,
  abAccessToken,
] as ReadonlyArray<OptionDef<unknown> & { env: string }>;

/** Rules across the target settings, each one sentence when broken, judged on the texts given (a
 * malformed token has its own sentence already). Commands that take these settings run them. */
export function targetSettingProblems(_values: unknown, raw: (key: string) => string | undefined): string[] {
  const problems: string[] = [];
  // An empty BASE_URL has its own sentence already.
  if (raw('baseUrl') && raw('accessToken') === undefined && raw('accessTokenCommand') === undefined) {
    problems.push(
      `${optionName(targetSettings.accessToken)} (or ACCESS_TOKEN_COMMAND) is required when BASE_URL is set (spec §5: every request carries a Bearer token).`,
    );
  }
  if (raw('accessToken') !== undefined && raw('accessTokenCommand') !== undefined) {
    problems.push(
      'ACCESS_TOKEN and ACCESS_TOKEN_COMMAND are both given; give the token, or the command that prints it.',
    );
  }
  const second = raw('secondAccessToken');
  if (second !== undefined && second === raw('accessToken')) {
    problems.push('SECOND_ACCESS_TOKEN is the same as ACCESS_TOKEN; it must belong to a different user.');
  }
  return problems;
}
