// The rows of the sensitivity matrix: one per seeded fault (the suite must fail it) and one per
// valid variant (the suite must pass it), each with the reference server it runs against.
import { randomBytes } from 'node:crypto';
import { faultModifiers, faults, type FaultName } from '../../../reference/faults/registry.ts';
import type { StartReferenceServerOptions } from '../../../reference/listen.ts';
import { variantServerOptions, variants, type VariantName } from '../../../reference/variants/registry.ts';
import { propertyTimeBudgetMs, targetSettings } from '../../core/config/settings.ts';
import { openTarget } from '../../core/target/open-target.ts';
import type { TargetChoices } from '../../core/target/target.ts';
import { gatingPolicy } from '../run/gating.ts';
import { providedTarget } from '../../core/target/provided-target.ts';
import type { SuiteRun } from '../run/run-suites.ts';
import { declaredChoices } from './declared-choices.ts';
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
  /** The choices the user declares for this server (PAGINATION, BODY_ENCODING, GROUP_CONTACTS). */
  declares: Partial<TargetChoices>;
  setup?: 'foreign-data' | 'concurrent-run';
}

async function entryFor(setup: ServerSetup, seed: number): Promise<MatrixEntry> {
  const target = await openTarget(
    {
      baseUrl: undefined,
      accessToken: randomBytes(12).toString('hex'),
      secondAccessToken: randomBytes(12).toString('hex'),
      bodyEncoding: targetSettings.bodyEncoding.defaultValue(),
      pagination: targetSettings.pagination.defaultValue(),
      ...setup.declares,
    },
    { process: 'in-process', server: setup.server },
  );
  const { accessToken, secondAccessToken } = target.users;
  let foreign: ForeignRecord[] = [];
  if (setup.setup === 'foreign-data') {
    foreign = [
      ...(await seedForeignData(ownerClient(target.url, accessToken), 'foreign-first')),
      ...(await seedForeignData(ownerClient(target.url, secondAccessToken!), 'foreign-second')),
    ];
  }
  const copies = setup.setup === 'concurrent-run' ? 2 : 1;
  const runs = Array.from({ length: copies }, (_, index) => ({
    name: `${setup.kind}:${setup.name}${copies > 1 ? `#${index + 1}` : ''}`,
    // Few property runs: the matrix is about which checks catch a fault, and a hundred targets share the machine.
    target: providedTarget(target, {
      requestTimeoutMs: targetSettings.requestTimeoutMs.defaultValue(),
      seed,
      readOnly: false,
      maxRps: undefined,
      propertyRuns: 3,
      propertyTimeBudgetMs: propertyTimeBudgetMs.defaultValue(),
    }),
    gates: defaultGates,
  }));
  return {
    kind: setup.kind,
    name: setup.name,
    runs,
    afterRuns: async () => (await changedForeignRecords(foreign)).map((change) => `foreign data: ${change}`),
    close: () => target.close(),
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
      declares: declaredChoices(variant.declares ?? {}, `The variant ${name}`),
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
