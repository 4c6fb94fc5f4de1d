// In a GitHub Actions job (GITHUB_ACTIONS=true): one `::error` annotation per gating failure, shown
// on the run's page and beside the suite file, and a Markdown summary of the verdict appended to the
// file $GITHUB_STEP_SUMMARY names. Both read the run's one verdict; neither ever holds a token (the
// messages and reproductions write $ACCESS_TOKEN, never its value).
import { appendFileSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { isGatingBlock, isGatingFailure, verdictOf } from '../conformance/run/verdict.ts';
import type { CheckResult, ConformanceReport } from '../conformance/run/check-result.ts';

/** Escapes of a workflow command's message, and further of its properties (docs: workflow commands). */
const escapeData = (text: string) => text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
const escapeProperty = (text: string) => escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');

export const gatingProblems = (report: ConformanceReport): CheckResult[] =>
  report.checks.filter((check) => isGatingFailure(check) || isGatingBlock(check));

/** One `::error file=…,title=…::…` line per failed or blocked gating check. `fileOf` names its suite file. */
export function githubAnnotations(report: ConformanceReport, fileOf: (id: string) => string | undefined): string[] {
  return gatingProblems(report).map((check) => {
    const file = fileOf(check.id);
    const title = `${check.id} ${check.status} [${check.level}]`;
    const message = `${check.title}\n${check.message ?? check.status}`;
    return `::error ${file ? `file=${escapeProperty(file)},` : ''}title=${escapeProperty(title)}::${escapeData(message)}`;
  });
}

const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, '<br>');

/** The step summary: the verdict, what ran, and a table of the checks that failed the run. */
export function stepSummaryMarkdown(report: ConformanceReport): string {
  const verdict = verdictOf(report);
  const problems = gatingProblems(report);
  const counts = (status: string) => report.checks.filter((check) => check.status === status).length;
  return [
    `## msgapi check: ${verdict.outcome}`,
    '',
    `| verdict | checks | passed | failed | blocked | skipped | seed |`,
    `|---|---|---|---|---|---|---|`,
    `| **${verdict.outcome}** | ${cell(verdict.scope.description)} | ${counts('passed')} | ${counts('failed') + counts('flaky')} | ${counts('blocked')} | ${counts('skipped')} | ${report.seed} |`,
    '',
    ...verdict.reasons.map((reason) => `- ${cell(reason)}`),
    ...(problems.length === 0
      ? []
      : [
          '',
          '| failed check | level | status | message |',
          '|---|---|---|---|',
          ...problems.map(
            (check) => `| \`${check.id}\` | ${check.level} | ${check.status} | ${cell(check.message ?? '')} |`,
          ),
        ]),
    '',
  ].join('\n');
}

/**
 * A file as an annotation names it: relative to the workspace, and only when it is one of the
 * user's own there. The suite's files of an installed msgapi (node_modules, or outside the
 * checkout) are not: GitHub would point at a file the repository does not have.
 */
export function workspaceFile(absolute: string, workspace: string | undefined): string | undefined {
  if (workspace === undefined || workspace === '') return undefined;
  const inside = relative(workspace, absolute);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  if (inside.split(sep).includes('node_modules')) return undefined;
  return inside.split(sep).join('/');
}

/** What `msgapi check` does in a GitHub Actions job; nothing elsewhere. `fileOf` gives a check's suite file as an absolute path. */
export function reportToGithub(
  report: ConformanceReport,
  fileOf: (id: string) => string | undefined,
  say: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): void {
  if (env.GITHUB_ACTIONS !== 'true') return;
  const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
  const inWorkspace = (id: string) => {
    const file = fileOf(id);
    return file === undefined ? undefined : workspaceFile(file, workspace);
  };
  for (const line of githubAnnotations(report, inWorkspace)) say(line);
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${stepSummaryMarkdown(report)}\n`);
}
