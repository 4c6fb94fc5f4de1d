// A seeded fault: one clear violation of one sentence of spec/messaging-api-v1.md, switched on by
// name (registry.ts). The clean handlers never know about it: it wraps them at a seam
// (modifiers.ts: authenticate, handle, reply), and the suite must catch it.
import type { ServerModifier } from '../modifiers.ts';
import type { Declares } from '../variants/variant.ts';
import type { SpecSentence } from './spec.ts';

export interface Fault<Name extends string = string> extends SpecSentence {
  /** <resource or area>.<operation>.<what is broken>, e.g. groups.delete.no-cascade. */
  name: Name;
  /** One line: what the faulty server does. */
  breaks: string;
  modifier: ServerModifier;
  /**
   * A fault that lures the suite into writing to records it did not create: the matrix runs it
   * against a target holding foreign data, which must be exactly as it was after the run, and
   * finds nothing of the run's left behind unless `leaves` says why something must be.
   */
  lures?: { leaves?: string };
  /**
   * The checks expected to catch it (faults written from a surviving mutant, docs/mutation-triage.md).
   * The fault counts as caught only when one of them fails (a fault caught by an unrelated check
   * alone fails the matrix: its report would not name the sentence broken); those that did not
   * fail are reported (`expected_not_caught`). Ids as text: the
   * reference server cannot import the suite (tiers); test/unit/reference/faults.test.ts checks each names a check.
   */
  detectedBy?: readonly string[];
  /**
   * A fault that takes a reading the register leaves open and breaks what it says (a group's
   * conversation kept by a server that declares it removed): the settings such a server declares,
   * which the matrix's run is given. Without them it would be a valid variant, not a fault.
   */
  declares?: Declares;
}

/** The faults of one concern, their names kept as literal types: the registry's FaultName is the union of them. */
export function defineFaults<const Name extends string>(faults: readonly Fault<Name>[]): readonly Fault<Name>[] {
  return faults;
}
