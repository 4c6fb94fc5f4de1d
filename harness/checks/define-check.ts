// A check is declared once, beside its body: `defineCheck({ id, title, level, assumes, tags, readOnly }, body)`
// returns a plain definition and registers nothing, so the registry (suites/registry.ts), the docs
// and the command line can read every suite file's checks. Registering them as vitest tests is a
// separate step (register-checks.ts), taken only when vitest runs the file.
import type { ProfileKey } from '../../lib/api/open-points.ts';
import type { CheckContext } from './check-context.ts';

/**
 * spec: the spec states it. security: authentication, and one user's data kept from another.
 * robustness: no 5xx, no hang, well-formed JSON. convention: a common choice the spec leaves
 * open; reported, gating only when declared (CONVENTIONS) or with --strict.
 */
export type CheckLevel = 'spec' | 'security' | 'robustness' | 'convention';

export const gatingLevels: ReadonlySet<CheckLevel> = new Set(['spec', 'security', 'robustness']);

/**
 * What a check can be selected by besides its id (`--only conversations`). The first part of the id
 * is always one of its tags; `tags` adds the resources a check exercises when its id does not say.
 */
export type CheckTag = 'conversations' | 'groups';

export interface CheckMeta<Id extends string = string> {
  /** `<resource>.<operation>.<behaviour>`: names the file, suites/<resource>/<operation>.check.ts. */
  id: Id;
  /** One sentence: what a server must do for the check to pass. */
  title: string;
  level: CheckLevel;
  /**
   * The entries of the register (lib/api/open-points.ts) its verdict rests on, as test262 names the
   * features a test needs above it: every entry it consults through the profile (a run records
   * which it did, `consulted` in conformance.json, and test/unit/lib/profile.test.ts fails a check that
   * consulted one it does not name), and every reading it applies by code of its own (members
   * compared as sets: contact-fields). docs/assumptions.md lists, under each entry, the checks that
   * name it.
   */
  assumes: readonly ProfileKey[];
  tags?: readonly CheckTag[];
  /** It sends nothing but GETs, so it runs under --read-only too. */
  readOnly?: true;
}

export type CheckBody = (context: CheckContext) => Promise<void>;

export interface CheckDefinition<Id extends string = string> extends CheckMeta<Id> {
  readonly body: CheckBody;
}

export function defineCheck<const Id extends string>(meta: CheckMeta<Id>, body: CheckBody): CheckDefinition<Id> {
  return Object.freeze({ ...meta, body });
}
