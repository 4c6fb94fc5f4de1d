// `msgapi openapi`: writes the OpenAPI 3.1 document built from schemas/ and the operations table,
// for client generators, mock servers and fuzzers. Needs no target and no settings.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { buildOpenApi } from '../../../lib/openapi/build-openapi.ts';
import { openapiHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';

type Format = 'json' | 'yaml';

export function serializeDocument(document: object, format: Format): string {
  // No anchors and aliases: several tools that read OpenAPI documents do not resolve them.
  return format === 'yaml'
    ? stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 })
    : `${JSON.stringify(document, null, 2)}\n`;
}

export async function runOpenapi(argv: string[]): Promise<number> {
  const parsed = parseCommand('openapi', argv);
  if (parsed.help) {
    console.log(openapiHelp);
    return 0;
  }
  const given = parsed.values.out;
  const format: Format = parsed.values.format ?? (given !== undefined && /\.ya?ml$/i.test(given) ? 'yaml' : 'json');
  const out = given ?? `reports/openapi.${format}`;
  const text = serializeDocument(buildOpenApi(), format);

  if (out === '-') {
    process.stdout.write(text);
    return 0;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(`msgapi openapi: wrote the OpenAPI 3.1 document (${format}) to ${out}.`);
  return 0;
}
