// `msgapi serve`: the reference server on its own, as a stub to develop a client against.
import { faultModifiers } from '../../../reference/faults/registry.ts';
import { startReferenceServer } from '../../../reference/listen.ts';
import { serveUntilStopped } from '../../../reference/serve-until-stopped.ts';
import { variants, variantServerOptions } from '../../../reference/variants/registry.ts';
import { HarnessError } from '../../../lib/core/errors.ts';
import { serveHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

export async function runServe(argv: string[]): Promise<number> {
  const parsed = parseCommand('serve', argv);
  if (parsed.help) {
    console.log(serveHelp);
    return 0;
  }
  const options = parsed.values;
  const { token: accessToken, secondToken: secondAccessToken } = options;
  if (accessToken === secondAccessToken)
    throw new HarnessError('MSGAPI_USAGE', '--token and --second-token must differ.');
  const faultNames = options.fault;
  const variantName = options.variant;
  const variant = variantName === undefined ? undefined : variantServerOptions(variants.get(variantName)!);
  const server = await startReferenceServer({
    ...variant,
    modifiers: [...(variant?.modifiers ?? []), ...faultModifiers(faultNames)],
    port: options.port,
    host: options.host,
    users: [
      { token: accessToken, name: 'first' },
      { token: secondAccessToken, name: 'second' },
    ],
  });
  const switched = [...faultNames.map((name) => `fault ${name}`), ...(variantName ? [`variant ${variantName}`] : [])];
  await serveUntilStopped(server, { accessToken, secondAccessToken }, switched);
  return 0;
}
