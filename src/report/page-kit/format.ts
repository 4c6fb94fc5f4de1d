// Text for the HTML load report: escaping, and figures in the units a reader thinks in
// (latencies in ms with three significant digits, rates per second, CPU as a share of a core).
import type { Bottleneck } from '../../../load/cpu.ts';

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every string from a report goes through here: names, URLs and problems are not ours. */
export const escapeHtml = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => htmlEntities[c]!);

/** JSON inside <script>: a "</" would end the element early and "<!--" would change how it is parsed. */
/**
 * The head of every static report page. The policy forbids loading anything from anywhere: the
 * pages open from disk, and inline scripts and styles are all they have.
 */
export function staticPageHead(title: string, css: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>`;
}

export const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/<\//g, '<\\/').replace(/<!--/g, '\\u003c!--');

const grouped = (value: number, fractionDigits = 0): string =>
  value.toLocaleString('en-US', { maximumFractionDigits: fractionDigits, minimumFractionDigits: 0 });

/** µs as ms: 737 → "0.737 ms", 90_200 → "90.2 ms", 1_234_567 → "1,235 ms". */
export function formatMs(us: number): string {
  const ms = us / 1000;
  if (ms === 0) return '0 ms';
  if (ms >= 100) return `${grouped(Math.round(ms))} ms`;
  return `${String(Number(ms.toPrecision(3)))} ms`;
}

export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? grouped(Math.round(perSecond)) : grouped(perSecond, 1);
}

export const formatCount = (count: number): string => grouped(count);

export function formatBytesPerSecond(bytes: number): string {
  const units = ['B/s', 'kB/s', 'MB/s', 'GB/s'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${String(Number(value.toPrecision(3)))} ${units[unit]}`;
}

/** CPU shares are fractions of one core; a Node generator can use one core at most. */
export const formatCpu = (share: number | null): string =>
  share === null ? 'not measured (not a process on this machine)' : `${Math.round(share * 100)}% of a core`;

export function formatStatuses(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0 ? 'none' : entries.map(([status, count]) => `${status}: ${formatCount(count)}`).join(' · ');
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export const bottleneckWords: Record<Bottleneck, { text: string; warning: boolean }> = {
  generator: { text: "generator-bound: this is the generator's limit, not the server's", warning: true },
  server: { text: 'server-bound: the server was the busy side', warning: false },
  neither: { text: 'neither side saturated its CPU', warning: false },
  unknown: { text: "unknown: the generator was busy and the server's CPU was not measured", warning: true },
};
