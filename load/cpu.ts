// CPU shares, as fractions of one core: the generator's own (this process), and, for a target on
// this machine, the server process's, found by the port it listens on. A figure taken while the
// generator was the busier of the two is the generator's limit, not the server's.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const ticksPerSecond = 100;

function processTicks(pid: number): number | undefined {
  try {
    // Fields after the command name (which is in parentheses and may hold spaces).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The process listening on the port of a loopback URL, when this machine lets us see it. */
export function localServerPid(baseUrl: string): number | undefined {
  const url = new URL(baseUrl);
  if (!loopbackHosts.has(url.hostname) && !url.hostname.startsWith('127.')) return undefined;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const columns = line.trim().split(/\s+/);
        // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN.
        if (columns[3] === '0A' && parseInt(columns[1]?.split(':')[1] ?? '', 16) === port) inodes.add(columns[9]!);
      }
    } catch {
      // No /proc on this system: the server's share stays unknown.
    }
  }
  if (inodes.size === 0) return undefined;
  for (const entry of safeReaddir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    for (const fd of safeReaddir(`/proc/${entry}/fd`)) {
      try {
        const link = readlinkSync(`/proc/${entry}/fd/${fd}`);
        if (link.startsWith('socket:[') && inodes.has(link.slice(8, -1))) return Number(entry);
      } catch {
        // A descriptor closed while we looked.
      }
    }
  }
  return undefined;
}

function safeReaddir(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

export interface CpuShares {
  generator: number;
  /** Undefined when the server is not a process of this machine we can see. */
  server: number | undefined;
}

/** Starts measuring now; the returned function gives the shares since. */
export function measureCpu(serverPid: number | undefined): () => CpuShares {
  const wallStart = performance.now();
  const ownStart = process.cpuUsage();
  const serverStart = serverPid === undefined ? undefined : processTicks(serverPid);
  return () => {
    const wallS = (performance.now() - wallStart) / 1000;
    const own = process.cpuUsage(ownStart);
    const serverEnd = serverPid === undefined ? undefined : processTicks(serverPid);
    const round = (share: number) => Math.round(share * 100) / 100;
    return {
      generator: round((own.user + own.system) / 1e6 / wallS),
      server:
        serverStart === undefined || serverEnd === undefined
          ? undefined
          : round((serverEnd - serverStart) / ticksPerSecond / wallS),
    };
  };
}

export type Bottleneck = 'generator' | 'server' | 'neither' | 'unknown';

/** Near a full core (one Node process can use one) counts as saturated. */
const saturated = 0.85;

export function bottleneck(shares: CpuShares): Bottleneck {
  const generatorBusy = shares.generator >= saturated;
  if (shares.server === undefined) return generatorBusy ? 'unknown' : 'neither';
  if (generatorBusy && shares.server < saturated) return 'generator';
  if (shares.server >= saturated) return 'server';
  return 'neither';
}
