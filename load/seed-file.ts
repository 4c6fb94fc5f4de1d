// What msgapi load --seed-only left on a target for another engine to load (msgapi load export):
// where, which run, a group to filter by, and the ledger that removes it all afterwards
// (msgapi cleanup --ledger). It holds no token.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { HarnessError } from '../lib/core/errors.ts';

export const seedFileFormat = 'msgapi-load-seed/1';

export interface SeedRecord {
  format: typeof seedFileFormat;
  url: string;
  run: string;
  /** The ledger file listing every object seeded, for msgapi cleanup --ledger. */
  ledger: string;
  group_id: string | null;
  conversations: number;
  groups: number;
  seeded_at: string;
}

export function writeSeedFile(file: string, record: Omit<SeedRecord, 'format'>): void {
  writeFileSync(file, `${JSON.stringify({ format: seedFileFormat, ...record }, null, 2)}\n`);
}

/** The seed file, or undefined when there is none at the default place; a named file must exist and be one. */
export function readSeedFile(file: string, named: boolean): SeedRecord | undefined {
  if (!existsSync(file)) {
    if (named) throw new HarnessError('MSGAPI_USAGE', `--seed-file ${file} does not exist.`);
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new HarnessError('MSGAPI_USAGE', `${file} is not a readable seed file: ${(error as Error).message}`);
  }
  if ((parsed as SeedRecord | undefined)?.format !== seedFileFormat)
    throw new HarnessError(
      'MSGAPI_USAGE',
      `${file} is not a seed file of msgapi load --seed-only (format ${seedFileFormat}).`,
    );
  return parsed as SeedRecord;
}
