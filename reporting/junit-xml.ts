// reports/junit.xml, written from the report's verdict so that CI reads what the exit code says:
// only the checks the run selected are test cases; a failure is a <failure> only when it fails the
// run (a gating failure or block, a known failure that now passes); a failure that does not gate
// is a passed test case that says so; every skipped case carries its reason; an interrupted or
// broken run adds one <error> case. (vitest's own JUnit reporter knows none of this.)
import { writeFileSync } from 'node:fs';
import type { CheckResult, ConformanceReport } from '../conformance/run/check-result.ts';
import { isGatingBlock, isGatingFailure, isNonGatingFailure, verdictOf } from '../conformance/run/verdict.ts';
import { leftOutByInterruption } from './interruption.ts';

// XML 1.0 allows neither most control characters nor lone surrogates, in text or in attributes.
const notXml =
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot hold, control characters among them
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string | number): string =>
  String(text)
    .replace(notXml, '\uFFFD')
    .replace(/[&<>"']/g, (char) => entities[char]!);

const attributes = (values: Record<string, string | number>): string =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${xml(value)}"`)
    .join('');

const firstLine = (text: string | null): string => (text ?? '').split('\n')[0]!.slice(0, 300);

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function body(check: CheckResult, report: ConformanceReport): string {
  const full = [check.message, check.reproduction ? `Reproduce:\n${check.reproduction}` : null]
    .filter(Boolean)
    .join('\n');
  if (isGatingFailure(check))
    return `<failure${attributes({ type: check.status === 'flaky' ? 'flaky' : 'gating failure', message: firstLine(check.message) })}>${xml(full)}</failure>`;
  if (isGatingBlock(check))
    return `<failure${attributes({ type: 'blocked', message: `blocked: ${firstLine(check.message)}` })}>${xml(full)}</failure>`;
  if (report.expectations?.unexpected_passes.includes(check.id)) {
    const message = `listed as a known failure in ${report.expectations.file}, but passed: remove it from the file`;
    return `<failure${attributes({ type: 'now passing', message })}>${xml(message)}</failure>`;
  }
  if (check.status === 'skipped') return `<skipped${attributes({ message: firstLine(check.message) || 'skipped' })}/>`;
  if (check.status === 'blocked') {
    const why = check.expected_failure !== undefined ? `a known block (${check.expected_failure})` : 'not gating';
    return `<skipped${attributes({ message: `blocked, ${why}: ${firstLine(check.message)}` })}/>`;
  }
  if (check.expected_failure !== undefined)
    return `<system-out>${xml(`known failure (${check.expected_failure}), not gating:\n${full}`)}</system-out>`;
  if (isNonGatingFailure(check)) return `<system-out>${xml(`non-gating ${check.level} failure: ${full}`)}</system-out>`;
  if (report.expectations?.not_found?.includes(check.id))
    return `<system-out>${xml(`listed as a known failure, not found with seed ${report.seed} (a notice: whether a generated check finds it depends on the seed)`)}</system-out>`;
  return '';
}

function testCase(check: CheckResult, report: ConformanceReport): string {
  const classname = `msgapi.${check.id.split('.').slice(0, 2).join('.')}`;
  const inner = body(check, report);
  const open = `<testcase${attributes({ name: `${check.id} — ${check.title}`, classname, time: seconds(check.duration_ms) })}`;
  return inner === '' ? `${open}/>` : `${open}>${inner}</testcase>`;
}

export function renderJunitXml(report: ConformanceReport): string {
  const verdict = verdictOf(report);
  const cases = report.checks.map((check) => testCase(check, report));
  if (verdict.outcome === 'INTERRUPTED' || verdict.outcome === 'ERROR') {
    const message = `${verdict.outcome}: ${verdict.reasons[0] ?? ''}`;
    const leftOut = leftOutByInterruption(report);
    const text = [...verdict.reasons, ...(leftOut === undefined ? [] : [`The run was interrupted: ${leftOut}`])].join(
      '\n',
    );
    cases.push(
      `<testcase${attributes({ name: 'msgapi run', classname: 'msgapi.run', time: seconds(report.duration_ms) })}><error${attributes({ type: verdict.outcome, message })}>${xml(text)}</error></testcase>`,
    );
  }
  const failures = cases.filter((entry) => entry.includes('<failure')).length;
  const errors = cases.filter((entry) => entry.includes('<error')).length;
  const skipped = cases.filter((entry) => entry.includes('<skipped')).length;
  const properties: Record<string, string | number> = {
    outcome: verdict.outcome,
    scope: verdict.scope.description,
    'scope.kind': verdict.scope.kind,
    'scope.selected': verdict.scope.selected,
    'scope.total': verdict.scope.total,
    seed: report.seed,
    target: report.target.url,
    ...(report.replay ? { replay: report.replay } : {}),
    ...Object.fromEntries(
      Object.entries(report.settings ?? {})
        .filter(([, value]) => value !== null)
        .map(([key, value]) => [`setting.${key}`, Array.isArray(value) ? value.join(',') : String(value)]),
    ),
  };
  const propertyLines = [
    ...Object.entries(properties).map(([name, value]) => `      <property${attributes({ name, value })}/>`),
    ...verdict.reasons.map((reason) => `      <property${attributes({ name: 'reason', value: reason })}/>`),
    ...verdict.notices.map((notice) => `      <property${attributes({ name: 'notice', value: notice })}/>`),
  ];
  const counts = { tests: cases.length, failures, errors, skipped, time: seconds(report.duration_ms) };
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites${attributes({ name: 'msgapi conformance', ...counts })}>
  <testsuite${attributes({ name: 'msgapi conformance', timestamp: report.started_at, hostname: report.target.url, ...counts })}>
    <properties>
${propertyLines.join('\n')}
    </properties>
${cases.map((entry) => `    ${entry}`).join('\n')}
  </testsuite>
</testsuites>
`;
}

export function writeJunitXml(report: ConformanceReport, file: string): void {
  writeFileSync(file, renderJunitXml(report));
}
