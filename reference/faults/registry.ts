// The registry of seeded faults: each name switches on one fault (fault.ts), a reference server
// that breaks one sentence of the spec. `msgapi matrix` runs the suite against each; the suite must
// fail every one. Names read <resource or area>.<operation>.<what is broken>.
import type { ServerModifier } from '../modifiers.ts';
import { archiveDeleteFaults } from './archive-delete.ts';
import { authFaults } from './auth.ts';
import { bodyFaults } from './bodies.ts';
import { createFaults } from './create.ts';
import { credentialFaults } from './credentials.ts';
import { defaultFaults } from './defaults.ts';
import type { Fault } from './fault.ts';
import { filterPartitionFaults } from './filter-partitions.ts';
import { filterFaults } from './filters.ts';
import { foreignIdFaults } from './foreign-ids.ts';
import { isolationFaults } from './isolation.ts';
import { keyedWithoutUserFaults } from './keyed-without-user.ts';
import { limitFaults } from './limits.ts';
import { otherMethodFaults } from './other-methods.ts';
import { textFaults } from './texts.ts';
import { ownershipFaults } from './ownership.ts';
import { pageFaults } from './pages.ts';
import { readPathFaults } from './read-paths.ts';
import { repeatFaults } from './repeats.ts';
import { shapeFaults } from './shapes.ts';
import { timestampFaults } from './timestamps.ts';
import { updateFaults } from './updates.ts';

/** Every fault, by concern; the order is the order of the matrix. */
const allFaults = [
  ...defaultFaults,
  ...createFaults,
  ...filterFaults,
  ...pageFaults,
  ...updateFaults,
  ...archiveDeleteFaults,
  ...authFaults,
  ...isolationFaults,
  ...keyedWithoutUserFaults,
  ...shapeFaults,
  ...ownershipFaults,
  ...filterPartitionFaults,
  ...limitFaults,
  ...readPathFaults,
  ...repeatFaults,
  ...foreignIdFaults,
  ...credentialFaults,
  ...bodyFaults,
  ...timestampFaults,
  ...otherMethodFaults,
  ...textFaults,
];

/** The names come from the definitions: a fault is named once, where it is written. */
export type FaultName = (typeof allFaults)[number]['name'];

export const faultNames: readonly FaultName[] = allFaults.map((fault) => fault.name);

export function isFaultName(name: string): name is FaultName {
  return (faultNames as readonly string[]).includes(name);
}

/** Every fault by name, in the order of faultNames; two faults of one name are an error at load. */
function byName(all: readonly Fault<FaultName>[]): ReadonlyMap<FaultName, Fault<FaultName>> {
  const map = new Map<FaultName, Fault<FaultName>>();
  for (const fault of all) {
    if (map.has(fault.name)) throw new Error(`Two faults are named ${fault.name}.`);
    map.set(fault.name, fault);
  }
  return map;
}

export const faults: ReadonlyMap<FaultName, Fault<FaultName>> = byName(allFaults);

/** The modifiers of these faults, in the order given (the first is the innermost); an unknown name is an error. */
export function faultModifiers(names: readonly FaultName[]): ServerModifier[] {
  return names.map((name) => {
    const fault = faults.get(name);
    if (fault === undefined)
      throw new TypeError(`Unknown fault ${JSON.stringify(name)}; the names are in the files of reference/faults/.`);
    return fault.modifier;
  });
}
