// Every doc written by hand (the READMEs of the tree, CONTRIBUTING.md and the pages of docs/) says
// only what the code does (STYLE.md, habit 9): the files a run writes (reports/README.md) are the
// files real runs write, every `msgapi <command>` and `--flag` is in that command's --help, every
// path a doc links or names exists, every source file of load/ and reference/ is named in its
// folder's README, the docs' figures are a real run's within a tolerance, and every MSGAPI_* error
// code is one lib/core/errors.ts describes. (CONTRIBUTING.md's Layout section is checked by
// test/project/import-graph.test.ts; the generated pages of docs/ by test/project/generated-docs.test.ts.)
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { faultNames, faults } from '../../reference/faults/registry.ts';
import { errorCodes } from '../../lib/core/errors.ts';
import { variants } from '../../reference/variants/registry.ts';
import { runCli } from '../helpers/run-cli.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
// The folders that hold the code (the floors of README.md's Layout, test/project/import-graph.test.ts).
const codeFolders = ['lib', 'reference', 'harness', 'suites', 'conformance', 'load', 'reporting', 'app'];

function walk(folder: string, keep: (path: string) => boolean, skip = new Set(['node_modules', '.git'])): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder === '.' ? entry.name : posix.join(folder, entry.name);
    if (entry.isDirectory()) return skip.has(entry.name) ? [] : walk(path, keep, skip);
    return keep(path) ? [path] : [];
  });
}

/** A page `npm run docs` writes says so at its top ("Generated from ..."); it is in step by construction. */
const generated = (path: string) => /^Generated from /m.test(read(path).split('\n').slice(0, 4).join('\n'));
const docs = [
  ...walk('.', (path) => basename(path) === 'README.md', new Set(['node_modules', '.git', 'test'])),
  'CONTRIBUTING.md',
  ...walk('docs', (path) => path.endsWith('.md') && !generated(path)),
];
/** Every hand-written doc as one text, its whitespace made single spaces: where a figure is stated. */
const allDocs = () => docs.map((path) => read(path).replace(/\s+/g, ' ')).join(' ');

/** Markdown without its fenced code blocks, and the lines of those blocks. */
function split(markdown: string): { prose: string; codeLines: string[] } {
  const codeLines: string[] = [];
  const prose = markdown.replace(/^```[^\n]*\n([\s\S]*?)^```$/gm, (_, code: string) => {
    codeLines.push(...code.split('\n'));
    return '';
  });
  return { prose, codeLines };
}

const codeSpans = (prose: string) => [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

/**
 * Code spans and code-block lines: where a README writes commands. Other tools' commands (curl,
 * wrk) are theirs, and a command the README shows being refused ("`msgapi load --strict`: exit 2") is meant to be wrong.
 */
function commandTexts(markdown: string): string[] {
  const { prose, codeLines } = split(markdown);
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)]
    .filter((match) => !/exit 2/.test(prose.slice(match.index + match[0].length, match.index + match[0].length + 20)))
    .map((match) => match[1]!);
  return [...spans, ...codeLines].filter(
    (text) => !/\b(curl|wrk|vitest|k6|gatling|artillery(@[\d.]+)?|node --[a-z-]+)\b/i.test(text),
  );
}

/** Table rows of the first table after a heading line matching `heading`. */
function tableRows(markdown: string, heading?: RegExp): string[][] {
  const start = heading ? markdown.search(heading) : 0;
  const lines = markdown.slice(Math.max(start, 0)).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const spans = (cell: string) => codeSpans(cell);
/** `ledger-<run id>.jsonl` and `ledger-<run>.jsonl` name the same file. */
const placeholders = (name: string) => name.replace(/<[^>]*>/g, '<>');

describe('docs in step with the code', () => {
  const help = new Map<string, string>();
  const written = new Map<string, string[]>();
  let report: { requests: number; checks: unknown[] };
  const newDir = tempDirs('msgapi-docs-', 'all');
  let work: string;

  beforeAll(async () => {
    work = newDir();
    // Each command in a folder of its own, with the defaults: its files land in <folder>/reports/.
    const run = async (name: string, args: string[]) => {
      const cwd = join(work, name.replace(/ /g, '-'));
      mkdirSync(cwd);
      const result = await runCli(args, {}, cwd);
      expect(result.code, `msgapi ${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
      written.set(name, readdirSync(join(cwd, 'reports')).sort());
      return join(cwd, 'reports');
    };
    const main = await runCli(['--help'], {}, work);
    help.set('', main.stdout);
    const commands = [...main.stdout.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((match) => match[1]!);
    const helps = await Promise.all(
      [...commands, 'load merge', 'load export', 'load import'].map(
        async (command) => [command, (await runCli([...command.split(' '), '--help'], {}, work)).stdout] as const,
      ),
    );
    for (const [command, text] of helps) help.set(command, text);

    // Seed 1, as the README's figures are: the model check's request count moves with the seed.
    const check = await run('check', ['check', '--seed', '1']);
    report = JSON.parse(readFileSync(join(check, 'conformance.json'), 'utf8')) as typeof report;
    const load = await run('load', [
      'load',
      '--conversations',
      '20',
      '--groups',
      '4',
      '--duration',
      '1',
      '--warmup',
      '0',
      '--rate',
      '50',
      '--scenarios',
      'conversations.default',
    ]);
    await run('load merge', ['load', 'merge', join(load, 'load.json'), join(load, 'load.json')]);
    await run('compare', ['compare', join(check, 'conformance.json'), join(check, 'conformance.json')]);
    await run('matrix', ['matrix', '--only', faultNames[0]!]);
  });

  it('finds the hand-written docs, and none of the generated ones', () => {
    expect(docs).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'load/README.md',
        'reports/README.md',
        'reference/README.md',
        'reference/faults/README.md',
        'docs/guides/load.md',
        'docs/explanation/safety.md',
      ]),
    );
    expect(docs).not.toContain('docs/checks.md');
    expect(docs).not.toContain('docs/reference/commands.md');
  });

  it('reports/README.md lists exactly the files each msgapi command writes', () => {
    const rows = tableRows(read('reports/README.md'));
    for (const [command, files] of written) {
      const listed = rows
        .filter(([, writers]) => spans(writers ?? '').includes(`msgapi ${command}`))
        .flatMap(([names]) => spans(names ?? ''))
        .filter((name) => !name.includes('<'));
      expect(files, `msgapi ${command} wrote ${files.join(', ')}; reports/README.md says ${listed.join(', ')}`).toEqual(
        listed.sort(),
      );
    }
  });

  it("reports/README.md's other files are written: the ledger by the runs, the rest by npm test", () => {
    const code = codeFolders
      .flatMap((folder) => walk(folder, (path) => path.endsWith('.ts')))
      .map(read)
      .join('\n');
    const tests = [...walk('test', (path) => path.endsWith('.ts')), 'vitest.config.ts'].map(read).join('\n');
    for (const [names, writers] of tableRows(read('reports/README.md'))) {
      for (const name of spans(names ?? '')) {
        if (name.includes('<')) {
          const pattern = new RegExp(
            placeholders(name)
              .split('<>')
              .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
              .join('\\$\\{[^}]+\\}[^`]*'),
          );
          expect(code, `${name}: no template in the code writes it`).toMatch(pattern);
        } else if (spans(writers ?? '').includes('npm test')) {
          expect(tests, `${name}: neither test/ nor vitest.config.ts writes it`).toContain(`${name}'`);
        }
      }
    }
  });

  it('every reports/ file a README names is in the table of reports/README.md', () => {
    const known = new Set(
      tableRows(read('reports/README.md'))
        .flatMap(([names]) => spans(names ?? ''))
        .map(placeholders),
    );
    for (const readme of docs) {
      for (const [, name] of read(readme).matchAll(/`reports\/([^`\s]+)`/g)) {
        expect(known.has(placeholders(name!)) || name === 'README.md', `${readme} names reports/${name}`).toBe(true);
      }
    }
  });

  it("every `msgapi <command>` and --flag a doc writes is in that command's --help", () => {
    const anyHelp = [...help.values()].join('\n');
    const problems: string[] = [];
    // The record of the mutants quotes mutated code (`--seq`) and the mutation tools' own flags.
    for (const readme of docs.filter((path) => path !== 'docs/mutation-triage.md')) {
      for (const text of commandTexts(read(readme))) {
        // A benchmark's flags are its own (tools/bench/): what it runs of msgapi, it runs with msgapi's.
        if (/\bnpm run (?:-s )?bench:/.test(text)) continue;
        // Flags after "msgapi <command>" are that command's; flags on their own are some command's.
        const parts = text.split(/\bmsgapi (?=[a-z])/);
        parts.forEach((part, index) => {
          const command = index === 0 ? undefined : /^(load (?:merge|export|import)|[a-z]+)/.exec(part)![1]!;
          if (command !== undefined && !help.has(command)) problems.push(`${readme}: msgapi ${command} is no command`);
          const own = command === undefined ? anyHelp : (help.get(command) ?? '');
          for (const [flag] of part.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)) {
            if (!new RegExp(`${flag}(?![\\w-])`).test(own))
              problems.push(`${readme}: ${command ? `msgapi ${command} ` : ''}${flag} (in \`${text.trim()}\`)`);
          }
        });
      }
    }
    expect(problems, 'Flags and commands that no --help shows').toEqual([]);
  });

  it('every relative path a doc links or names exists', () => {
    const reportFiles = new Set(tableRows(read('reports/README.md')).flatMap(([names]) => spans(names ?? '')));
    const problems: string[] = [];
    const exists = (path: string) => {
      try {
        statSync(join(root, path));
        return true;
      } catch {
        return false;
      }
    };
    const everyFile = walk('.', () => true);
    for (const readme of docs) {
      const folder = dirname(readme);
      const markdown = read(readme);
      const { prose } = split(markdown);
      // A folder's README names the files of its folder; README.md, CONTRIBUTING.md and the pages
      // of docs/ name the repository's.
      const under = folder === '.' || folder.startsWith('docs') ? everyFile : walk(folder, () => true);
      for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = posix.normalize(posix.join(folder, target!.replace(/#.*$/, '')));
        if (!exists(path)) problems.push(`${readme} links ${target}`);
      }
      const ancestors = folder
        .split('/')
        .map((_, index, parts) => parts.slice(0, parts.length - index).join('/'))
        .concat('.');
      for (const token of codeSpans(prose)) {
        // A path: a file with one of our extensions, or a folder (ending in /); no spaces, placeholders or globs.
        if (
          !/^[\w.-]+(\/[\w.-]+)*\/?$/.test(token) ||
          !(token.endsWith('/') || /\.(ts|mjs|md|json|jsonl|ya?ml|sh|png|html|xml)$/.test(token))
        )
          continue;
        // Report files are checked against reports/README.md; .github/workflows/ is in the user's
        // repository; .test-output/ is made by npm test (a fresh clone has none yet).
        if (
          token.startsWith('reports/') ||
          reportFiles.has(token) ||
          token.startsWith('.github/') ||
          token.startsWith('.test-output/')
        )
          continue;
        const found =
          ancestors.some((ancestor) => exists(posix.join(ancestor, token))) ||
          under.some((path) => `/${path}`.includes(`/${token}`));
        if (!found) problems.push(`${readme} names ${token}`);
      }
    }
    expect(problems, 'Paths that do not exist').toEqual([]);
  });

  it('every source file of load/ and reference/ is named in the README of its folder', () => {
    const scopes: Array<{ readmes: string[]; folder: string; except?: string }> = [
      { readmes: ['load/README.md'], folder: 'load' },
      { readmes: ['reference/README.md'], folder: 'reference', except: 'reference/faults/' },
      { readmes: ['reference/faults/README.md'], folder: 'reference/faults' },
    ];
    const problems: string[] = [];
    for (const scope of scopes) {
      const files = walk(
        scope.folder,
        (path) => /\.(ts|mjs)$/.test(path) && !(scope.except && path.startsWith(scope.except)),
      );
      const named = new Set(scope.readmes.flatMap((readme) => codeSpans(split(read(readme)).prose)));
      for (const file of files) {
        const path = relative(scope.folder, file);
        const name = basename(file);
        const uniqueName = files.filter((other) => basename(other) === name).length === 1;
        if (!named.has(path) && !(uniqueName && named.has(name)))
          problems.push(`${file} is not named in ${scope.readmes.join(' or ')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the docs' figures for a conformance run are a real run's: the checks exactly, the requests within 15 %", () => {
    const readme = allDocs();
    const stated = /a conformance run makes (\d+) checks with about ([\d,]+) requests with seed 1/.exec(readme);
    expect(stated, 'no doc says "a conformance run makes N checks with about N requests with seed 1"').not.toBeNull();
    expect(Number(stated![1]), `checks in a run: ${report.checks.length}`).toBe(report.checks.length);
    const counts = [
      stated![2]!,
      ...[...readme.matchAll(/about ([\d,]+) for a full run/g)].map((match) => match[1]!),
    ].map((text) => Number(text.replace(/,/g, '')));
    for (const count of counts) {
      expect(
        Math.abs(count - report.requests) / report.requests,
        `a doc says about ${count} requests; this run made ${report.requests}`,
      ).toBeLessThanOrEqual(0.15);
    }
  });

  it("the docs' score names every seeded fault and every valid variant", () => {
    expect(read('docs/explanation/proving-the-suite.md')).toContain(
      `**${faults.size}/${faults.size} faults caught, ${variants.size}/${variants.size} variants passed**`,
    );
  });

  it('every MSGAPI_* error code in the code is one of lib/core/errors.ts, with its meaning', () => {
    const sources = [...codeFolders, 'tools', 'bin'].flatMap((folder) =>
      walk(folder, (path) => /\.(ts|mjs)$/.test(path)),
    );
    const unknown = sources.flatMap((file) =>
      [...read(file).matchAll(/'(MSGAPI_[A-Z_]+)'/g)]
        .map((match) => match[1]!)
        .filter((code) => !(code in errorCodes))
        .map((code) => `${file}: ${code}`),
    );
    expect(unknown, 'codes missing from errorCodes in lib/core/errors.ts').toEqual([]);
  });
});
