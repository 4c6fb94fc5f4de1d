// The rows of the matrix: one per seeded fault (the suite must fail it) and one per
// valid variant (the suite must pass it), each with the reference server it runs against.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LedgerFile } from '../../lib/core/safety/safe-run.ts';
import { takeSnapshot } from '../../lib/core/safety/snapshot.ts';
import { faultModifiers, faults, type FaultName } from '../../reference/faults/registry.ts';
import type { StartReferenceServerOptions } from '../../reference/listen.ts';
import { armable } from '../../reference/modifiers.ts';
import { COMBINED_DRAW, variantServerOptions, variants, type VariantName } from '../../reference/variants/registry.ts';
import { combinedVariantNames } from '../../reference/variants/combined.ts';
import { targetSettings } from '../../lib/core/config/settings.ts';
import { openTarget } from '../../lib/core/target/open-target.ts';
import { inProcessReference } from '../embedded-reference.ts';
import { applyDetection } from '../../lib/core/detect/apply-detection.ts';
import { detectChoices } from '../../lib/core/detect/detect-choices.ts';
import type { TargetChoices } from '../../lib/core/target/target.ts';
import { gatingPolicy } from '../run/gating.ts';
import { providedTarget } from '../../lib/core/target/provided-target.ts';
import type { SuiteRun } from '../run/run-suites.ts';
import { declaredChoices } from './declared-choices.ts';
import {
  changedForeignRecords,
  markedLeftovers,
  ownerClient,
  seedForeignData,
  type ForeignRecord,
} from './foreign-data.ts';

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

const matrixPropertyTimeBudgetMs = 3_600_000;

interface ServerSetup {
  kind: MatrixEntry['kind'];
  name: FaultName | VariantName;
  server: Omit<StartReferenceServerOptions, 'users'>;
  /** The choices the user declares for this server (PAGINATION, BODY_ENCODING, GROUP_CONTACTS). */
  declares: Partial<TargetChoices>;
  setup?: 'foreign-data' | 'concurrent-run';
  /** After the runs, no record of theirs may be left on the target (a luring fault's promise). */
  leavesNothing?: boolean;
  /** Fewer property runs than the matrix's 3 (the combined profiles: twenty of them, some rate-limited). */
  propertyRuns?: number;
}

export interface EntryOptions {
  /**
   * Valid variants declare nothing of how to talk to them (BODY_ENCODING, PAGINATION,
   * GROUP_CONTACTS): msgapi check's probe finds it out, as it does on a target that declares nothing.
   */
  detect?: boolean;
  /** Generated cases each property and model-based check tries (by default 3; a combined profile 1). */
  propertyRuns?: number;
}

async function entryFor(setup: ServerSetup, seed: number, options: EntryOptions): Promise<MatrixEntry> {
  const detect = options.detect === true && setup.kind === 'variant';
  const { bodyEncoding: _encoding, pagination: _pagination, groupContacts: _contacts, ...readings } = setup.declares;
  // A fault acts on the runs only: the user's own data is seeded through the clean server first.
  const fault =
    setup.kind === 'fault' && setup.setup === 'foreign-data' ? armable(setup.server.modifiers ?? []) : undefined;
  const target = await openTarget(
    {
      baseUrl: undefined,
      accessToken: randomBytes(12).toString('hex'),
      secondAccessToken: randomBytes(12).toString('hex'),
      bodyEncoding: targetSettings.bodyEncoding.defaultValue(),
      pagination: targetSettings.pagination.defaultValue(),
      ...(detect ? readings : setup.declares),
    },
    inProcessReference(fault ? { ...setup.server, modifiers: fault.modifiers } : setup.server),
  );
  try {
    if (detect) {
      // What the embedded server is known to do is not known here: the probe says.
      target.choices.groupContacts = undefined;
      const detection = await detectChoices(target, {
        timeoutMs: targetSettings.requestTimeoutMs.defaultValue(),
        readOnly: false,
      });
      Object.assign(
        target.choices,
        applyDetection(target.choices, detection, { bodyEncoding: false, pagination: false, groupContacts: false })
          .choices,
      );
    }
    const { accessToken, secondAccessToken } = target.users;
    let foreign: ForeignRecord[] = [];
    if (setup.setup === 'foreign-data') {
      foreign = [
        ...(await seedForeignData(ownerClient(target.url, accessToken), 'foreign-first')),
        ...(await seedForeignData(ownerClient(target.url, secondAccessToken!), 'foreign-second')),
      ];
    }
    fault?.arm();
    // Over foreign data, the run keeps a ledger file with the snapshot beside it, as msgapi check does
    // (lib/core/safety/safe-run.ts), so that every check's ledger refuses the ids the users held
    // before the run. No sweep: the embedded server and its data go with the entry.
    const ledgerDir = setup.setup === 'foreign-data' ? mkdtempSync(join(tmpdir(), 'msgapi-matrix-')) : undefined;
    const snapshot =
      ledgerDir === undefined
        ? undefined
        : await takeSnapshot(
            [ownerClient(target.url, accessToken), ownerClient(target.url, secondAccessToken!)],
            target.choices.pagination,
          );
    const copies = setup.setup === 'concurrent-run' ? 2 : 1;
    const runs = Array.from({ length: copies }, (_, index) => {
      const provided = providedTarget(target, {
        requestTimeoutMs: targetSettings.requestTimeoutMs.defaultValue(),
        seed,
        readOnly: false,
        maxRps: undefined,
        // Few property runs: the matrix is about which checks catch a fault, and a hundred targets share the machine.
        propertyRuns: setup.propertyRuns ?? options.propertyRuns ?? 3,
        // No time limit that counts: how many cases a property tries must not depend on how busy
        // the machine is, or what the matrix catches would (a hundred servers share two cores).
        // Nor shrinking: the matrix asks only whether a check fails.
        propertyTimeBudgetMs: matrixPropertyTimeBudgetMs,
        shrink: false,
      });
      const ledger = ledgerDir === undefined ? undefined : LedgerFile.create(ledgerDir, provided.runId);
      if (ledger !== undefined && snapshot !== undefined) ledger.keepSnapshot(snapshot);
      const ledgerFile = ledger?.path;
      return {
        name: `${setup.kind}:${setup.name}${copies > 1 ? `#${index + 1}` : ''}`,
        target: ledgerFile === undefined ? provided : { ...provided, ledgerFile },
        gates: defaultGates,
      };
    });
    return {
      kind: setup.kind,
      name: setup.name,
      runs,
      afterRuns: async () => [
        ...(await changedForeignRecords(foreign)).map((change) => `foreign data: ${change}`),
        ...(setup.leavesNothing
          ? (
              await markedLeftovers(
                ownerClient(target.url, accessToken),
                runs.map((run) => run.target.runId),
                target.choices.pagination,
              )
            ).map((leftover) => `left behind: ${leftover}`)
          : []),
      ],
      close: async () => {
        if (ledgerDir !== undefined) rmSync(ledgerDir, { recursive: true, force: true });
        await target.close();
      },
    };
  } catch (error) {
    // A seeding or probe that failed must not leave the server listening.
    await target.close();
    throw error;
  }
}

export function faultSetups(names: readonly FaultName[]): ServerSetup[] {
  return names.map((name) => {
    // A luring fault runs against foreign data, which must come out of the run unchanged.
    const { lures, declares } = faults.get(name)!;
    return {
      kind: 'fault',
      name,
      server: { modifiers: faultModifiers([name]) },
      // A fault that breaks a reading the server declares: the run is told that reading.
      declares: declaredChoices(declares ?? {}, `The fault ${name}`),
      ...(lures ? ({ setup: 'foreign-data', leavesNothing: lures.leaves === undefined } as const) : {}),
    };
  });
}

export function variantSetups(names: readonly VariantName[]): ServerSetup[] {
  return names.map((name) => {
    // The combined profiles depend on the run's seed: startEntries draws them.
    if (name === COMBINED_DRAW) return { kind: 'variant', name, server: {}, declares: {} };
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

export async function startEntries(
  setups: readonly ServerSetup[],
  seed: number,
  options: EntryOptions = {},
): Promise<MatrixEntry[]> {
  const entries: MatrixEntry[] = [];
  // The combined profiles go first: the rate-limited among them take longest, and start early.
  const combined = setups.some((setup) => setup.name === COMBINED_DRAW)
    ? variantSetups(combinedVariantNames(seed)).map((drawn) => ({ ...drawn, propertyRuns: 1 }))
    : [];
  try {
    for (const setup of [...combined, ...setups.filter((other) => other.name !== COMBINED_DRAW)])
      entries.push(await entryFor(setup, seed, options));
  } catch (error) {
    // The servers already started would keep the process alive after the error is printed.
    await Promise.all(entries.map((entry) => entry.close()));
    throw error;
  }
  return entries;
}

export const allFaultNames = (): FaultName[] => [...faults.keys()];
/** The fixed variants, then the combined profiles of the run's seed. */
export const allVariantNames = (): VariantName[] => [...variants.keys(), COMBINED_DRAW];
