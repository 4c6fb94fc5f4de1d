// The HTML load report, opened from disk in chromium as a reader would open it: it must work with
// no network, draw every chart, show the figures and the verdict, and keep report text as text.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLoadHtml } from '../../../reporting/load/load-html.ts';
import { canvasStates, openPage, skipBrowserTests, type OpenedPage } from '../../helpers/browser.ts';
import { hostileText, skippedReason, syntheticLoadReport } from '../../helpers/load-report-fixture.ts';
import { testOutput } from '../../helpers/test-output.ts';

const report = syntheticLoadReport();
const measured = ['conversations.list', 'groups.list'];

describe.skipIf(skipBrowserTests)('load report HTML in chromium', () => {
  let dir: string;
  let opened: OpenedPage;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'load-html-'));
    const file = join(dir, 'load.html');
    writeLoadHtml(report, file);
    opened = await openPage(file, { viewport: { width: 1280, height: 900 } });
    await opened.page.screenshot({ path: testOutput('load-report.png'), fullPage: true });
  });

  afterAll(async () => {
    await opened?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const section = (name: string) => opened.page.locator(`section.scenario[data-scenario="${name}"]`);

  it('load.html.offline — the page requests nothing but file:// URLs', () => {
    const elsewhere = opened.requests.filter((url) => !url.startsWith('file://'));
    expect(
      elsewhere,
      `Received requests off the disk: ${elsewhere.join(', ')}\nExpected: none, the page must open with no network`,
    ).toEqual([]);
    expect(opened.requests.length, 'Expected at least the page itself to be requested').toBeGreaterThan(0);
  });

  it('load.html.no-errors — the page logs no console error and throws nothing', () => {
    expect(opened.errors, `Received: ${opened.errors.join('\n')}`).toEqual([]);
  });

  it('load.html.charts-drawn — every measured scenario has a latency and a rps chart, bound to Chart.js, with data and painted pixels', async () => {
    const canvases = await canvasStates(opened.page);
    const expected = measured.flatMap((scenario) =>
      ['latency-chart', 'rps-chart'].map((kind) => `${kind} ${scenario}`),
    );
    expect(canvases.map((c) => `${c.kind} ${c.scenario}`).sort()).toEqual(expected.sort());
    for (const canvas of canvases) {
      const where = `canvas.${canvas.kind}[data-scenario="${canvas.scenario}"]`;
      expect(canvas.points, `${where}: no Chart.js chart is bound to it`).not.toBeNull();
      expect(canvas.points!.length, `${where}: the chart has no datasets`).toBeGreaterThan(0);
      expect(
        canvas.points!.every((points) => points > 0),
        `${where}: a dataset is empty (${canvas.points!.join(', ')} points)`,
      ).toBe(true);
      // Axes, labels and lines: well over 1% of the canvas once drawn; a blank canvas has none.
      expect(canvas.painted, `${where}: ${canvas.painted} painted pixels of ${canvas.pixels}`).toBeGreaterThan(
        canvas.pixels / 100,
      );
    }
  });

  it('load.html.latency-models — the latency chart of a scenario run in both models has one line per model', async () => {
    const labels = await opened.page.evaluate(() => {
      const { Chart } = window as unknown as {
        Chart: { getChart(canvas: HTMLCanvasElement): { data: { datasets: Array<{ label: string }> } } | undefined };
      };
      const canvas = document.querySelector<HTMLCanvasElement>(
        'canvas.latency-chart[data-scenario="conversations.list"]',
      )!;
      return Chart.getChart(canvas)?.data.datasets.map((dataset) => dataset.label);
    });
    expect(labels).toEqual(['closed model (10 connections)', 'open model (250 req/s offered)']);
  });

  it('load.html.p99 — the figures table shows p99 in ms for each model', async () => {
    const p99 = section('conversations.list').locator('tr[data-figure="p99"]');
    expect(await p99.locator('td[data-model="closed"]').innerText()).toBe('12.5 ms');
    expect(await p99.locator('td[data-model="open"]').innerText()).toBe('8 ms');
  });

  it('load.html.verdict — a failed run says FAILED and lists its failures', async () => {
    const verdict = opened.page.locator('.verdict');
    expect(await verdict.isVisible()).toBe(true);
    expect(await verdict.getAttribute('data-verdict')).toBe('failed');
    const text = await verdict.innerText();
    expect(text).toContain('FAILED');
    for (const failure of report.verdict.failures) expect(text).toContain(failure);
  });

  it('load.html.gates — each gate shows pass or fail', async () => {
    const results = await opened.page
      .locator('table.gates tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-passed')));
    expect(results).toEqual(report.gates.map((gate) => String(gate.passed)));
  });

  it('load.html.skipped — a skipped scenario shows its reason and no chart', async () => {
    const skipped = section('conversations.search');
    expect(await skipped.locator('.skipped').isVisible()).toBe(true);
    expect(await skipped.locator('.skipped').innerText()).toContain(skippedReason);
    expect(await skipped.locator('canvas').count()).toBe(0);
  });

  it("load.html.generator-bound — a generator-bound model is flagged as the generator's limit", async () => {
    const cell = section('groups.list').locator('tr[data-figure="bottleneck"] td[data-model="closed"]');
    expect(await cell.getAttribute('class')).toContain('warning');
    expect(await cell.innerText()).toBe("generator-bound: this is the generator's limit, not the server's");
    expect(await section('groups.list').locator('.generator-bound').isVisible()).toBe(true);
  });

  it('load.html.escaped — report text holding <script> is shown as text, not run', async () => {
    const problem = section('groups.list').locator('.problems li');
    expect(await problem.innerText()).toContain(hostileText);
    expect(
      await opened.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    ).toBeUndefined();
    // Ours: #load-data, #load-charts, Chart.js, the drawing script.
    expect(await opened.page.locator('script').count()).toBe(4);
  });

  it('load.html.embedded-data — #load-data holds the report itself', async () => {
    const embedded = await opened.page.locator('#load-data').textContent();
    expect(JSON.parse(embedded ?? 'null')).toEqual(report);
  });
});
