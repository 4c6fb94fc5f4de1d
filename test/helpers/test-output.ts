// Where the project's own tests (npm test) leave what a person may want to look at afterwards
// (screenshots of the reports, the matrix's report, vitest's JSON results that .ci/run
// counts): .test-output/ (gitignored), never the user's reports/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const testOutputDir = fileURLToPath(new URL('../../.test-output/', import.meta.url));

/** A path in .test-output/, the folder made when missing. */
export function testOutput(name: string): string {
  mkdirSync(testOutputDir, { recursive: true });
  return join(testOutputDir, name);
}
