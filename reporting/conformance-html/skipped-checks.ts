// Skipped checks with their reasons: folded, since a skip is a choice of configuration (an
// undeclared option, --read-only), not a finding about the server.
import type { CheckResult } from '../../conformance/run/check-result.ts';
import { escapeHtml } from '../page-kit/format.ts';
import { checkAnchor, levelBadge } from './status.ts';

export function skippedChecks(checks: readonly CheckResult[]): string {
  const skipped = checks.filter((check) => check.status === 'skipped');
  if (skipped.length === 0) return '';
  const items = skipped
    .map(
      (
        check,
      ) => `<li id="${checkAnchor(check.id)}" data-check="${escapeHtml(check.id)}"><div><code>${escapeHtml(check.id)}</code> <span class="meta">${escapeHtml(check.spec.join(', '))} ${levelBadge(check.level)}</span></div>
<div class="check-title">${escapeHtml(check.title)}</div><div class="reason">${escapeHtml(check.message ?? 'no reason given')}</div></li>`,
    )
    .join('\n');
  return `<section id="skipped" class="block">
<details class="skipped-list"><summary><h2>Skipped (${skipped.length})</h2> <span class="lead">why each did not run</span></summary>
<ul>
${items}
</ul>
</details>
</section>`;
}
