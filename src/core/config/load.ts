// The one configuration loader: .env, then the environment, then command-line flags (flags win).
// Everything is validated here, once, before any request; every problem is one sentence.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { ConfigError } from '../errors.ts';
import { catalogue, isCheckId, type CheckId } from '../../conformance/checks/catalogue.ts';
import {
  parseBaseUrl, parseBodyEncoding, parseBoolean, parseGroupContacts, parseIdList, parseInteger, parsePagination,
  parseToken, type Parsed,
} from './parse-values.ts';
import {
  settings, type BodyEncoding, type GroupContactsSemantics, type PaginationStyle, type SettingName,
} from './settings.ts';

export interface HarnessConfig {
  /** Undefined: the embedded reference server is the target. */
  baseUrl: string | undefined;
  accessToken: string | undefined;
  secondAccessToken: string | undefined;
  bodyEncoding: BodyEncoding;
  pagination: PaginationStyle;
  requestTimeoutMs: number;
  seed: number;
  groupContacts: GroupContactsSemantics | undefined;
  /** Requests per second at most; undefined: no cap. */
  maxRps: number | undefined;
  /** Cases per property or model-based check (fast-check numRuns). */
  propertyRuns: number;
  propertyTimeBudgetMs: number;
  /** Convention checks the user declares the server follows: they gate. */
  conventions: CheckId[];
  /** Every convention check gates. */
  strict: boolean;
  /** Only the checks that send nothing but GETs. */
  readOnly: boolean;
  reportsDir: string;
}

export interface ConfigSources {
  /** Values given as flags, keyed by setting name (BASE_URL ...). */
  flags?: Partial<Record<SettingName, string>>;
  env?: NodeJS.ProcessEnv;
  /** The .env file to read; by default .env in cwd, if there is one; false: none. */
  envFile?: string | false;
  cwd?: string;
}

const SEED_RANGE = [-(2 ** 31), 2 ** 31 - 1] as const;

function gatherRaw(sources: ConfigSources): Partial<Record<SettingName, string>> {
  const cwd = sources.cwd ?? process.cwd();
  const envFile = sources.envFile ? resolve(cwd, sources.envFile) : resolve(cwd, '.env');
  if (sources.envFile && !existsSync(envFile)) {
    throw new ConfigError([`The env file ${envFile} does not exist.`]);
  }
  const fromFile = sources.envFile !== false && existsSync(envFile) ? parseDotenv(readFileSync(envFile)) : {};
  const env = sources.env ?? process.env;
  const raw: Partial<Record<SettingName, string>> = {};
  for (const { env: name } of settings) {
    // An empty value means "not set", as a blank line in a copied .env.example should.
    const value = [sources.flags?.[name], env[name], fromFile[name]].find((v) => v !== undefined && v !== '');
    if (value !== undefined) raw[name] = value.trim();
  }
  return raw;
}

export function loadConfig(sources: ConfigSources = {}): HarnessConfig {
  const raw = gatherRaw(sources);
  const problems: string[] = [];
  function take<T>(name: SettingName, parse: (value: string) => Parsed<T>, fallback: T): T {
    const value = raw[name];
    if (value === undefined) return fallback;
    const parsed = parse(value);
    if (parsed.ok) return parsed.value;
    problems.push(parsed.problem);
    return fallback;
  }

  const baseUrl = take<string | undefined>('BASE_URL', parseBaseUrl, undefined);
  const accessToken = take<string | undefined>('ACCESS_TOKEN', (v) => parseToken('ACCESS_TOKEN', v), undefined);
  const secondAccessToken = take<string | undefined>('SECOND_ACCESS_TOKEN', (v) => parseToken('SECOND_ACCESS_TOKEN', v), undefined);
  const config: HarnessConfig = {
    baseUrl,
    accessToken,
    secondAccessToken,
    bodyEncoding: take('BODY_ENCODING', parseBodyEncoding, 'form'),
    pagination: take<PaginationStyle>('PAGINATION', parsePagination, { kind: 'starting_after' }),
    requestTimeoutMs: take('REQUEST_TIMEOUT_MS', (v) => parseInteger('REQUEST_TIMEOUT_MS', v, 1, 600_000), 10_000),
    seed: take('SEED', (v) => parseInteger('SEED', v, ...SEED_RANGE), randomSeed()),
    groupContacts: take<GroupContactsSemantics | undefined>('GROUP_CONTACTS', parseGroupContacts, undefined),
    maxRps: take<number | undefined>('MAX_RPS', (v) => parseInteger('MAX_RPS', v, 1, 100_000), undefined),
    propertyRuns: take('PROPERTY_RUNS', (v) => parseInteger('PROPERTY_RUNS', v, 1, 100_000), 10),
    propertyTimeBudgetMs: take('PROPERTY_TIME_BUDGET_MS', (v) => parseInteger('PROPERTY_TIME_BUDGET_MS', v, 1_000, 3_600_000), 60_000),
    conventions: take('CONVENTIONS', (v) => parseIdList('CONVENTIONS', v, isConventionCheck, 'a convention check (see docs/checks.md)'), []) as CheckId[],
    strict: take('STRICT', (v) => parseBoolean('STRICT', v), false),
    readOnly: take('READ_ONLY', (v) => parseBoolean('READ_ONLY', v), false),
    reportsDir: resolve(sources.cwd ?? process.cwd(), raw.REPORTS_DIR ?? 'reports'),
  };

  if (raw.BASE_URL !== undefined && raw.ACCESS_TOKEN === undefined) {
    problems.push('ACCESS_TOKEN is required when BASE_URL is set (spec §5: every request carries a Bearer token).');
  }
  if (raw.SECOND_ACCESS_TOKEN !== undefined && raw.SECOND_ACCESS_TOKEN === raw.ACCESS_TOKEN) {
    problems.push('SECOND_ACCESS_TOKEN is the same as ACCESS_TOKEN; it must belong to a different user.');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function isConventionCheck(id: string): boolean {
  return isCheckId(id) && catalogue[id].level === 'convention';
}

function randomSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
