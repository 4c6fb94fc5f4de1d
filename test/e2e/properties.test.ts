// The property and model-based suites: their generators come from schemas/; --replay's refusals;
// --depth's settings. The model's searches run whole in CI: test/ci/model-searches.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCommandOptions } from '../../app/cli/commands/check.ts';
import { invalidParams, missingRequired, validParams } from '../../harness/properties/schema-arbitraries.ts';
import { schemaDocument, validateAgainst, type SchemaName } from '../../lib/api/schemas/registry.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-model-');

const paramSchemas: SchemaName[] = [
  'conversation-create.params',
  'conversation-update.params',
  'group-create.params',
  'group-update.params',
  'conversation-list.params',
  'group-list.params',
];

describe('arbitraries derived from schemas/', () => {
  it.each(paramSchemas)('%s: every generated value is valid, and every property of the schema is generated', (name) => {
    const samples = fc.sample(validParams(name), { numRuns: 200, seed: 42 });
    for (const sample of samples) expect(validateAgainst(name, sample).problems).toEqual([]);
    const generatedKeys = new Set(samples.flatMap((sample) => Object.keys(sample)));
    const properties = Object.keys((schemaDocument(name) as { properties: object }).properties);
    expect([...generatedKeys].sort()).toEqual(properties.sort());
  });

  it.each(paramSchemas.flatMap((name) => (['form', 'json'] as const).map((encoding) => [name, encoding] as const)))(
    '%s in %s: every invalid value breaks the schema',
    (name, encoding) => {
      for (const { params, why } of fc.sample(invalidParams(name, encoding), { numRuns: 200, seed: 7 })) {
        expect(validateAgainst(name, params).valid, why).toBe(false);
      }
    },
  );

  it('leaves out a required parameter, and the schema says so', () => {
    for (const { params } of fc.sample(missingRequired('group-create.params'), { numRuns: 50, seed: 3 })) {
      expect(validateAgainst('group-create.params', params).problems).toContain(
        'group-create.params.name is required (rule: required; found: absent)',
      );
    }
  });
});

describe('--replay', () => {
  // Refused before any request: the target is a port nothing listens on.
  const refused = (args: string[]) =>
    runCli(['check', ...args], { BASE_URL: 'http://127.0.0.1:1', ACCESS_TOKEN: 'model-token-a' });

  it('--replay takes a case as a failure printed it, and one generated check', async () => {
    const [malformed, many, named, noCommands] = await Promise.all([
      refused(['--only', 'model.sequence.agrees-with-model', '--replay', '7']),
      refused(['--only', 'model.,properties.', '--replay', '7@0:1']),
      refused(['--only', 'conversations.create.defaults', '--replay', '7@0:1']),
      refused(['--only', 'model.sequence.agrees-with-model', '--replay', '7@0:1']),
    ]);
    expect([malformed.code, many.code, named.code, noCommands.code]).toEqual([2, 2, 2, 2]);
    expect(noCommands.stderr).toContain('lacks the @COMMANDS part');
    expect(malformed.stderr).toContain('is not a counterexample');
    expect(many.stderr).toMatch(
      /--replay runs one property or model-based check's counterexample: .* \(it selects \d+ checks\)/,
    );
    expect(named.stderr).toContain('(it selects conversations.create.defaults)');
  });
});

describe('--depth thorough', () => {
  it('tries five times the cases and gives a property ten minutes, unless PROPERTY_RUNS and PROPERTY_TIME_BUDGET_MS say otherwise', () => {
    const options = (argv: string[]) => {
      const mapped = checkCommandOptions(['--embedded', ...argv], { env: {}, cwd: newDir() });
      if (mapped === 'help') throw new Error('help');
      return [mapped.options.propertyRuns, mapped.options.propertyTimeBudgetMs, mapped.options.depth];
    };
    expect(options([])).toEqual([10, 60_000, 'default']);
    expect(options(['--depth', 'thorough'])).toEqual([50, 600_000, 'thorough']);
    expect(options(['--depth', 'thorough', '--property-runs', '2', '--property-time-budget-ms', '5000'])).toEqual([
      2,
      5_000,
      'thorough',
    ]);
  });
});
