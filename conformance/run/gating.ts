// Which failures fail a run: spec, security and robustness checks always; a convention check when
// the user declared that the server follows it (CONVENTIONS), or with --strict.
import { gatingLevels, type CheckLevel } from '../../harness/checks/define-check.ts';

export interface GatingRules {
  /** Every convention check gates. */
  strict: boolean;
  /** Convention checks the user declared the server follows. */
  declared: readonly string[];
}

export type GatingPolicy = (check: { id: string; level: CheckLevel }) => boolean;

export function gatingPolicy(rules: GatingRules): GatingPolicy {
  return ({ id, level }) => gatingLevels.has(level) || rules.strict || rules.declared.includes(id);
}
