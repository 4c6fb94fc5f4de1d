// The rows of the sensitivity matrix: one per seeded fault (the suite must fail it) and one per
// valid variant (the suite must pass it), each with the reference server it runs against.
import { randomBytes } from 'node:crypto';
import { faultModifiers, faults, type FaultName } from '../../../reference/faults/registry.ts';
import { startReferenceServer, type StartReferenceServerOptions } from '../../../reference/listen.ts';
import { variantServerOptions, variants, type VariantName } from '../../../reference/variants/registry.ts';
import { loadConfig } from '../../core/config/load.ts';
import { gatingPolicy } from '../../report/build-report.ts';
import { providedTarget } from '../../core/target/provided-target.ts';
import type { SuiteRun } from '../run/run-suites.ts';
import { changedForeignRecords, ownerClient, seedForeignData, type ForeignRecord } from './foreign-data.ts';

export interface MatrixEntry {
  kind: 'fault' | 'variant';
  name: FaultName | VariantName;
  /** One run per entry, two for the concurrent-run variant (both must pass). */
  runs: SuiteRun[];
  /** After the runs: what went wrong outside the checks (foreign data changed). */
  afterRuns(): Promise<string[]>;
  close(): Promise<void>;
}

const defaultGates = gatingPolicy({ strict: false, declared: [] });

interface ServerSetup {
  kind: MatrixEntry['kind'];
  name: FaultName | VariantName;
  server: Omit<StartReferenceServerOptions, 'users'>;
  /** Settings the user declares for this server (PAGINATION, BODY_ENCODING, GROUP_CONTACTS). */
  declares: Record<string, string>;
  setup?: 'foreign-data' | 'concurrent-run';
}

async function entryFor(setup: ServerSetup, seed: number): Promise<MatrixEntry> {
  const tokens = [randomBytes(12).toString('hex'), randomBytes(12).toString('hex')] as const;
  const server = await startReferenceServer({ ...setup.server, users: [{ token: tokens[0], name: 'first' }, { token: tokens[1], name: 'second' }] });
  // The reference server replaces contacts unless the entry declares otherwise. Few property runs:
  // the matrix is about which checks catch a fault, and a hundred targets share the machine.
  const config = loadConfig({ env: { GROUP_CONTACTS: 'replace', PROPERTY_RUNS: '3', ...setup.declares, SEED: String(seed) }, envFile: false });
  const address = { url: server.url, accessToken: tokens[0], secondAccessToken: tokens[1], groupContacts: config.groupContacts };
  let foreign: ForeignRecord[] = [];
  if (setup.setup === 'foreign-data') {
    foreign = [
      ...(await seedForeignData(ownerClient(server.url, tokens[0]), 'foreign-first')),
      ...(await seedForeignData(ownerClient(server.url, tokens[1]), 'foreign-second')),
    ];
  }
  const copies = setup.setup === 'concurrent-run' ? 2 : 1;
  const runs = Array.from({ length: copies }, (_, index) => ({
    name: `${setup.kind}:${setup.name}${copies > 1 ? `#${index + 1}` : ''}`,
    target: providedTarget(config, address),
    gates: defaultGates,
  }));
  return {
    kind: setup.kind,
    name: setup.name,
    runs,
    afterRuns: async () => (await changedForeignRecords(foreign)).map((change) => `foreign data: ${change}`),
    close: () => server.close(),
  };
}

export function faultSetups(names: readonly FaultName[]): ServerSetup[] {
  return names.map((name) => ({ kind: 'fault', name, server: { modifiers: faultModifiers([name]) }, declares: {} }));
}

export function variantSetups(names: readonly VariantName[]): ServerSetup[] {
  return names.map((name) => {
    const variant = variants.get(name)!;
    return {
      kind: 'variant',
      name,
      server: variantServerOptions(variant),
      declares: variant.declares ?? {},
      ...(variant.setup ? { setup: variant.setup } : {}),
    };
  });
}

export async function startEntries(setups: readonly ServerSetup[], seed: number): Promise<MatrixEntry[]> {
  const entries: MatrixEntry[] = [];
  for (const setup of setups) entries.push(await entryFor(setup, seed));
  return entries;
}

export const allFaultNames = (): FaultName[] => [...faults.keys()];
export const allVariantNames = (): VariantName[] => [...variants.keys()];
