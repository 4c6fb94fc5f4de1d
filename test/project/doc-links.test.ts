// The docs have a front door (issue 25): README.md is short, and every link goes somewhere. A
// relative link in any Markdown file of the repository names a file (or folder) that exists, and
// an anchor one of its headings; a link in a Markdown file the package ships (README.md, docs/)
// names a file the package ships too, since that is all a user of the installed package has.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { headingAnchor } from '../../tools/docs/markdown-text.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const README_MOST_LINES = 200;

/** Every Markdown file of the repository: not what is installed, built or written by runs. */
function markdownFiles(folder = '.'): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder === '.' ? entry.name : posix.join(folder, entry.name);
    if (entry.isDirectory())
      return ['node_modules', '.git', 'dist', '.test-output'].includes(entry.name) ? [] : markdownFiles(path);
    if (folder === 'reports' && entry.name !== 'README.md') return [];
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const withoutBlocks = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
/** Markdown without code: fenced blocks and code spans hold no links. */
const withoutCode = (markdown: string) => withoutBlocks(markdown).replace(/`[^`\n]*`/g, '');

/** The relative links (and images) of a Markdown file, as written: `path`, `path#anchor` or `#anchor`. */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

/** The anchors GitHub gives a file's headings, a repeated one numbered (-1, -2, ...). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutBlocks(markdown)
    .replace(/`/g, '')
    .matchAll(/^#{1,6} (.+)$/gm)) {
    const anchor = headingAnchor(heading!);
    const count = seen.get(anchor) ?? 0;
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return anchors;
}

/** A link resolved against the file it is in: the path from the root, and the anchor. */
function resolveLink(file: string, target: string): { path: string; anchor: string | undefined } {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  return {
    path: path === '' ? file : posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(path))),
    anchor,
  };
}

const exists = (path: string) => statSync(join(root, path), { throwIfNoEntry: false }) !== undefined;

describe('the docs have a front door', () => {
  it(`README.md has at most ${README_MOST_LINES} lines`, () => {
    expect(read('README.md').split('\n').length - 1).toBeLessThanOrEqual(README_MOST_LINES);
  });

  it("README.md links the users' docs: guides, reference and explanation", () => {
    const links = relativeLinks(read('README.md')).map((target) => resolveLink('README.md', target).path);
    for (const folder of ['docs/guides/', 'docs/reference/', 'docs/explanation/']) {
      const pages = markdownFiles(folder.slice(0, -1));
      expect(
        pages.filter((page) => !links.includes(page)),
        `pages of ${folder} the README does not link`,
      ).toEqual([]);
    }
  });

  it('every relative link in a Markdown file of the repository names a file that exists, and an anchor it has', () => {
    const problems: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of relativeLinks(read(file))) {
        const { path, anchor } = resolveLink(file, target);
        if (!exists(path)) problems.push(`${file} links ${target}: no ${path}`);
        else if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(read(path)).has(anchor))
          problems.push(`${file} links ${target}: ${path} has no heading #${anchor}`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('in the package', () => {
    let shipped: string[] = [];

    beforeAll(() => {
      // What npm pack would put in the tarball (package.json `files`), listed without packing;
      // --ignore-scripts leaves out the build, so dist/ is listed only when it was built, and no
      // link of the docs goes there.
      const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          npm_config_update_notifier: 'false',
          npm_config_fund: 'false',
          npm_config_audit: 'false',
        },
      });
      const [entry] = JSON.parse(output.slice(output.indexOf('['))) as Array<{ files: Array<{ path: string }> }>;
      shipped = entry!.files.map((file) => file.path);
    }, 120_000);

    it('ships README.md and the docs it links', () => {
      expect(shipped).toContain('README.md');
      expect(shipped).toContain('docs/guides/production-targets.md');
      expect(shipped).toContain('docs/reference/commands.md');
    });

    it('every relative link in a Markdown file the package ships names a file the package ships', () => {
      const problems: string[] = [];
      const ships = (path: string) => shipped.includes(path) || shipped.some((file) => file.startsWith(`${path}/`));
      for (const file of shipped.filter((path) => path.endsWith('.md'))) {
        for (const target of relativeLinks(read(file))) {
          const { path } = resolveLink(file, target);
          if (!ships(path)) problems.push(`${file} links ${target}, which the package does not ship (${path})`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
