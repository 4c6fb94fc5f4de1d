// npm run docs: rewrites the files that are generated from the code (tests fail when they drift).
import { writeFileSync } from 'node:fs';
import { renderChecksList } from '../src/docs/checks-list.ts';
import { renderEnvExample } from '../src/docs/env-example.ts';
import { renderRequirementsList } from '../src/docs/requirements-list.ts';

const root = new URL('../', import.meta.url);
writeFileSync(new URL('.env.example', root), renderEnvExample());
writeFileSync(new URL('docs/checks.md', root), renderChecksList());
writeFileSync(new URL('docs/requirements.md', root), renderRequirementsList());
console.log('Wrote .env.example, docs/checks.md and docs/requirements.md');
