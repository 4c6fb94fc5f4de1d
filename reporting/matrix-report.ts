// reports/matrix.json and reports/matrix.md: per fault the checks that caught it, per variant
// passed or failed, and the matrix score (the faults caught).
import type { MatrixOutcome } from '../conformance/matrix/outcome.ts';

export interface MatrixReport extends MatrixOutcome {
  generated_at: string;
  duration_ms: number;
  requests: number;
  /** msgapi matrix --checks: only these checks ran (what they catch alone), and property runs each. */
  checks?: { selected: string[]; property_runs: number };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMatrixMarkdown(report: MatrixReport): string {
  const { caught, faults, score } = report.matrix_score;
  const variantsPassed = report.variants.filter((variant) => variant.passed).length;
  const lines = [
    '# The matrix: the conformance suite against seeded faults and valid variants',
    '',
    `Generated ${report.generated_at} by \`msgapi matrix\` in ${(report.duration_ms / 1000).toFixed(1)} s (${report.requests} requests).`,
    '',
    ...(report.checks
      ? [
          `Only the checks ${report.checks.selected.join(', ')} ran (\`--checks\`), with ${report.checks.property_runs} property run(s): what they catch alone.`,
          '',
        ]
      : []),
    `- **Matrix score: ${caught}/${faults} faults caught (${(score * 100).toFixed(1)}%).** Each fault is a reference server with one sentence of the spec broken; the suite must fail it.`,
    `- **Valid variants: ${variantsPassed}/${report.variants.length} passed.** Each variant makes another choice the spec leaves open; the suite must pass it.`,
    '',
    '## Faults',
    '',
    '| fault | section | breaks | caught by |',
    '|---|---|---|---|',
    ...report.faults.map(
      (fault) =>
        `| \`${fault.name}\` | ${fault.section} | ${cell(fault.breaks)} | ${fault.caught ? fault.caught_by.map((id) => `\`${id}\``).join(', ') : '**NOT CAUGHT**'} |`,
    ),
    '',
    '## Valid variants',
    '',
    '| variant | what it does | result |',
    '|---|---|---|',
    ...report.variants.map(
      (variant) =>
        `| \`${variant.name}\` | ${cell(variant.description)} | ${variant.passed ? 'passed' : `**FAILED**: ${cell(variant.problems.join('; '))}`}${variant.skipped.length ? ` (skipped: ${variant.skipped.join(', ')})` : ''} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
