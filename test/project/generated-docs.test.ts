import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../conformance/registry.ts';
import { checkIdsFile, renderCheckIds } from '../../tools/docs/check-ids.ts';
import { renderChecksList } from '../../tools/docs/checks-list.ts';
import { commandsFile, renderCommandsList } from '../../tools/docs/commands-list.ts';
import { renderEnvExample } from '../../tools/docs/env-example.ts';
import { renderRequirementsList } from '../../tools/docs/requirements-list.ts';
import { renderSettingsList, settingsFile } from '../../tools/docs/settings-list.ts';
import { settings } from '../../lib/core/config/settings.ts';
import { helpTexts } from '../../app/cli/help-texts.ts';
import { optionTables } from '../../app/cli/options/index.ts';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

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

  it(`${commandsFile} holds every command's --help, as the option tables make it`, () => {
    const page = read(commandsFile);
    expect(page).toBe(renderCommandsList());
    for (const [command, help] of Object.entries(helpTexts))
      expect(page, command).toContain(`## msgapi ${command}\n\n\`\`\`text\n${help}\n\`\`\`\n`);
  });

  it(`${settingsFile} lists every variable a command reads, each under the commands that read it`, () => {
    const page = read(settingsFile);
    expect(page).toBe(renderSettingsList());
    for (const [command, table] of Object.entries(optionTables)) {
      for (const option of Object.values(table)) {
        if (option.env === undefined) continue;
        const section = new RegExp(
          `^## ${option.env}\n\nFlag \`--${option.flag}\\b[^\n]*\nRead by [^\n]*\\[msgapi ${command}\\]`,
          'm',
        );
        expect(page, `${option.env} (msgapi ${command})`).toMatch(section);
      }
    }
  });
});
