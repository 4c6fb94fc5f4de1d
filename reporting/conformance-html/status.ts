// How a check's status reads on the page: a glyph and a word beside the colour, so that the
// page reads the same to someone who cannot tell red from green, and when printed in grey.
import type { CheckLevel } from '../../harness/checks/define-check.ts';
import type { CheckResult, CheckStatus } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';

/** The order the page lists statuses in: what needs attention first. */
export const statusOrder: readonly CheckStatus[] = ['failed', 'flaky', 'blocked', 'skipped', 'passed'];

const glyphs: Record<CheckStatus, string> = { passed: '✓', failed: '✗', flaky: '≈', blocked: '⊘', skipped: '–' };

/** A check id as an HTML id: ids are [a-z0-9.-] today, but the page must not depend on it. */
export const checkAnchor = (id: string): string => `check-${id.replace(/[^A-Za-z0-9._-]/g, '_')}`;

/** `§4.1` → `section-4.1`. */
export const sectionAnchor = (section: string): string => `section-${section.replace(/[^A-Za-z0-9.]/g, '')}`;

/** A status, or a check's status with "expected" when the expectations file lists it as a known failure. */
export function statusBadge(status: CheckStatus | CheckResult): string {
  const check = typeof status === 'string' ? undefined : status;
  const value = check?.status ?? (status as CheckStatus);
  const expected = check?.expected_failure !== undefined;
  const classes = `status s-${value}${expected ? ' expected' : ''}`;
  const words = expected ? `${value}, expected` : value;
  return `<span class="${classes}" data-status="${value}"${expected ? ' data-expected="true"' : ''}><span class="glyph" aria-hidden="true">${glyphs[value]}</span> ${words}</span>`;
}

/** A square in the section matrix: one per check, its glyph inside, its id and status on hover. */
export function statusChip(check: CheckResult): string {
  const expected = check.expected_failure !== undefined;
  const label = `${check.id}: ${check.status}${expected ? ' (expected)' : ''}`;
  const attributes = `class="chip s-${check.status}${expected ? ' expected' : ''}" title="${escapeHtml(label)}" aria-label="${escapeHtml(label)}"`;
  // A passed check has no detail further down to jump to.
  if (check.status === 'passed') return `<span ${attributes}>${glyphs.passed}</span>`;
  return `<a ${attributes} href="#${checkAnchor(check.id)}">${glyphs[check.status]}</a>`;
}

export function levelBadge(level: CheckLevel): string {
  return `<span class="level level-${level}">${level}</span>`;
}

/** Whether a result can fail the run, in words; an expected failure says why it does not. */
export function gatingWords(check: CheckResult): string {
  if (check.expected_failure !== undefined) return '<span class="gating no">known failure</span>';
  return check.gating ? '<span class="gating yes">gating</span>' : '<span class="gating no">reported only</span>';
}
