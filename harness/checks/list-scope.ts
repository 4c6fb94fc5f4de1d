// Which records a list without archived holds (profile: default-list-scope): every one (all, the
// assumed reading) or the active ones only (active, declared with DEFAULT_LIST_SCOPE). A check that
// expects a record in a list asks here whether the list's filters and the record's archived_at put
// it there; nothing declared, an unfiltered list that lacks an archived record archived=true lists
// gets the hint that DEFAULT_LIST_SCOPE=active would describe the server.
import type { CheckContext } from './check-context.ts';

/**
 * Whether a list with these filters holds a record with this archived_at, as far as archiving goes:
 * archived=true holds the archived ones (§4.1, §4.2), a list without archived every one unless
 * DEFAULT_LIST_SCOPE=active declares it holds the active ones only. The other filters are the
 * caller's to match.
 */
export function scopeHolds(context: CheckContext, filters: object, item: { archived_at: unknown }): boolean {
  const archived = item.archived_at !== null && item.archived_at !== undefined;
  if ('archived' in filters) return String((filters as { archived: unknown }).archived) === 'true' ? archived : true;
  return !archived || context.profile.unfilteredListHoldsArchived();
}

/** The checks that have looked for archived records under archived=true already, for the hint: once a check (by its hints, as list-consistency.ts). */
const tried = new WeakSet<ReadonlySet<string>>();

/**
 * Nothing declared (DEFAULT_LIST_SCOPE all): the archived records a list without archived should
 * have held, looked for under archived=true; when that list holds them and the list without
 * archived, read again then, still lacks them (not merely late: list-consistency), the hint for the
 * check's failure (profile: default-list-scope).
 */
export async function hintIfArchivedLeftOut<T extends { id: string }>(
  context: CheckContext,
  where: string,
  missing: ReadonlyArray<{ id: string; archived_at?: unknown }>,
  walks: {
    archived: (ids: readonly string[]) => Promise<{ items: readonly T[] }>;
    again: () => Promise<{ items: readonly T[] }>;
  },
): Promise<void> {
  const archived = missing
    .filter((item) => item.archived_at !== null && item.archived_at !== undefined)
    .map((item) => item.id);
  if (archived.length === 0 || !context.profile.unfilteredListHoldsArchived() || tried.has(context.hints)) return;
  tried.add(context.hints);
  try {
    const listed = new Set((await walks.archived(archived)).items.map((item) => item.id));
    if (!archived.every((id) => listed.has(id))) return;
    const still = new Set((await walks.again()).items.map((item) => item.id));
    if (archived.some((id) => still.has(id))) return;
  } catch {
    // A diagnosis never hides the failure it would explain.
    return;
  }
  const named = `${archived.slice(0, 3).join(', ')}${archived.length > 3 ? ` and ${archived.length - 3} more` : ''}`;
  context.hints.add(
    `${where} left out ${named}, archived, which archived=true lists: DEFAULT_LIST_SCOPE=active would describe this server (undeclared, a list without archived holds every record)`,
  );
}
