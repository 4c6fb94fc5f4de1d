// Text on the static report pages: escaping whatever came from a report, JSON for inline scripts,
// and numbers as a reader reads them. What only one page shows is formatted beside that page.

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every string from a report goes through here: names, URLs and problems are not ours. */
export const escapeHtml = (text: string | number): string => String(text).replace(/[&<>"']/g, (c) => htmlEntities[c]!);

/** JSON inside <script>: a "</" would end the element early and "<!--" would change how it is parsed. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/<\//g, '<\\/').replace(/<!--/g, '\\u003c!--');

/** 12345.678 → "12,346" (or "12,345.7" with one fraction digit). */
export const formatNumber = (value: number, fractionDigits = 0): string =>
  value.toLocaleString('en-US', { maximumFractionDigits: fractionDigits, minimumFractionDigits: 0 });

export const formatCount = (count: number): string => formatNumber(count);

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
