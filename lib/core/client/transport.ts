// How requests reach the target beyond its URL: headers a gateway asks for (an API key, a tenant),
// the certificates of a staging server with its own authority or one that asks for the client's,
// and a proxy from the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY, as curl reads them). Every
// client of the process (the checks in every worker, the probe, the sweep, cleanup) sends through
// the same settings, and so do msgapi load's generators, which open their own connections with the
// headers and tlsOptions() (load/load-request.ts).
import { readFileSync } from 'node:fs';
import { rootCertificates, type ConnectionOptions } from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

/** A header sent with every request. A value given as $VAR is the secret VAR: sent as read, shown as $VAR. */
export interface ExtraHeader {
  name: string;
  /** What is sent. */
  value: string;
  /** What a record and a curl reproduction show: the value, or $VAR for a secret. */
  shown: string;
  /** The environment variable the value was read from ($VAR), a secret redacted everywhere. */
  secretName?: string;
}

export interface TransportSettings {
  headers: readonly ExtraHeader[];
  /** PEM files: the authorities the target's certificate may chain to, beside the system's. */
  caFile?: string | undefined;
  /** PEM files: the client's certificate and key, for a target that asks for one (mutual TLS). */
  certFile?: string | undefined;
  keyFile?: string | undefined;
  /** --insecure: the target's certificate is not verified (said once, on stderr, at the start). */
  insecure: boolean;
  /** ACCESS_TOKEN_COMMAND: run again for a new token when the one it printed expires (token-command.ts). */
  tokenCommand?: string | undefined;
}

export const directTransport: TransportSettings = { headers: [], insecure: false };

/** The names of the proxy variables undici's EnvHttpProxyAgent reads, as curl does. */
const proxyVariables = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'];

/** Whether the environment names a proxy (then every request goes through EnvHttpProxyAgent, which honours NO_PROXY). */
const proxyConfigured = (): boolean => proxyVariables.some((name) => (process.env[name] ?? '') !== '');

/** TLS options of a connection to the target, from the settings' files (read once per dispatcher); undefined: Node's defaults. */
export function tlsOptions(settings: TransportSettings): ConnectionOptions | undefined {
  const read = (file: string | undefined) => (file === undefined ? undefined : readFileSync(file, 'utf8'));
  const ca = read(settings.caFile);
  const cert = read(settings.certFile);
  const key = read(settings.keyFile);
  if (ca === undefined && cert === undefined && !settings.insecure) return undefined;
  return {
    // Beside the system's authorities, not instead of them: Node's own list and the given file.
    ...(ca === undefined ? {} : { ca: [...rootCertificates, ca] }),
    ...(cert === undefined ? {} : { cert, key }),
    ...(settings.insecure ? { rejectUnauthorized: false } : {}),
  };
}

const readTls = new Map<string, ConnectionOptions | undefined>();

/** tlsOptions, its files read once a process: a POST, which has a connection of its own, needs them each time. */
function tlsOptionsOnce(settings: TransportSettings): ConnectionOptions | undefined {
  const key = JSON.stringify([settings.caFile, settings.certFile, settings.keyFile, settings.insecure]);
  if (!readTls.has(key)) readTls.set(key, tlsOptions(settings));
  return readTls.get(key);
}

/** A dispatcher through these settings: the proxy of the environment when one is named, else direct. */
export function dispatcherFor(settings: TransportSettings, extra: Agent.Options = {}): Dispatcher {
  const tls = tlsOptionsOnce(settings);
  const options: Agent.Options = { ...extra, ...(tls === undefined ? {} : { connect: tls }) };
  if (!proxyConfigured()) return new Agent(options);
  // Through the proxy, the TLS to the target is requestTls; the direct one (NO_PROXY) is connect.
  return new EnvHttpProxyAgent({ ...options, ...(tls === undefined ? {} : { requestTls: tls }) });
}
