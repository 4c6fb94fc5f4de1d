// The stylesheet both report pages start from: one palette, system fonts, headings, tables, the
// verdict banner and the facts list. System fonts only, since the pages open with no network.
// What only one page shows is styled beside that page (load/load-style.ts, conformance-html/index-style.ts).
export const baseCss = `
:root { --text: #1f2937; --muted: #6b7280; --line: #e5e7eb; --panel: #f9fafb; --pass: #047857; --pass-bg: #ecfdf5;
  --fail: #b91c1c; --fail-bg: #fef2f2; --warn: #92400e; --warn-bg: #fffbeb; }
* { box-sizing: border-box; }
body { margin: 0; padding: 32px 40px 56px; color: var(--text); background: #fff;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1200px; margin: 0 auto; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0; }
h3 { font-size: 15px; margin: 20px 0 8px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
.target { margin: 0 0 20px; color: var(--muted); word-break: break-all; }
.target code { color: var(--text); font-size: 14px; }
.verdict { border-radius: 8px; padding: 14px 18px; margin: 0 0 24px; border: 1px solid; }
.verdict.passed { color: var(--pass); background: var(--pass-bg); border-color: #a7f3d0; }
.verdict.failed { color: var(--fail); background: var(--fail-bg); border-color: #fecaca; }
.verdict strong { font-size: 18px; letter-spacing: .03em; }
.verdict ul { margin: 6px 0 0; padding-left: 20px; color: var(--text); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 6px 24px; margin: 0 0 28px; padding: 16px 20px;
  background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 7px 12px; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { font-size: 13px; color: var(--muted); font-weight: 600; border-bottom: 2px solid var(--line); }
tbody th { font-weight: 500; color: var(--muted); white-space: nowrap; }
th.num, td.num { text-align: right; }
td.num { white-space: nowrap; }
.pass { color: var(--pass); }
.fail { color: var(--fail); }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
@media (max-width: 900px) { body { padding: 20px; } }
`;
