// Edges of the command line a new user meets (issue 26, part 7): a reader of its output that goes
// away (`msgapi check --list | head -3`), and a settings file with lines that set nothing.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEntry, inheritedTmpdir, runCli, trackChild } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-cli-edges-');

/** The command with its stdout a pipe whose reader has gone before the command writes to it. */
function runWithStdoutClosed(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = trackChild(
      spawn(process.execPath, [cliEntry(), ...args], {
        cwd: newDir(),
        env: { PATH: process.env.PATH ?? '', ...inheritedTmpdir(), NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    // Closing the read end now: every write of the command to stdout meets EPIPE, as after `| head -3`.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('a reader of stdout that goes away', () => {
  it('check --list ends quietly: exit 0 and no stack trace', async () => {
    const result = await runWithStdoutClosed(['check', '--list']);
    expect(result.stderr).not.toContain('EPIPE');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.code, result.stderr).toBe(0);
    // What goes to stderr is still said.
    expect(result.stderr).toMatch(/^\d+ of \d+ checks selected\.$/m);
  });

  it('--help (printed by console.log) ends quietly too', async () => {
    const result = await runWithStdoutClosed(['load', '--help']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('a settings file with lines that set nothing', () => {
  it('is warned of in one line naming the file and the line numbers, never a value', async () => {
    const cwd = newDir();
    writeFileSync(join(cwd, '.env'), '# mine\nSEED=5\nghp_pastedsecret0123456789\n\nBASE URL = http://x\n');
    const result = await runCli(['check', '--list', '--only', 'conversations.create.defaults'], {}, cwd);
    expect(result.code, result.stderr).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.includes('warning'));
    expect(warnings).toEqual([
      'msgapi: warning: .env lines 3, 5 are not NAME=value, a comment or blank, and were ignored.',
    ]);
    expect(result.stderr + result.stdout).not.toContain('ghp_');
  });
});
