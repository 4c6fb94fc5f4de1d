// npm run docs: rewrites the files that are generated from the code (tests fail when they drift).
import { writeFileSync } from 'node:fs';
import { renderChecksList } from '../src/docs/checks-list.ts';
import { renderEnvExample } from '../src/docs/env-example.ts';

const root = new URL('../', import.meta.url);
writeFileSync(new URL('.env.example', root), renderEnvExample());
writeFileSync(new URL('docs/checks.md', root), renderChecksList());
console.log('Wrote .env.example and docs/checks.md');
