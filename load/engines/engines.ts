// The engines msgapi load can hand its scenarios to and take results back from, by name.
import type { ExportPlan, ExportResult } from './export-plan.ts';
import type { EngineName, ImportedRun } from './imported-report.ts';
import { exportArtillery } from './artillery/export-script.ts';
import { importArtillery } from './artillery/import-report.ts';
import { exportK6 } from './k6/export-script.ts';
import { importK6 } from './k6/import-output.ts';

export interface LoadEngine {
  /** The script and its companions (a processor …), and the commands that run them. */
  exportScript(plan: ExportPlan): ExportResult;
  /** The engine's output files (one per runner) added up into one run; a file that does not add up is refused (HarnessError MSGAPI_USAGE). */
  importRun(files: readonly string[], plan: ExportPlan): ImportedRun;
}

export const engines: Record<EngineName, LoadEngine> = {
  artillery: { exportScript: exportArtillery, importRun: importArtillery },
  k6: { exportScript: exportK6, importRun: importK6 },
};

export const engineNames = Object.keys(engines) as EngineName[];

/** The file the export writes beside the script, and the import reads: what was asked for. */
export const planFileName = 'msgapi-export.json';
