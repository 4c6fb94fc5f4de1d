// The conformance result by spec section: a matrix of counts (which sections are in trouble, at
// a glance), then each section's checks. A check citing two sections appears under both, as the
// report's own section counts have it.
import type { CheckResult, CheckStatus, StatusCounts } from '../../conformance/run/check-result.ts';
import { escapeHtml, formatCount } from '../page-kit/format.ts';
import { bySectionNumber, sectionTitle } from './section-titles.ts';
import { checkAnchor, gatingWords, levelBadge, sectionAnchor, statusBadge, statusChip, statusOrder } from './status.ts';

interface Section {
  name: string;
  checks: CheckResult[];
  counts: StatusCounts;
}

const troubled = (counts: StatusCounts) => counts.failed + counts.flaky + counts.blocked > 0;

function groupBySection(checks: readonly CheckResult[]): Section[] {
  const sections = new Map<string, Section>();
  for (const check of checks) {
    for (const name of check.spec) {
      const section = sections.get(name) ?? {
        name,
        checks: [],
        counts: { passed: 0, failed: 0, skipped: 0, blocked: 0, flaky: 0 },
      };
      section.checks.push(check);
      section.counts[check.status] += 1;
      sections.set(name, section);
    }
  }
  return [...sections.values()].sort((a, b) => bySectionNumber(a.name, b.name));
}

/** Problems first within a section, then by id, so the eye lands on what failed. */
const byAttention = (a: CheckResult, b: CheckResult) =>
  statusOrder.indexOf(a.status) - statusOrder.indexOf(b.status) || a.id.localeCompare(b.id);

function sectionName(name: string): string {
  const title = sectionTitle(name);
  return `${escapeHtml(name)}${title ? ` <span class="section-title">${escapeHtml(title)}</span>` : ''}`;
}

function countCell(status: CheckStatus, count: number): string {
  return `<td class="num count s-${status}${count === 0 ? ' zero' : ''}" data-status="${status}">${count === 0 ? '·' : formatCount(count)}</td>`;
}

function overview(sections: Section[]): string {
  const head = statusOrder.map((status) => `<th class="num">${statusBadge(status)}</th>`).join('');
  const rows = sections
    .map((section) => {
      const chips = [...section.checks].sort(byAttention).map(statusChip).join('');
      return `<tr data-section="${escapeHtml(section.name)}"${troubled(section.counts) ? ' class="troubled"' : ''}><th scope="row"><a href="#${sectionAnchor(section.name)}">${sectionName(section.name)}</a></th>${statusOrder.map((status) => countCell(status, section.counts[status])).join('')}<td class="chips">${chips}</td></tr>`;
    })
    .join('\n');
  return `<table class="matrix"><thead><tr><th>Section</th>${head}<th>Checks</th></tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function checkRow(check: CheckResult): string {
  const link =
    check.status === 'passed'
      ? `<code>${escapeHtml(check.id)}</code>`
      : `<a href="#${checkAnchor(check.id)}"><code>${escapeHtml(check.id)}</code></a>`;
  const attempts =
    check.attempts && check.status === 'flaky'
      ? `<div class="attempts-inline">attempts: ${escapeHtml(check.attempts.join(', '))}</div>`
      : '';
  return `<tr data-check="${escapeHtml(check.id)}" data-status="${check.status}"><td>${statusBadge(check)}</td><td>${link}<div class="check-title">${escapeHtml(check.title)}</div>${attempts}</td><td>${levelBadge(check.level)}</td><td>${gatingWords(check)}</td></tr>`;
}

// Fixed column widths, so the tables of every section line up one under the other.
const columns = '<colgroup><col class="c-status"><col><col class="c-level"><col class="c-gating"></colgroup>';
const head = '<thead><tr><th>Status</th><th>Check</th><th>Level</th><th>Gating</th></tr></thead>';
const checksTable = (checks: CheckResult[], withHead: boolean) =>
  `<table class="checks">${columns}${withHead ? head : ''}<tbody>\n${checks.map(checkRow).join('\n')}\n</tbody></table>`;

function sectionDetails(section: Section): string {
  const summary = statusOrder
    .filter((status) => section.counts[status] > 0)
    .map((status) => `${section.counts[status]} ${status}`)
    .join(', ');
  const sorted = [...section.checks].sort(byAttention);
  const problems = sorted.filter((check) => check.status !== 'passed');
  const passed = sorted.filter((check) => check.status === 'passed');
  // The passed checks of a section with problems fold away under them, so the problems stand out.
  const body =
    problems.length === 0 || passed.length === 0
      ? checksTable(sorted, true)
      : `${checksTable(problems, true)}<details class="passed-rows"><summary>${passed.length} passed check${passed.length === 1 ? '' : 's'}</summary>${checksTable(passed, false)}</details>`;
  // A section with nothing wrong stays folded: it would only push the failures further down.
  return `<details class="section" id="${sectionAnchor(section.name)}" data-section="${escapeHtml(section.name)}"${troubled(section.counts) ? ' open' : ''}>
<summary><span class="section-name">${sectionName(section.name)}</span> <span class="section-counts">${section.checks.length} check${section.checks.length === 1 ? '' : 's'}: ${summary}</span></summary>
${body}
</details>`;
}

export function sectionMatrix(checks: readonly CheckResult[]): string {
  const sections = groupBySection(checks);
  return `<section id="sections" class="block">
<h2>By spec section</h2>
<p class="lead">Each section of the spec with the checks that enforce it; a check citing two sections counts in both. Sections with a failure are unfolded below.</p>
${overview(sections)}
<div class="section-list">
${sections.map(sectionDetails).join('\n')}
</div>
</section>`;
}
