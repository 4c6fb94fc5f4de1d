// reports/index.html is rewritten by check, load, merge and compare from what the reports folder
// holds; a report there from an older version must not break it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeIndexReport } from '../../../reporting/index-report.ts';
import { runTiming } from '../../../conformance/run/run-timing.ts';
import { syntheticLoadReport } from '../../helpers/load-report-fixture.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const newDir = tempDirs('msgapi-index-');

const currentConformance = readFileSync(new URL('../../fixtures/conformance-report.json', import.meta.url), 'utf8');

describe('writeIndexReport', () => {
  it('shows the conformance and load reports the folder holds', () => {
    const dir = newDir();
    writeFileSync(join(dir, 'conformance.json'), currentConformance);
    writeFileSync(join(dir, 'load.json'), JSON.stringify(syntheticLoadReport()));
    const page = readFileSync(writeIndexReport(dir, {}), 'utf8');
    expect(page).toContain('By spec section');
    expect(page).toContain('conversations.list');
  });

  it('leaves out a conformance report of an older shape, and still shows the load figures', () => {
    const dir = newDir();
    const old = JSON.parse(currentConformance) as Record<string, unknown>;
    delete old.leftovers;
    writeFileSync(join(dir, 'conformance.json'), JSON.stringify(old));
    writeFileSync(join(dir, 'load.json'), JSON.stringify(syntheticLoadReport()));
    const page = readFileSync(writeIndexReport(dir, {}), 'utf8');
    expect(page).not.toContain('By spec section');
    expect(page).toContain('conversations.list');
  });

  it('shows where the checks spent their time: the critical path and the checks that held the run', () => {
    const dir = newDir();
    const report = JSON.parse(currentConformance) as Record<string, unknown>;
    const timing = runTiming(
      [
        {
          id: 'model.sequence.agrees-with-model',
          intervals: [
            [0, 30],
            [31, 61],
            [62, 92],
          ],
          duration_ms: 95,
        },
        { id: 'groups.create.defaults', intervals: [[0, 30]], duration_ms: 31 },
      ],
      60,
    );
    const page = readFileSync(writeIndexReport(dir, { conformance: { ...report, timing } as never }), 'utf8');
    expect(page).toContain(
      '<code data-critical-path>model.sequence.agrees-with-model</code> (3 requests one after another)',
    );
    expect(page).toContain('<code>groups.create.defaults</code>');
  });
});
