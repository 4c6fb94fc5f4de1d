// Opens a page in Debian's chromium through playwright-core, for tests of the HTML reports. Each
// page records every request it makes and every console error, so a test can prove a report is
// self-contained and runs cleanly.
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';

export const chromiumAvailable = existsSync(chromiumPath);

/**
 * For describe.skipIf: a developer without chromium skips the browser tests, but CI runs them, so
 * a CI image that lost its chromium fails loudly instead of passing with the tests skipped.
 */
export const skipBrowserTests = !chromiumAvailable && !process.env.CI;

const launchArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export async function launchChromium(): Promise<Browser> {
  if (!chromiumAvailable) {
    throw new Error(
      `chromium is not installed at ${chromiumPath}; the HTML report tests need it (apt-get install chromium).`,
    );
  }
  return chromium.launch({ executablePath: chromiumPath, args: launchArgs });
}

export interface OpenedPage {
  page: Page;
  /** Every URL the page requested, the document itself included, in order. */
  requests: string[];
  /** Console errors and uncaught exceptions, as text. */
  errors: string[];
  close: () => Promise<void>;
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
}

/** A file path (absolute, or relative to the working directory) or a URL. Waits for the load event. */
export async function openPage(fileOrUrl: string, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const url =
    /^[a-z][a-z0-9+.-]*:/i.test(fileOrUrl) && !isAbsolute(fileOrUrl)
      ? fileOrUrl
      : pathToFileURL(resolve(fileOrUrl)).href;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: options.viewport ?? { width: 1280, height: 900 } });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await page.goto(url, { waitUntil: 'load' });
    return { page, requests, errors, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

export interface CanvasState {
  /** The canvas's class and scenario, as `latency-chart conversations.default`. */
  name: string;
  kind: string;
  scenario: string | undefined;
  /** Points per dataset of the Chart.js chart bound to it; null when none is. */
  points: number[] | null;
  /** Pixels drawn on (alpha above 0); a canvas nothing was drawn on has none. */
  painted: number;
  pixels: number;
}

/** Every canvas under `selector`, with its chart and how much of it was drawn. */
export function canvasStates(page: Page, selector = 'canvas'): Promise<CanvasState[]> {
  return page.evaluate((within) => {
    const { Chart } = window as unknown as {
      Chart?: { getChart(canvas: HTMLCanvasElement): { data: { datasets: Array<{ data: unknown[] }> } } | undefined };
    };
    return [...document.querySelectorAll<HTMLCanvasElement>(within)].map((canvas) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted += 1;
      const chart = Chart?.getChart(canvas);
      return {
        name: `${canvas.className} ${canvas.dataset.scenario}`,
        kind: canvas.className,
        scenario: canvas.dataset.scenario,
        points: chart ? chart.data.datasets.map((dataset) => dataset.data.length) : null,
        painted,
        pixels: canvas.width * canvas.height,
      };
    });
  }, selector);
}
