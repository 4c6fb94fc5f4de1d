// The default mutation run in parts (issue 23: "mutate all of the reference server's own code, but
// not its faults and variants"). A whole run takes hours on two cores, so it runs and is recorded
// one part at a time (tools/mutation/run-parts.mjs): a run cut short keeps every part it finished,
// and the next run goes on from there. Every source file of reference/ outside faults/ and
// variants/ is in exactly one part (run-parts.mjs refuses to start otherwise), ordered by what the
// suite reads most: request handling first, the process that only `msgapi serve` runs last.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const parts = {
  lists: ['reference/routes/list.ts', 'reference/routes/cursor.ts', 'reference/routes/page-request.ts'],
  objects: [
    'reference/routes/conversations.ts',
    'reference/routes/groups.ts',
    'reference/routes/context.ts',
    'reference/routes/defaults.ts',
  ],
  params: [
    'reference/params/fields.ts',
    'reference/params/body.ts',
    'reference/params/source.ts',
    'reference/params/text-rules.ts',
  ],
  store: ['reference/store.ts', 'reference/auth.ts', 'reference/router.ts', 'reference/ids.ts', 'reference/frozen.ts'],
  http: [
    'reference/build.ts',
    'reference/dispatch.ts',
    'reference/respond.ts',
    'reference/http10.ts',
    'reference/listen.ts',
    'reference/json-text.ts',
    'reference/modifiers.ts',
  ],
  process: ['reference/choices.ts', 'reference/main.ts', 'reference/serve-until-stopped.ts'],
};

/** The reference server's own source files: every .ts under reference/ but faults/ and variants/. */
export function ownSources(root = 'reference') {
  const found = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) {
      if (path !== 'reference/faults' && path !== 'reference/variants') found.push(...ownSources(path));
    } else if (entry.name.endsWith('.ts')) found.push(path);
  }
  return found.sort();
}

/** What is wrong with the part table: a source in no part or in two, a part naming no source. */
export function partProblems() {
  const sources = ownSources();
  const listed = Object.values(parts).flat();
  return [
    ...sources.filter((file) => !listed.includes(file)).map((file) => `${file} is in no part`),
    ...listed.filter((file, index) => listed.indexOf(file) !== index).map((file) => `${file} is in two parts`),
    ...listed.filter((file) => !sources.includes(file)).map((file) => `${file} is no source of the reference server`),
  ];
}
