// msgapi compare: checks against runs, as a grid — several implementations side by side, or one
// server before and after a change — with the checks whose result differs between runs marked.
import { basename, dirname } from 'node:path';
import type { CheckLevel } from '../harness/checks/define-check.ts';
import type { CheckStatus, ConformanceReport } from '../conformance/run/check-result.ts';

export interface ComparedRun {
  /** How the grid names the run: the file, or its folder when every file is conformance.json. */
  label: string;
  file: string;
  target: string;
  started_at: string;
}

export interface ComparisonRow {
  id: string;
  title: string;
  spec: string[];
  level: CheckLevel;
  /** One per run, in order; null when the check is not in that run's report. */
  statuses: Array<CheckStatus | null>;
  changed: boolean;
}

/** One open point of the spec across the runs: each server's reading, and where it came from. */
export interface ChoiceRow {
  point: string;
  /** One per run, in order: `reading (source)`, or null when that run's report does not say. */
  readings: Array<string | null>;
  /** Whether the readings differ, their counts (answers read, 429s met) aside. */
  changed: boolean;
}

export interface ComparisonGrid {
  runs: ComparedRun[];
  rows: ComparisonRow[];
  /** How many rows are marked changed. */
  changed: number;
  /** What each server chose where the spec is open (server_choices of the reports), side by side. */
  choices: ChoiceRow[];
}

/**
 * A reading without its counts: how many answers the probe read, how many times a 429 came. Those
 * differ from run to run for many reasons (the probe's path, the checks chosen, the load on the
 * target) and are shown as figures in the cells, never marked as a difference in what was chosen.
 */
const withoutCounts = (reading: string) =>
  reading.replace(/\b\d+(?= (?:of the probe's|answers|times|requests)\b)/g, 'N');

function choiceRows(reports: readonly ConformanceReport[]): ChoiceRow[] {
  const points = [...new Set(reports.flatMap((report) => (report.server_choices ?? []).map((choice) => choice.point)))];
  return points.map((point) => {
    const readings = reports.map((report) => {
      const choice = report.server_choices?.find((candidate) => candidate.point === point);
      return choice === undefined ? null : `${choice.reading} (${choice.source})`;
    });
    const bare = readings.map((reading) =>
      reading === null ? null : withoutCounts(reading.replace(/ \([a-z]+\)$/, '')),
    );
    return { point, readings, changed: new Set(bare).size > 1 };
  });
}

function labels(files: readonly string[]): string[] {
  const names = files.map((file) => basename(file));
  const unique = new Set(names).size === names.length;
  return files.map((file, index) => (unique ? names[index]! : `${basename(dirname(file))}/${names[index]}`));
}

export function compareRuns(reports: readonly ConformanceReport[], files: readonly string[]): ComparisonGrid {
  const label = labels(files);
  const runs = reports.map((report, index) => ({
    label: label[index]!,
    file: files[index]!,
    target: report.target.url,
    started_at: report.started_at,
  }));
  const ids = [...new Set(reports.flatMap((report) => report.checks.map((check) => check.id)))].sort();
  const rows = ids.map((id): ComparisonRow => {
    const found = reports.map((report) => report.checks.find((check) => check.id === id));
    const any = found.find((check) => check !== undefined)!;
    const statuses = found.map((check) => check?.status ?? null);
    return { id, title: any.title, spec: any.spec, level: any.level, statuses, changed: new Set(statuses).size > 1 };
  });
  return { runs, rows, changed: rows.filter((row) => row.changed).length, choices: choiceRows(reports) };
}

const mark: Record<CheckStatus, string> = {
  passed: 'pass',
  failed: 'FAIL',
  skipped: 'skip',
  blocked: 'blkd',
  flaky: 'flky',
};

/** The grid for a terminal: changed rows first, marked with *, then a line of counts. */
export function formatComparison(grid: ComparisonGrid, options: { all?: boolean } = {}): string {
  const legend = grid.runs.map((run, index) => `  [${index + 1}] ${run.label}: ${run.target}, ${run.started_at}`);
  const shown = options.all ? grid.rows : grid.rows.filter((row) => row.changed);
  const width = Math.max(5, ...shown.map((row) => row.id.length));
  const header = `  ${'check'.padEnd(width)}  ${grid.runs.map((_, index) => `[${index + 1}]`.padEnd(5)).join(' ')}`;
  const lines = [...shown]
    .sort((a, b) => Number(b.changed) - Number(a.changed) || a.id.localeCompare(b.id))
    .map(
      (row) =>
        `${row.changed ? '*' : ' '} ${row.id.padEnd(width)}  ${row.statuses.map((status) => (status === null ? '-' : mark[status]).padEnd(5)).join(' ')}`,
    );
  const summary = `${grid.changed} of ${grid.rows.length} checks differ between the runs${options.all ? '' : ' (--all shows every check)'}.`;
  const choices =
    grid.choices.length === 0
      ? []
      : ['', 'What each server chose (where the spec leaves it open):', ...choiceLines(grid)];
  return ['Runs:', ...legend, '', header, ...lines, '', summary, ...choices].join('\n');
}

function choiceLines(grid: ComparisonGrid): string[] {
  const width = Math.max(...grid.choices.map((row) => row.point.length));
  const cell = Math.max(5, ...grid.choices.flatMap((row) => row.readings.map((reading) => (reading ?? '-').length)));
  return [
    `  ${'open point'.padEnd(width)}  ${grid.runs.map((_, index) => `[${index + 1}]`.padEnd(cell)).join('  ')}`,
    ...grid.choices.map(
      (row) =>
        `${row.changed ? '*' : ' '} ${row.point.padEnd(width)}  ${row.readings.map((reading) => (reading ?? '-').padEnd(cell)).join('  ')}`,
    ),
  ];
}
