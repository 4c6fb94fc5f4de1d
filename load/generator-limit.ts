// Whether a measurement was limited by the machine that generated it rather than by the server:
// the generator's own core saturated (cpu.ts), or its event loop running late. A loop that runs
// late sends the open model's requests late and reads every answer late, and both show as the
// server's latency and throughput; on a host busy with other work the generator's CPU share can
// read low (0.02) while its loop waits for a core, so the loop's delay is measured too
// (perf_hooks.monitorEventLoopDelay: how late a timer of `resolution` ms fires).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Bottleneck, CpuShares } from './cpu.ts';

export interface EventLoopDelay {
  /** ms by which the loop's timer fired late: the 99th percentile and the worst. */
  p99_ms: number;
  max_ms: number;
}

/** A loop late by this much at its 99th percentile delays requests and answers by as much: more than a fast server's whole latency. */
export const lateLoopMs = 50;

/** Starts watching the event loop now; the returned function stops and gives its delay since. */
export function watchEventLoop(): () => EventLoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return () => {
    histogram.disable();
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    return { p99_ms: ms(histogram.percentile(99)), max_ms: ms(histogram.max) };
  };
}

/** Near a full core, as cpu.ts counts a saturated process. */
const saturatedCore = 0.85;

/** Why the generator limited this measurement, in words; undefined when nothing says it did. */
export function generatorLimit(
  cpu: CpuShares | { generator: number | null; server: number | null },
  bottleneck: Bottleneck,
  loop: EventLoopDelay | null,
): string | undefined {
  const reasons: string[] = [];
  if (loop !== null && loop.p99_ms >= lateLoopMs)
    reasons.push(`its event loop ran up to ${loop.p99_ms} ms late (99th percentile; worst ${loop.max_ms} ms)`);
  const generator = cpu.generator ?? 0;
  if (bottleneck === 'generator')
    reasons.push(`it used ${generator} of its core while the server used ${cpu.server ?? '?'}`);
  else if (bottleneck === 'unknown' && generator >= saturatedCore)
    reasons.push(`it used ${generator} of its core (the server's share cannot be seen from here)`);
  return reasons.length === 0 ? undefined : reasons.join(', and ');
}
