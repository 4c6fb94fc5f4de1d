// `msgapi openapi`: writes the OpenAPI 3.1 document built from schemas/ and the operations table,
// for client generators, mock servers and fuzzers. Needs no target and no settings.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { HarnessError } from '../../core/errors.ts';
import { buildOpenApi } from '../../openapi/build-openapi.ts';
import { parseFlags } from '../flags.ts';

export const openapiHelp = `Usage: msgapi openapi [--out FILE] [--format json|yaml]

Writes an OpenAPI 3.1 document of the Messaging Service API v1: the ten operations of
src/api/operations.ts, with the JSON Schemas of schemas/ (JSON Schema 2020-12) as its components.
Where the spec leaves a behaviour open (success status codes, errors, pagination beyond limit and
has_more), the document says so rather than inventing it.

Options:
  --out FILE               Where to write it (default: reports/openapi.json, or reports/openapi.yaml
                           with --format yaml); '-' writes it to standard output.
  --format json|yaml       The document's format (default: json, or yaml when FILE ends in .yaml/.yml).
  -h, --help               Show this help.`;

type Format = 'json' | 'yaml';

function formatFrom(raw: string | undefined, out: string | undefined): Format {
  if (raw === undefined) return out !== undefined && /\.ya?ml$/i.test(out) ? 'yaml' : 'json';
  if (raw === 'json' || raw === 'yaml') return raw;
  throw new HarnessError('MSGAPI_USAGE', `--format ${raw} is not one of json, yaml.`);
}

export function serializeDocument(document: object, format: Format): string {
  // No anchors and aliases: several tools that read OpenAPI documents do not resolve them.
  return format === 'yaml' ? stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 }) : `${JSON.stringify(document, null, 2)}\n`;
}

export async function runOpenapi(argv: string[]): Promise<number> {
  const flags = parseFlags(argv, { out: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (flags.help) {
    console.log(openapiHelp);
    return 0;
  }
  const given = typeof flags.out === 'string' ? flags.out : undefined;
  if (given === '') throw new HarnessError('MSGAPI_USAGE', "--out needs a file name, or '-' for standard output.");
  const format = formatFrom(typeof flags.format === 'string' ? flags.format : undefined, given);
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
