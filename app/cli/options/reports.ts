// The options of the commands that read and write reports: expectations, compare, merge, openapi.
import { switchOption, valueOption } from '../../../lib/core/config/option.ts';
import { parseChoice, parseText } from '../../../lib/core/config/parse-values.ts';
import { envFileOption, helpOption, reportsDir } from '../../../lib/core/config/settings.ts';
import { jsonOption } from './check.ts';

const text = (raw: string, name: string) => parseText(name, raw);

export const expectationsOptions = {
  write: valueOption({
    flag: 'write',
    metavar: 'FILE',
    help: 'The expectations file to write (required).',
    parse: text,
  }),
  from: valueOption({
    flag: 'from',
    metavar: 'REPORT',
    help: 'The conformance report to read.',
    parse: text,
    defaultText: 'REPORTS_DIR/conformance.json, the last run',
  }),
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};

export const compareOptions = {
  all: switchOption({ flag: 'all', help: 'Show every check, not only those that differ.' }),
  reportsDir,
  json: jsonOption('Print the grid as JSON instead.'),
  envFile: envFileOption,
  help: helpOption,
};

export const mergeOptions = {
  out: valueOption({
    flag: 'out',
    metavar: 'FILE',
    help: 'Where to write the merged report (index.html goes beside it).',
    parse: text,
    defaultText: 'REPORTS_DIR/conformance.json',
  }),
  reportsDir,
  envFile: envFileOption,
  help: helpOption,
};

export const openapiOptions = {
  out: valueOption({
    flag: 'out',
    metavar: 'FILE',
    help: "Where to write it; '-' writes it to standard output.",
    parse: (raw) =>
      raw === ''
        ? { ok: false, problem: "--out needs a file name, or '-' for standard output." }
        : { ok: true, value: raw },
    defaultText: 'reports/openapi.json, or reports/openapi.yaml with --format yaml',
  }),
  format: valueOption({
    flag: 'format',
    metavar: 'json|yaml',
    help: "The document's format.",
    parse: (raw, name) => parseChoice(name, raw, ['json', 'yaml'] as const),
    defaultText: 'json, or yaml when FILE ends in .yaml/.yml',
  }),
  help: helpOption,
};
