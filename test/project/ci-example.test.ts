// The GitHub Actions example users copy: it must parse, gate on the right jobs, keep the token in
// secrets, and use only commands and options that msgapi has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/run-cli.ts';

const file = new URL('../../examples/github-actions/conformance-gate.yml', import.meta.url);
type Step = { run?: string; uses?: string; env?: Record<string, string> };
type Workflow = {
  jobs: Record<string, { steps: Step[]; needs?: string; strategy?: { matrix: Record<string, unknown[]> } }>;
};

describe('examples/github-actions/conformance-gate.yml', () => {
  const text = readFileSync(file, 'utf8');
  const workflow = parse(text) as Workflow;
  const runs = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .filter((step) => step.run?.includes('msgapi.mjs'));

  it('shards the conformance run, merges the parts, runs the load gate, and uploads the reports', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['conformance', 'report', 'load']);
    expect(workflow.jobs.conformance!.strategy!.matrix.shard).toEqual([1, 2, 3]);
    expect(workflow.jobs.report!.needs).toBe('conformance');
    const commands = runs.map((step) => /msgapi\.mjs (\w+)/.exec(step.run!)![1]);
    expect(commands).toEqual(['check', 'merge', 'load']);
    expect(
      Object.values(workflow.jobs)
        .flatMap((job) => job.steps)
        .filter((step) => step.uses?.startsWith('actions/upload-artifact')),
    ).toHaveLength(3);
  });

  it('takes tokens from secrets only', () => {
    for (const step of runs) {
      for (const [name, value] of Object.entries(step.env ?? {})) {
        if (name.endsWith('TOKEN')) expect(value, name).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      }
    }
    expect(text).not.toMatch(/--access-token/);
  });

  it('uses only options that each msgapi command has', async () => {
    for (const step of runs) {
      const [, command] = /msgapi\.mjs (\w+)/.exec(step.run!)!;
      const flags = [...step.run!.matchAll(/\s(--[a-z-]+)/g)].map((match) => match[1]!);
      const help = await runCli([command!, '--help']);
      expect(help.code, command).toBe(0);
      for (const flag of flags) expect(help.stdout, `${command} ${flag}`).toContain(flag);
    }
  });
});
