// reports/index.html, opened from disk in chromium as a reader would open it. The conformance part
// is a real report (test/fixtures/conformance-report.json: a faulty reference server's run, with a
// gating failure, a blocked check, a skipped one and two shrunk counterexamples), to which the test
// adds what --repeat and --expectations bring: a flaky check, a known failure, an unexpected pass.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGatingFailure, summarize } from '../../../conformance/run/build-report.ts';
import type { CheckResult, ConformanceReport, ServerChoice } from '../../../conformance/run/check-result.ts';
import { compareRuns, type ComparisonGrid } from '../../../reporting/comparison.ts';
import { renderIndexHtml, writeIndexHtml } from '../../../reporting/conformance-html/index-html.ts';
import type { LoadReport } from '../../../load/load-report.ts';
import { canvasStates, openPage, skipBrowserTests, type OpenedPage } from '../../helpers/browser.ts';
import { hostileText, syntheticLoadReport } from '../../helpers/load-report-fixture.ts';
import { testOutput } from '../../helpers/test-output.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const recorded = JSON.parse(
  readFileSync(new URL('../../fixtures/conformance-report.json', import.meta.url), 'utf8'),
) as ConformanceReport;

const gatingFailure = 'conversations.update.others-unchanged';
const blocked = 'auth.missing-header.rejected';
const skipped = 'groups.update.contacts-semantics';
const modelCheck = 'model.sequence.agrees-with-model';
const propertyCheck = 'properties.create.accepted-returned-exactly';
const flaky = 'groups.list.pagination';
const knownFailure = 'conversations.create.defaults';
const knownReason = 'BUG-2231: contact_id is dropped on create; fixed in 2.4';
const conventionFailure = 'conversations.retrieve.unknown-id-404';
const unexpectedPass = 'groups.list.limit';

const flakyCurl = `curl -sS -i -X GET 'http://127.0.0.1:38517/v1/groups?limit=2&starting_after=grp_4be1' -H 'Accept: application/json' -H "Authorization: Bearer $ACCESS_TOKEN"`;
const flakyMessage = [
  'flaky: the result changed between attempts (1: passed, 2: failed, 3: passed); a race in the server, or in the suite. Attempt 2:',
  'Expected: §4.2: every group exactly once across the pages',
  `Received: grp_4be1 on pages 1 and 2; its name: ${hostileText}`,
  'Exchange:',
  'GET http://127.0.0.1:38517/v1/groups?limit=2&starting_after=grp_4be1',
  `  answered: 200 {"has_more":true,"data":[{"id":"grp_4be1","name":"${hostileText}"}]}`,
  'Reproduce:',
  flakyCurl,
].join('\n');

/** The recorded run as --repeat 3 --expectations would have reported it. */
function conformanceReport(): ConformanceReport {
  const checks = recorded.checks.map((check): CheckResult => {
    const attempts = [check.status, check.status, check.status];
    if (check.id === flaky)
      return {
        ...check,
        status: 'flaky',
        attempts: ['passed', 'failed', 'passed'],
        message: flakyMessage,
        reproduction: flakyCurl,
      };
    if (check.id === knownFailure) return { ...check, attempts, expected_failure: knownReason };
    if (check.id === conventionFailure) {
      const message = 'Expected: 404 for an id that does not exist\nReceived: 400';
      return {
        ...check,
        status: 'failed',
        gating: false,
        attempts,
        message,
        reproduction: `curl -sS -i -X GET 'http://127.0.0.1:38517/v1/conversations/conv_none' -H "Authorization: Bearer $ACCESS_TOKEN"`,
      };
    }
    return { ...check, attempts };
  });
  const expectations = {
    file: 'expectations.json',
    expected: [knownFailure],
    new_failures: checks.filter(isGatingFailure).map((check) => check.id),
    unexpected_passes: [unexpectedPass],
  };
  const server_choices: ServerChoice[] = [
    { point: 'BODY_ENCODING', reading: 'form', source: 'declared' },
    {
      point: 'PAGINATION',
      reading: 'cursor:cursor:next_cursor',
      source: 'detected',
      evidence: 'GET /v1/conversations?limit=1 gave a; ?limit=1&cursor=Mg gave b, the second item of ?limit=2',
    },
    {
      point: 'DELETE_STATUS',
      reading: '204',
      source: 'observed',
      evidence: 'DELETE /v1/groups/<id> answered 204, with no body',
    },
  ];
  return { ...recorded, checks, ...summarize(checks), repeat: 3, expectations, server_choices };
}

/** The same server before the fault: everything passed that could. */
function passingRun(report: ConformanceReport): ConformanceReport {
  const checks = report.checks.map((check): CheckResult =>
    check.status === 'skipped' ? check : { ...check, status: 'passed', message: null, reproduction: null },
  );
  // Before, the suite walked pages with its default way: the comparison marks the point that differs.
  const server_choices = report.server_choices!.map((choice): ServerChoice =>
    choice.point === 'PAGINATION' ? { point: 'PAGINATION', reading: 'starting_after', source: 'default' } : choice,
  );
  return { ...report, started_at: '2026-11-21T18:02:11.000Z', checks, ...summarize(checks), server_choices };
}

const conformance = conformanceReport();
const load: LoadReport = syntheticLoadReport();
const comparison: ComparisonGrid = compareRuns(
  [passingRun(conformance), conformance],
  ['runs/before/conformance.json', 'runs/after/conformance.json'],
);
const check = (id: string) => conformance.checks.find((c) => c.id === id)!;

describe.skipIf(skipBrowserTests)('index.html in chromium', () => {
  let dir: string;
  let opened: OpenedPage;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'index-html-'));
    const file = join(dir, 'index.html');
    writeIndexHtml({ conformance, load, comparison }, file);
    opened = await openPage(file, { viewport: { width: 1280, height: 900 } });
    await opened.page.screenshot({ path: testOutput('index.png'), fullPage: true });
  });

  afterAll(async () => {
    await opened?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const card = (id: string) => opened.page.locator(`#failures article[data-check="${id}"]`);

  it('index.html.server-choices — what this server chose: each open point with its reading, where it came from and the evidence; compared runs side by side, the differing point marked', async () => {
    const rows = await opened.page
      .locator('#choices table.choices tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual(
      conformance.server_choices!.map((choice) => [choice.point, choice.reading, choice.source, choice.evidence ?? '']),
    );
    expect(await opened.page.locator('#choices').isVisible()).toBe(true);
    const compared = await opened.page.locator('table.choices-grid tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        point: tr.getAttribute('data-point'),
        differs: tr.classList.contains('differs'),
        cells: [...tr.querySelectorAll('td')].slice(2).map((td) => td.textContent),
      })),
    );
    expect(compared).toContainEqual({
      point: 'PAGINATION',
      differs: true,
      cells: ['starting_after (default)', 'cursor:cursor:next_cursor (detected)'],
    });
    expect(compared).toContainEqual({
      point: 'BODY_ENCODING',
      differs: false,
      cells: ['form (declared)', 'form (declared)'],
    });
  });

  it('index.html.offline — the page requests nothing but file:// URLs', () => {
    const elsewhere = opened.requests.filter((url) => !url.startsWith('file://'));
    expect(
      elsewhere,
      `Received requests off the disk: ${elsewhere.join(', ')}\nExpected: none, the page must open with no network`,
    ).toEqual([]);
    expect(opened.requests.length, 'Expected at least the page itself to be requested').toBeGreaterThan(0);
  });

  it('index.html.no-errors — the page logs no console error and throws nothing', () => {
    expect(opened.errors, `Received: ${opened.errors.join('\n')}`).toEqual([]);
  });

  it('index.html.header — the verdict, the counts, the seed with its replay line and the expectations outcome', async () => {
    const header = opened.page.locator('header.run');
    expect(await header.locator('.verdict').getAttribute('data-verdict')).toBe('failed');
    for (const status of ['passed', 'failed', 'skipped', 'blocked', 'flaky', 'gating_failed'] as const) {
      const shown = await header.locator(`.tile[data-count="${status}"] .number`).innerText();
      expect(Number(shown.replace(/,/g, '')), `the ${status} tile`).toBe(conformance.summary[status]);
    }
    const facts = await header.locator('dl.facts').innerText();
    expect(facts).toContain(conformance.target.url);
    expect(facts).toContain('replay with SEED=42');
    expect(facts).toContain(conformance.started_at);
    expect(await header.locator('[data-variant="repeat"]').innerText()).toContain('every check ran 3 times');
    expect(await header.locator('[data-outcome="unexpected"]').innerText()).toContain(unexpectedPass);
    expect(await header.locator('[data-outcome="new"]').innerText()).toContain(gatingFailure);
    expect(await header.locator('[data-outcome="expected"]').innerText()).toContain(knownReason);
  });

  it('index.html.section-matrix — each section shows the counts of its checks, a check citing several sections under each', async () => {
    const rows = await opened.page.locator('table.matrix tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        section: tr.getAttribute('data-section'),
        counts: Object.fromEntries(
          [...tr.querySelectorAll('td[data-status]')].map((td) => [
            td.getAttribute('data-status'),
            td.textContent === '·' ? 0 : Number(td.textContent),
          ]),
        ),
        chips: tr.querySelectorAll('.chip').length,
      })),
    );
    expect(rows.map((row) => row.section)).toEqual(Object.keys(conformance.sections));
    for (const row of rows) {
      const counts = conformance.sections[row.section!]!;
      expect(row.counts, `counts of ${row.section}`).toEqual(counts);
      expect(row.chips, `chips of ${row.section}`).toBe(Object.values(counts).reduce((sum, n) => sum + n, 0));
    }
    for (const section of ['§3', '§4.1', '§4.2']) {
      const cell = opened.page.locator(
        `details.section[data-section="${section}"] tr[data-check="${modelCheck}"] .status`,
      );
      expect(await cell.getAttribute('data-status'), `${modelCheck} under ${section}`).toBe('failed');
      expect(await cell.isVisible(), `${section} has a failure, so it is unfolded`).toBe(true);
    }
    expect(
      await opened.page.locator('details.section[data-section="§8"]').getAttribute('open'),
      '§8 has nothing wrong: folded',
    ).toBeNull();
    const flakyCell = opened.page.locator(`details.section[data-section="§4.3"] tr[data-check="${flaky}"]`);
    expect(await flakyCell.innerText()).toContain('flaky');
    expect(await flakyCell.innerText()).toContain('attempts: passed, failed, passed');
    const known = opened.page.locator(`details.section[data-section="§2.1"] tr[data-check="${knownFailure}"]`);
    expect(await known.innerText()).toContain('failed, expected');
    expect(await known.innerText()).toContain('known failure');
  });

  it('index.html.failure — a gating failure shows Expected beside Received, the exchange and the curl reproduction', async () => {
    const failure = card(gatingFailure);
    expect(await failure.isVisible()).toBe(true);
    expect(await failure.locator('.side-expected pre').innerText()).toBe(
      '§4.1: "Fields not given are unchanged" after a PUT of archived_at alone',
    );
    expect(await failure.locator('.side-received pre').innerText()).toBe('is_muted: expected true, received false');
    expect(await failure.locator('.exchange pre').innerText()).toMatch(
      /^PUT http:\/\/127\.0\.0\.1:38517\/v1\/conversations\/conv_/,
    );
    expect(await failure.locator('pre.curl').innerText()).toBe(check(gatingFailure).reproduction);
    expect(await failure.locator('.meta').innerText()).toContain('gating');
    const group = await failure.evaluate(
      (element) => element.closest('.failure-group')!.querySelector('h3')!.textContent,
    );
    expect(group).toContain('Gating failures');
  });

  it('index.html.copy — the Copy button copies the curl command, or selects it when the clipboard is refused', async () => {
    const button = card(gatingFailure).locator('button.copy');
    await button.click();
    // The clipboard answers asynchronously: wait for the button to say what happened.
    await opened.page.waitForFunction((element) => element?.textContent !== 'Copy', await button.elementHandle(), {
      timeout: 5_000,
    });
    expect(await button.innerText()).toMatch(/^(Copied|Selected: press Ctrl\+C)$/);
  });

  it('index.html.blocked-flaky-expected — blocked, flaky and known failures say what they are', async () => {
    const blockedCard = card(blocked);
    expect(await blockedCard.getAttribute('data-status')).toBe('blocked');
    expect(await blockedCard.locator('.note a').getAttribute('href')).toBe(`#check-${knownFailure}`);
    expect(await blockedCard.locator('pre.curl').innerText()).toBe(check(blocked).reproduction);

    const attempts = await card(flaky)
      .locator('.attempts li .status')
      .evaluateAll((spans) => spans.map((span) => span.getAttribute('data-status')));
    expect(attempts).toEqual(['passed', 'failed', 'passed']);

    const known = card(knownFailure);
    expect(await known.locator('.known').innerText()).toContain(knownReason);
    expect(await known.locator('header .status').innerText()).toContain('failed, expected');

    expect(await card(conventionFailure).locator('.meta').innerText()).toContain('reported only');
  });

  it('index.html.counterexample — each property and model counterexample has its steps, their curl commands and the replay seed', async () => {
    for (const id of [modelCheck, propertyCheck]) {
      const shown = opened.page.locator(`#counterexamples article[data-check="${id}"]`);
      expect(await shown.isVisible(), `${id} has a counterexample`).toBe(true);
      expect(await shown.locator('.replay-line').innerText()).toContain('SEED=42');
      const steps = await shown.locator('.steps').innerText();
      expect(steps).toMatch(/^1\. /);
      expect(await shown.locator('.steps pre.curl').first().innerText()).toMatch(/^curl -sS -i -X POST /);
    }
    expect(
      await opened.page.locator(`#counterexamples article[data-check="${modelCheck}"] pre.value`).innerText(),
    ).toContain('UpdateConversation(#0, {"is_muted":true})');
    expect(
      await opened.page.locator(`#counterexamples article[data-check="${modelCheck}"] .steps li`).nth(2).innerText(),
    ).toContain('3. UpdateConversation(#0, {})');
    expect(await card(modelCheck).locator('.see-counterexample a').getAttribute('href')).toBe(
      `#counterexample-check-${modelCheck}`,
    );
    // The case alone: the run's command with that check and the case the failure printed.
    expect(
      await opened.page
        .locator(`#counterexamples article[data-check="${modelCheck}"] .case-alone code.replay`)
        .innerText(),
    ).toBe(`npx msgapi check --only ${modelCheck} --replay 42@0:2:3@BA:D`);
  });

  it('index.html.skipped — a skipped check is listed, folded, with its reason', async () => {
    const item = opened.page.locator(`#skipped li[data-check="${skipped}"]`);
    expect(await item.locator('.reason').textContent()).toBe(check(skipped).message);
    expect(await opened.page.locator('#skipped details').getAttribute('open')).toBeNull();
  });

  it('index.html.load-charts — the load section draws every measured scenario with Chart.js', async () => {
    const canvases = await canvasStates(opened.page, '#load canvas');
    const measured = load.scenarios.filter((scenario) => scenario.skipped === null).map((scenario) => scenario.name);
    expect(canvases.map((c) => c.name).sort()).toEqual(
      measured.flatMap((name) => [`latency-chart ${name}`, `rps-chart ${name}`]).sort(),
    );
    for (const canvas of canvases) {
      expect(canvas.points, `${canvas.name}: no chart bound, or an empty dataset`).toEqual(
        expect.arrayContaining([expect.any(Number)]),
      );
      expect(
        canvas.points!.every((n) => n > 0),
        `${canvas.name}: an empty dataset`,
      ).toBe(true);
      expect(canvas.painted, `${canvas.name}: ${canvas.painted} painted pixels of ${canvas.pixels}`).toBeGreaterThan(
        canvas.pixels / 100,
      );
    }
    expect(await opened.page.locator('#load .verdict').getAttribute('data-verdict')).toBe('failed');
  });

  it('index.html.comparison — the changed check is marked and shown, the unchanged ones behind the toggle', async () => {
    const changed = opened.page.locator(`#comparison tr[data-check="${gatingFailure}"]`);
    expect(await changed.getAttribute('data-changed')).toBe('true');
    expect(await changed.isVisible()).toBe(true);
    expect(await changed.locator('.changed-mark').innerText()).toBe('changed');
    expect(
      await changed.locator('.status').evaluateAll((spans) => spans.map((span) => span.getAttribute('data-status'))),
    ).toEqual(['passed', 'failed']);
    const unchanged = opened.page.locator('#comparison tr[data-check="groups.create.defaults"]');
    expect(await unchanged.getAttribute('data-changed')).toBe('false');
    expect(await unchanged.isVisible(), 'unchanged rows are hidden at first').toBe(false);
    await opened.page.locator('#show-all-rows').check();
    expect(await unchanged.isVisible(), 'the toggle shows every row').toBe(true);
    await opened.page.locator('#show-all-rows').uncheck();
    expect(await opened.page.locator('#comparison tr.changed').count()).toBe(comparison.changed);
  });

  it('index.html.escaped — <script> in a message is shown as text, never run', async () => {
    expect(await card(flaky).locator('.side-received pre').innerText()).toContain(hostileText);
    expect(
      await opened.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    // Ours: #load-charts, Chart.js, the drawing script, the copy buttons' script.
    expect(await opened.page.locator('script').count()).toBe(4);
  });
});

describe('index.html without load', () => {
  const newDir = tempDirs('msgapi-index-html-');
  const html = renderIndexHtml({ conformance });

  it('index.html.no-chart-js — a page with no load section carries no Chart.js and no canvas', () => {
    expect(html).not.toContain('Chart.js v');
    expect(html).not.toContain('<canvas');
    expect(html).not.toContain('id="load"');
    expect(html).toContain(`data-check="${gatingFailure}"`);
  });

  it('index.html.escaped-text — report text is escaped in the markup itself', () => {
    expect(html).not.toContain(hostileText);
    expect(html).toContain('&lt;script&gt;window.__injected = true&lt;/script&gt;');
  });

  it.skipIf(skipBrowserTests)('index.html.conformance-only — opens cleanly with no Chart.js loaded', async () => {
    const file = join(newDir(), 'index.html');
    writeIndexHtml({ conformance }, file);
    const page = await openPage(file);
    try {
      expect(page.errors).toEqual([]);
      expect(await page.page.evaluate(() => 'Chart' in window)).toBe(false);
      expect(await page.page.locator('#failures article').count()).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });
});
