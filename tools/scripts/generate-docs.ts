// npm run docs: rewrites the files that are generated from the code (tests fail when they drift).
import { writeFileSync } from 'node:fs';
import { loadRegistry } from '../../conformance/registry.ts';
import { renderAssumptionsList } from '../docs/assumptions-list.ts';
import { checkIdsFile, renderCheckIds } from '../docs/check-ids.ts';
import { renderChecksList } from '../docs/checks-list.ts';
import { commandsFile, renderCommandsList } from '../docs/commands-list.ts';
import { renderEnvExample } from '../docs/env-example.ts';
import { renderRequirementsList } from '../docs/requirements-list.ts';
import { renderSettingsList, settingsFile } from '../docs/settings-list.ts';

const root = new URL('../../', import.meta.url);
const files: Array<[string, string]> = [['.env.example', renderEnvExample()]];
const registry = await loadRegistry();
files.push(
  [checkIdsFile, renderCheckIds(registry)],
  ['docs/checks.md', renderChecksList(registry)],
  ['docs/requirements.md', renderRequirementsList()],
  ['docs/assumptions.md', renderAssumptionsList(registry)],
  [commandsFile, renderCommandsList()],
  [settingsFile, renderSettingsList()],
);
for (const [path, text] of files) writeFileSync(new URL(path, root), text);
console.log(`Wrote ${files.map(([path]) => path).join(', ')}`);
