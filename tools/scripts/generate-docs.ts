// npm run docs: rewrites the files that are generated from the code (tests fail when they drift).
import { writeFileSync } from 'node:fs';
import { loadRegistry } from '../../conformance/registry.ts';
import { renderAssumptionsList } from '../docs/assumptions-list.ts';
import { checkIdsFile, renderCheckIds } from '../docs/check-ids.ts';
import { renderChecksList } from '../docs/checks-list.ts';
import { renderEnvExample } from '../docs/env-example.ts';
import { renderRequirementsList } from '../docs/requirements-list.ts';

const root = new URL('../../', import.meta.url);
writeFileSync(new URL('.env.example', root), renderEnvExample());
const registry = await loadRegistry();
writeFileSync(new URL(checkIdsFile, root), renderCheckIds(registry));
writeFileSync(new URL('docs/checks.md', root), renderChecksList(registry));
writeFileSync(new URL('docs/requirements.md', root), renderRequirementsList());
writeFileSync(new URL('docs/assumptions.md', root), renderAssumptionsList(registry));
console.log(`Wrote .env.example, ${checkIdsFile}, docs/checks.md, docs/requirements.md and docs/assumptions.md`);
