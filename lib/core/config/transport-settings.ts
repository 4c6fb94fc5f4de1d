// The settings of how requests reach the target beyond its URL (lib/core/client/transport.ts):
// headers a gateway asks for, certificates, and --insecure. A proxy needs no setting of ours:
// HTTP_PROXY, HTTPS_PROXY and NO_PROXY are read from the environment, as curl reads them.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExtraHeader, TransportSettings } from '../client/transport.ts';
import { repeatableOption, switchOption, valueOption, type OptionDef } from './option.ts';
import type { Parsed } from './parse-values.ts';
import { ConfigError } from '../errors.ts';
import { runTokenCommand, TokenCommandError } from '../client/token-command.ts';

/** RFC 9110 §5.1: a field name is a token. */
const fieldName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** The headers the suite sends itself: a check's request depends on them (§5 and the body encodings). */
const ownHeaders = new Set([
  'authorization',
  'content-type',
  'accept',
  'content-length',
  'host',
  'transfer-encoding',
  'connection',
]);
const variable = /^\$([A-Za-z_][A-Za-z0-9_]*)$/;

/** One `Name: value` (a value `$VAR` read from the environment, a secret), or one sentence on what is wrong. Never echoes a value. */
export function parseExtraHeader(raw: string, name: string, env: NodeJS.ProcessEnv = process.env): Parsed<ExtraHeader> {
  const colon = raw.indexOf(':');
  const header = colon < 0 ? raw.trim() : raw.slice(0, colon).trim();
  const value = colon < 0 ? '' : raw.slice(colon + 1).trim();
  if (colon < 0 || !fieldName.test(header))
    return {
      ok: false,
      problem: `${name} takes NAME:VALUE, a header name (letters, digits, - and the like) then a colon, as in --header 'X-Api-Key: $API_KEY'.`,
    };
  if (ownHeaders.has(header.toLowerCase()))
    return {
      ok: false,
      problem: `${name} names ${header}, which the suite sends itself (the token goes in ACCESS_TOKEN); give another header.`,
    };
  if (value === '')
    return {
      ok: false,
      problem: `${name} ${header} has no value; give one after the colon, or $VAR to read a secret from the environment.`,
    };
  if (/[\r\n\0]/.test(value))
    return { ok: false, problem: `${name} ${header}: a header value cannot hold a line break.` };
  const secret = variable.exec(value)?.[1];
  if (secret === undefined) return { ok: true, value: { name: header, value, shown: value } };
  const read = env[secret];
  if (read === undefined || read === '')
    return { ok: false, problem: `${name} ${header} is read from $${secret}, which is not set in the environment.` };
  if (/[\r\n\0]/.test(read))
    return { ok: false, problem: `${name} ${header}: $${secret} holds a line break, which a header value cannot.` };
  return { ok: true, value: { name: header, value: read, shown: `$${secret}`, secretName: secret } };
}

/** A file that exists, by its absolute path (resolved against the folder msgapi runs in). */
function parseFile(what: string) {
  return (raw: string, name: string): Parsed<string> => {
    const path = resolve(raw);
    if (raw === '' || !existsSync(path) || statSync(path).isDirectory())
      return { ok: false, problem: `${name} ${raw} is not a file; give the path of ${what}.` };
    return { ok: true, value: path };
  };
}

export const transportSettings = {
  header: {
    ...repeatableOption<ExtraHeader>({
      env: 'EXTRA_HEADERS',
      flag: 'header',
      metavar: 'NAME:VALUE',
      help: "A header every request carries, for a gateway in front of the server: --header 'X-Api-Key: $API_KEY' (repeatable; in EXTRA_HEADERS, one a line). A value given as $VAR is read from the environment and shown as $VAR everywhere, never its value.",
      example: 'X-Tenant: acme',
      parse: (raw, name) => parseExtraHeader(raw, name),
      defaultText: 'none',
    }),
    // EXTRA_HEADERS holds one header a line (a header value never holds a line break).
    parse: (raws: readonly string[], name: string): Parsed<ExtraHeader[]> => {
      const headers: ExtraHeader[] = [];
      for (const line of raws
        .flatMap((raw) => raw.split(/\r?\n|\\n/))
        .map((each) => each.trim())
        .filter(Boolean)) {
        const parsed = parseExtraHeader(line, name);
        if (!parsed.ok) return parsed;
        headers.push(parsed.value);
      }
      return { ok: true, value: headers };
    },
  } as OptionDef<ExtraHeader[]>,
  ca: valueOption({
    env: 'CA_FILE',
    flag: 'ca',
    metavar: 'FILE',
    help: "PEM file of the certificate authority a target's certificate chains to (a staging server with its own), trusted beside the system's.",
    example: 'staging-ca.pem',
    parse: parseFile('a PEM file of certificates'),
    defaultText: "the system's authorities",
  }),
  cert: valueOption({
    env: 'CLIENT_CERT_FILE',
    flag: 'cert',
    metavar: 'FILE',
    help: 'PEM file of the client certificate, for a target that asks for one (mutual TLS); with --key.',
    example: 'client.pem',
    parse: parseFile('a PEM file of the client certificate'),
    defaultText: 'none',
  }),
  key: valueOption({
    env: 'CLIENT_KEY_FILE',
    flag: 'key',
    metavar: 'FILE',
    help: "PEM file of the client certificate's private key; with --cert.",
    example: 'client-key.pem',
    parse: parseFile("a PEM file of the client certificate's key"),
    defaultText: 'none',
  }),
  accessTokenCommand: valueOption({
    env: 'ACCESS_TOKEN_COMMAND',
    flag: 'access-token-command',
    metavar: 'COMMAND',
    help: "Instead of ACCESS_TOKEN: a shell command that prints the token (an identity provider's CLI, a vault). Run at the start, and again when the target answers 401 to a token it had accepted (it expired); the request is then sent once more. Neither the command nor the token is ever printed.",
    example: 'my-idp-cli token --audience messaging',
    secret: true,
    parse: (raw, name) =>
      raw.trim() === '' ? { ok: false, problem: `${name} needs a command.` } : { ok: true, value: raw },
    defaultText: 'none',
  }),
  insecure: switchOption({
    env: 'INSECURE_TLS',
    flag: 'insecure',
    help: "true: the target's certificate is not verified (a warning says so at the start). Prefer --ca.",
    example: 'false',
  }),
} as const;

/** The values of these settings, as a command's table yields them. */
export interface TransportValues {
  header: readonly ExtraHeader[];
  accessTokenCommand?: string | undefined;
  ca: string | undefined;
  cert: string | undefined;
  key: string | undefined;
  insecure: boolean;
}

/**
 * The transport the values describe (a ConfigError, one sentence, when --cert and --key are not
 * both given). --insecure is said once, on stderr: a run that verifies nothing must not look like one that does.
 */
export function transportOf(
  values: TransportValues,
  warn: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): TransportSettings {
  if ((values.cert === undefined) !== (values.key === undefined)) {
    throw new ConfigError([
      values.cert === undefined
        ? 'CLIENT_KEY_FILE (--key) is given without CLIENT_CERT_FILE (--cert); give both, or neither.'
        : 'CLIENT_CERT_FILE (--cert) is given without CLIENT_KEY_FILE (--key); give both, or neither.',
    ]);
  }
  if (values.insecure)
    warn(
      "msgapi: warning: INSECURE_TLS (--insecure): the target's certificate is not verified; anyone on the way could answer for it. Prefer CA_FILE (--ca).",
    );
  return {
    headers: values.header,
    caFile: values.ca,
    certFile: values.cert,
    keyFile: values.key,
    insecure: values.insecure,
    tokenCommand: values.accessTokenCommand,
  };
}

/**
 * The settings with ACCESS_TOKEN filled from ACCESS_TOKEN_COMMAND, run once here when it is given
 * (exit 2 with one sentence when it fails, never echoing what it printed).
 */
export function withCommandToken<
  Values extends { accessToken: string | undefined; accessTokenCommand?: string | undefined },
>(values: Values): Values {
  if (values.accessTokenCommand === undefined) return values;
  try {
    return { ...values, accessToken: runTokenCommand(values.accessTokenCommand) };
  } catch (error) {
    if (error instanceof TokenCommandError) throw new ConfigError([error.message]);
    throw error;
  }
}
