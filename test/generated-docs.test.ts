import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../conformance/registry.ts';
import { checkIdsFile, renderCheckIds } from '../tools/docs/check-ids.ts';
import { renderChecksList } from '../tools/docs/checks-list.ts';
import { renderEnvExample } from '../tools/docs/env-example.ts';
import { renderRequirementsList } from '../tools/docs/requirements-list.ts';
import { settings } from '../lib/core/config/settings.ts';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('generated files are in step with the code (regenerate with npm run docs)', () => {
  it('.env.example names every setting the loader reads', () => {
    expect(read('.env.example')).toBe(renderEnvExample());
    for (const setting of settings) expect(read('.env.example')).toContain(`# ${setting.env}=`);
  });

  it('docs/checks.md lists every check the suite files define', async () => {
    expect(read('docs/checks.md')).toBe(renderChecksList(await loadRegistry()));
  });

  it(`${checkIdsFile} holds the id of every check the suite files define`, async () => {
    expect(read(checkIdsFile)).toBe(renderCheckIds(await loadRegistry()));
  });

  it('docs/requirements.md shows every sentence of the spec with the checks that enforce it', () => {
    expect(read('docs/requirements.md')).toBe(renderRequirementsList());
  });
});
