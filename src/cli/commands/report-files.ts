// Reading conformance.json files named on the command line: one sentence and exit 2 for a file
// that is missing or is not such a report.
import { readFileSync } from 'node:fs';
import { HarnessError } from '../../core/errors.ts';
import type { ConformanceReport } from '../../conformance/run/check-result.ts';

export function readConformanceReport(file: string): ConformanceReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new HarnessError('MSGAPI_USAGE', `Cannot read ${file} as a conformance report: ${reason}.`);
  }
  const report = parsed as Partial<ConformanceReport> | null;
  if (report?.tool?.name !== 'msgapi' || !Array.isArray(report.checks)) {
    throw new HarnessError('MSGAPI_USAGE', `${file} is not a conformance report of msgapi (reports/conformance.json).`);
  }
  return report as ConformanceReport;
}

/** Positional file arguments and --out / --from style options, for the report commands. */
export function filesAndOptions(argv: string[], valued: readonly string[], switches: readonly string[], command: string): { files: string[]; options: Record<string, string | true> } {
  const files: string[] = [];
  const options: Record<string, string | true> = {};
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const name = arg.replace(/^--/, '');
    if (arg === '-h' || arg === '--help') options.help = true;
    else if (arg.startsWith('--') && valued.includes(name)) {
      const value = argv[++index];
      if (value === undefined) throw new HarnessError('MSGAPI_USAGE', `${arg} needs a value (see msgapi ${command} --help).`);
      options[name] = value;
    } else if (arg.startsWith('--') && switches.includes(name)) options[name] = true;
    else if (arg.startsWith('-')) throw new HarnessError('MSGAPI_USAGE', `msgapi ${command} does not take ${arg} (see msgapi ${command} --help).`);
    else files.push(arg);
  }
  return { files, options };
}
