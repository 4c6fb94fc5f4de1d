// The server a load run measures, opened as every target is (lib/core/target/open-target.ts): BASE_URL,
// or the embedded reference server in a process of its own, so that its CPU share and the
// generator's can be told apart. Unreachable, the token refused, or not this API: exit 2 before
// anything is created.
import { openTarget, type TargetSettings } from '../lib/core/target/open-target.ts';
import { reachTarget, type ReachOptions } from '../lib/core/target/reach-target.ts';
import type { Target } from '../lib/core/target/target.ts';
import { localServerPid } from './cpu.ts';

export async function openLoadTarget(settings: TargetSettings, reach: ReachOptions): Promise<Target> {
  const target = await openTarget(settings, { process: 'child' });
  try {
    await reachTarget(target, reach);
  } catch (error) {
    await target.close();
    throw error;
  }
  return target;
}

/** The server's process, when it runs on this machine and we may see it. */
export const serverPid = (target: Target): number | undefined => target.pid ?? localServerPid(target.url);
