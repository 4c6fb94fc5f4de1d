// The server a load run measures: BASE_URL, or the embedded reference server in a process of its
// own. A target on this machine has a process whose CPU share is measured alongside ours.
import { probeTarget } from '../src/core/target/probe-target.ts';
import type { BodyEncoding } from '../src/core/config/settings.ts';
import { localServerPid } from './cpu.ts';
import { startEmbeddedServer } from '../src/core/target/embedded-process.ts';

export interface LoadTarget {
  url: string;
  embedded: boolean;
  accessToken: string;
  /** The server's process, when it runs on this machine and we may see it. */
  pid: number | undefined;
  close(): Promise<void>;
}

export async function openLoadTarget(remote: { url: string; accessToken: string } | undefined): Promise<LoadTarget> {
  if (remote) return { ...remote, embedded: false, pid: localServerPid(remote.url), close: async () => {} };
  const server = await startEmbeddedServer();
  return { url: server.url, embedded: true, accessToken: server.accessToken, pid: server.pid, close: () => server.close() };
}

/** Unreachable, or the token refused: exit 2 before anything is created. */
export async function probeLoadTarget(target: LoadTarget, encoding: BodyEncoding, timeoutMs: number): Promise<void> {
  await probeTarget({ ...target, secondAccessToken: undefined, groupContacts: undefined }, encoding, timeoutMs);
}
