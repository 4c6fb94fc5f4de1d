// Every check of the suite, read from the suite files themselves (suites/**/*.check.ts export
// `checks`): the one source for the docs, the command line's selection, the reports' titles and
// levels, and the requirements trace. A check's spec sections are derived from that trace
// (suites/requirements.json lists, sentence by sentence, the checks that enforce it).
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProfileKey } from '../lib/api/open-points.ts';
import type { CheckDefinition, CheckLevel } from '../harness/checks/define-check.ts';
import { readManifest } from './requirements/sources.ts';

export interface RegisteredCheck {
  id: string;
  title: string;
  level: CheckLevel;
  /** The entries of the register its verdict rests on, as its definition names them. */
  assumes: readonly ProfileKey[];
  readOnly: boolean;
  /** The first part of the id, and the resources it exercises where the id does not say. */
  tags: readonly string[];
  /** Sections of the spec whose sentences cite this check in suites/requirements.json, in order. */
  sections: readonly string[];
  /** The suite file that defines it, relative to the project: suites/<resource>/<operation>.check.ts. */
  file: string;
}

export const suitesDir = fileURLToPath(new URL('../suites/', import.meta.url));
/** The folder the suite files' paths are relative to: the repository, or the installed package's dist/. */
export const projectDir = fileURLToPath(new URL('../', import.meta.url));

/** The suite files: .ts in the repository, .js once compiled. */
export function suiteFiles(): string[] {
  return (readdirSync(suitesDir, { recursive: true }) as string[])
    .filter((file) => /\.check\.[jt]s$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(suitesDir, file))
    .sort();
}

const bySectionNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Builds the registry from definitions and the manifest; throws on a repeated id. */
export function buildRegistry(
  definitions: ReadonlyArray<{ file: string; check: CheckDefinition }>,
  manifest = readManifest(),
): CheckRegistry {
  const sections = new Map<string, Set<string>>();
  for (const entry of manifest)
    for (const id of entry.checks ?? []) (sections.get(id) ?? sections.set(id, new Set()).get(id)!).add(entry.section);
  const checks: RegisteredCheck[] = [];
  const seen = new Map<string, string>();
  for (const { file, check } of definitions) {
    const where = relative(projectDir, file).split('\\').join('/');
    if (seen.has(check.id))
      throw new Error(`The check id ${check.id} is defined twice: in ${seen.get(check.id)} and ${where}.`);
    seen.set(check.id, where);
    checks.push({
      id: check.id,
      title: check.title,
      level: check.level,
      assumes: check.assumes,
      readOnly: check.readOnly === true,
      tags: [...new Set([check.id.split('.')[0]!, ...(check.tags ?? [])])],
      sections: [...(sections.get(check.id) ?? [])].sort(bySectionNumber),
      file: where,
    });
  }
  return new CheckRegistry(checks);
}

export class CheckRegistry {
  readonly #byId: ReadonlyMap<string, RegisteredCheck>;

  constructor(readonly checks: readonly RegisteredCheck[]) {
    this.#byId = new Map(checks.map((check) => [check.id, check]));
  }

  get ids(): string[] {
    return this.checks.map((check) => check.id);
  }

  has(id: string): boolean {
    return this.#byId.has(id);
  }

  get(id: string): RegisteredCheck {
    const check = this.#byId.get(id);
    if (!check) throw new Error(`No check has the id ${id}.`);
    return check;
  }

  get tags(): string[] {
    return [...new Set(this.checks.flatMap((check) => check.tags))].sort();
  }
}

let loading: Promise<CheckRegistry> | undefined;

/** The registry of the suite files on disk, loaded once per process. */
export function loadRegistry(): Promise<CheckRegistry> {
  loading ??= (async () => {
    const definitions: Array<{ file: string; check: CheckDefinition }> = [];
    for (const file of suiteFiles()) {
      const module = (await import(pathToFileURL(file).href)) as { checks?: CheckDefinition[] };
      if (!Array.isArray(module.checks)) throw new Error(`${relative(projectDir, file)} exports no \`checks\` array.`);
      for (const check of module.checks) definitions.push({ file, check });
    }
    return buildRegistry(definitions);
  })();
  return loading;
}
