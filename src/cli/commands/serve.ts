// `msgapi serve`: the reference server on its own, as a stub to develop a client against.
import { faultModifiers, isFaultName, type FaultName } from '../../../reference/faults/registry.ts';
import { startReferenceServer } from '../../../reference/listen.ts';
import { isVariantName, variants, variantServerOptions, type VariantName } from '../../../reference/variants/registry.ts';
import { HarnessError } from '../../core/errors.ts';
import { parseToken } from '../../core/config/parse-values.ts';
import { parseFlags } from '../flags.ts';
import { newToken } from '../../core/target/open-target.ts';

export const serveHelp = `Usage: msgapi serve [options]

Starts the embedded reference server (an in-memory implementation of the whole API) and prints its
URL and the tokens of its two users. Stop it with Ctrl-C.

Options:
  --port N                 Port to listen on (default: a free port).
  --host HOST              Address to listen on (default: 127.0.0.1).
  --token TOKEN            Token of the first user (default: a new random token).
  --second-token TOKEN     Token of the second user (default: a new random token).
  --fault NAME             Switch on a seeded fault (repeatable); 'msgapi matrix' proves the suite
                           catches each. Names: reference/faults/, or reports/sensitivity.md.
  --variant NAME           Make the other choices one valid variant makes (reference/variants/).
  -h, --help               Show this help.`;

function portFrom(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new HarnessError('MSGAPI_USAGE', `--port ${raw} must be a whole number from 0 to 65535.`);
  return port;
}

function tokenFrom(flag: string, raw: string | undefined): string {
  if (raw === undefined) return newToken();
  const parsed = parseToken(flag, raw);
  if (!parsed.ok) throw new HarnessError('MSGAPI_USAGE', parsed.problem);
  return parsed.value;
}

export async function runServe(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    token: { type: 'string' },
    'second-token': { type: 'string' },
    fault: { type: 'string', multiple: true },
    variant: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (flags.help) {
    console.log(serveHelp);
    return 0;
  }
  const accessToken = tokenFrom('--token', flags.token as string | undefined);
  const secondAccessToken = tokenFrom('--second-token', flags['second-token'] as string | undefined);
  if (accessToken === secondAccessToken) throw new HarnessError('MSGAPI_USAGE', '--token and --second-token must differ.');
  const faultNames = (flags.fault as unknown as string[] | undefined) ?? [];
  const unknownFaults = faultNames.filter((name) => !isFaultName(name));
  if (unknownFaults.length > 0) throw new HarnessError('MSGAPI_USAGE', `No fault is called ${unknownFaults.join(', ')}; the names are in reference/faults/.`);
  const variantName = flags.variant as string | undefined;
  if (variantName !== undefined && !isVariantName(variantName)) throw new HarnessError('MSGAPI_USAGE', `No variant is called ${variantName}; the names are in reference/variants/.`);
  const variant = variantName === undefined ? undefined : variantServerOptions(variants.get(variantName as VariantName)!);
  const server = await startReferenceServer({
    ...variant,
    modifiers: [...(variant?.modifiers ?? []), ...faultModifiers(faultNames as FaultName[])],
    port: portFrom(flags.port as string | undefined),
    host: (flags.host as string | undefined) ?? '127.0.0.1',
    users: [
      { token: accessToken, name: 'first' },
      { token: secondAccessToken, name: 'second' },
    ],
  });
  // These are the stub's own tokens, made up for this process: printing them is the point.
  const switched = [...faultNames.map((name) => `fault ${name}`), ...(variantName ? [`variant ${variantName}`] : [])];
  console.log(`Reference server listening at ${server.url}${switched.length ? ` with ${switched.join(', ')}` : ''}`);
  console.log(`BASE_URL=${server.url}`);
  console.log(`ACCESS_TOKEN=${accessToken}`);
  console.log(`SECOND_ACCESS_TOKEN=${secondAccessToken}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
