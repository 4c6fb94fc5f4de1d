// The GitHub Actions example users copy: it must parse, gate on the right jobs, keep the token in
// secrets, run every msgapi step through the repository's own action (action.yml), and use only
// commands and options that msgapi has.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/run-cli.ts';

const file = new URL('../../examples/github-actions/conformance-gate.yml', import.meta.url);
type Step = { run?: string; uses?: string; with?: Record<string, string> };
type Workflow = {
  jobs: Record<string, { steps: Step[]; needs?: string; strategy?: { matrix: Record<string, unknown[]> } }>;
};

/** The steps that run msgapi: this repository's action, whatever copy and ref the user names. */
const msgapiSteps = (workflow: Workflow): Step[] =>
  Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .filter((step) => /\/msgapi-conformance@/.test(step.uses ?? ''));

describe('examples/github-actions/conformance-gate.yml', () => {
  const text = readFileSync(file, 'utf8');
  const workflow = parse(text) as Workflow;
  const steps = msgapiSteps(workflow);

  it('shards the conformance run, merges the parts, runs the load gate, each through the action, and uploads the reports', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['conformance', 'report', 'load']);
    expect(workflow.jobs.conformance!.strategy!.matrix.shard).toEqual([1, 2, 3]);
    expect(workflow.jobs.report!.needs).toBe('conformance');
    expect(steps.map((step) => step.with?.command ?? 'check')).toEqual(['check', 'merge', 'load']);
    // The action uploads what each step wrote, under a name of its own.
    expect(steps.map((step) => step.with?.['artifact-name'])).toEqual([
      'conformance-shard-${{ matrix.shard }}',
      'conformance-report',
      'load-report',
    ]);
    expect(text).not.toMatch(/run: .*msgapi/);
  });

  it('takes tokens from secrets only', () => {
    for (const step of steps) {
      for (const [name, value] of Object.entries(step.with ?? {})) {
        if (name.endsWith('token')) expect(value, name).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/);
      }
    }
    expect(text).not.toMatch(/--access-token/);
  });

  it('uses only options that each msgapi command has', async () => {
    for (const step of steps) {
      const command = step.with?.command ?? 'check';
      const flags = [...(step.with?.args ?? '').matchAll(/(?:^|\s)(--[a-z-]+)/g)].map((match) => match[1]!);
      expect(flags.length, command).toBeGreaterThan(0);
      const help = await runCli([command, '--help']);
      expect(help.code, command).toBe(0);
      for (const flag of flags) expect(help.stdout, `${command} ${flag}`).toContain(flag);
    }
  });
});
