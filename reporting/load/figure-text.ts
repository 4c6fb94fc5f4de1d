// Load figures in the units a reader thinks in: latencies in ms with three significant digits,
// rates per second, CPU as a share of a core.
import type { Bottleneck } from '../../load/cpu.ts';
import { formatCount, formatNumber } from '../page-kit/format.ts';

/** µs as ms: 737 → "0.737 ms", 90_200 → "90.2 ms", 1_234_567 → "1,235 ms". */
export function formatMs(us: number): string {
  const ms = us / 1000;
  if (ms === 0) return '0 ms';
  if (ms >= 100) return `${formatNumber(Math.round(ms))} ms`;
  return `${String(Number(ms.toPrecision(3)))} ms`;
}

export function formatRate(perSecond: number): string {
  return perSecond >= 100 ? formatNumber(Math.round(perSecond)) : formatNumber(perSecond, 1);
}

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
  share === null ? 'not measured (not a process of this machine)' : `${Math.round(share * 100)}% of a core`;

export function formatStatuses(statuses: Record<string, number>): string {
  const entries = Object.entries(statuses).sort(([a], [b]) => a.localeCompare(b));
  return entries.length === 0
    ? 'none'
    : entries.map(([status, count]) => `${status}: ${formatCount(count)}`).join(' · ');
}

export const bottleneckWords: Record<Bottleneck, { text: string; warning: boolean }> = {
  generator: { text: "generator-bound: this is the generator's limit, not the server's", warning: true },
  server: { text: 'server-bound: the server was the busy side', warning: false },
  neither: { text: 'neither side saturated its CPU', warning: false },
  unknown: { text: "unknown: the generator was busy and the server's CPU was not measured", warning: true },
};
