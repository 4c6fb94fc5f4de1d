// Figures as a person reads them: plain-text tables with aligned columns, rates as whole
// requests per second, latencies in ms, ratios and CPU shares to two places.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const rate = (perSecond: number): string => Math.round(perSecond).toLocaleString('en-US');
export const ms = (us: number): string => (Number.isFinite(us) ? (us / 1000).toFixed(us < 10_000 ? 2 : 1) : '?');
export const fraction = (value: number | undefined): string =>
  value === undefined || !Number.isFinite(value) ? '?' : value.toFixed(2);

export interface Column {
  header: string;
  /** Figures are right-aligned, words left-aligned. */
  numeric: boolean;
  width?: number;
}

/** One line of a table; with fixed widths, rows can be printed as they are measured. */
export function tableLine(columns: readonly Column[], cells: readonly string[]): string {
  return columns
    .map((column, index) => {
      const width = Math.max(column.width ?? 0, column.header.length);
      return column.numeric ? cells[index]!.padStart(width) : cells[index]!.padEnd(width);
    })
    .join('  ')
    .trimEnd();
}

export const tableHeader = (columns: readonly Column[]): string =>
  [
    tableLine(
      columns,
      columns.map((column) => column.header),
    ),
    tableLine(
      columns,
      columns.map((column) => '-'.repeat(Math.max(column.width ?? 0, column.header.length))),
    ),
  ].join('\n');

/** A whole table, each column as wide as its widest cell. */
export function table(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const sized = columns.map((column, index) => ({
    ...column,
    width: Math.max(column.width ?? 0, ...rows.map((row) => row[index]!.length)),
  }));
  return [tableHeader(sized), ...rows.map((row) => tableLine(sized, row))].join('\n');
}
