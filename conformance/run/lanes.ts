// A run against one target in lanes: each worker thread runs one lane file (suites/lanes/), which
// registers the checks this plan gives it, wherever they are defined. vitest runs one file at a
// time per worker and starts the next only when every test of the last has ended, so with a suite
// file a worker would wait on that file's slowest check; a lane never waits: as soon as one of its
// checks ends, the next starts. Against a target a network away, that is what lets a run take
// close to its critical path (issue 27). The checks with the longest chains of requests go first,
// each to the lane with the least work so far (longest processing time first).
// Not for the matrix (many targets: files are shared by all of them) nor for --shard, whose parts
// are suite files, the same on every machine.
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaneEntry } from '../../lib/core/target/target.ts';
import { projectDir, type CheckRegistry } from '../registry.ts';

/** The lane files there are (suites/lanes/lane-N.lane.*): a run uses at most this many. */
export const laneFileCount = 8;

const extension = extname(fileURLToPath(import.meta.url));

/** The lane files of a run of `count` lanes, as absolute paths. */
export const laneFiles = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => join(projectDir, 'suites', 'lanes', `lane-${i + 1}.lane${extension}`));

/** What vitest includes in a run in lanes (the suite files' own pattern is suites/**\/*.check.*). */
export const laneInclude = `suites/lanes/*.lane${extension}`;

/**
 * How long a check keeps its lane, as far as is known before the run: the model's command
 * sequences by far the longest, then the property checks, then every other check alike.
 */
export function expectedWeight(id: string): number {
  if (id.startsWith('model.')) return 100;
  if (id.startsWith('properties.')) return 10;
  return 1;
}

/** The checks `ids` in at most `lanes` lanes, none empty: heaviest first, each to the lightest lane so far. */
export function planLanes(registry: CheckRegistry, ids: readonly string[], lanes: number): LaneEntry[][] {
  const count = Math.max(1, Math.min(lanes, ids.length, laneFileCount));
  const plan: LaneEntry[][] = Array.from({ length: count }, () => []);
  const load = new Array<number>(count).fill(0);
  // Array.prototype.sort is stable: equal weights keep the registry's order.
  const heaviestFirst = [...ids].sort((a, b) => expectedWeight(b) - expectedWeight(a));
  for (const id of heaviestFirst) {
    const lane = load.indexOf(Math.min(...load));
    plan[lane]!.push({
      id,
      file: join(projectDir, registry.get(id).file),
      ...(expectedWeight(id) > 1 ? { first: true } : {}),
    });
    load[lane]! += expectedWeight(id);
  }
  return plan;
}
