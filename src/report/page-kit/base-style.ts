// The HTML load report's stylesheet: system fonts only, since the page must open with no network.
export const loadReportCss = `
:root { --text: #1f2937; --muted: #6b7280; --line: #e5e7eb; --panel: #f9fafb; --pass: #047857; --pass-bg: #ecfdf5;
  --fail: #b91c1c; --fail-bg: #fef2f2; --warn: #92400e; --warn-bg: #fffbeb; --closed: #2563eb; --open: #d97706; }
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
.gates td.result { font-weight: 600; white-space: nowrap; }
.pass { color: var(--pass); }
.fail { color: var(--fail); }
section.scenario { margin: 36px 0 0; padding-top: 24px; border-top: 2px solid var(--line); }
.scenario-head { display: flex; align-items: baseline; gap: 14px; flex-wrap: wrap; }
.scenario-head .spec { color: var(--muted); }
.request { margin: 4px 0 0; color: var(--muted); word-break: break-all; }
.skipped { margin: 14px 0 0; padding: 12px 16px; border-radius: 8px; background: var(--panel); border: 1px dashed #d1d5db; }
.charts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 20px; margin: 18px 0 0; }
figure { margin: 0; padding: 12px 14px 8px; border: 1px solid var(--line); border-radius: 8px; }
figcaption { font-weight: 600; margin: 0 0 6px; }
.chart-box { position: relative; height: 300px; }
.figures-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 20px; align-items: start; }
table.figures th, table.figures td { padding: 6px 10px; }
/* Fixed layout: model columns share the width equally, and a long header wraps instead of overflowing. */
table.figures { table-layout: fixed; }
table.figures tr > :first-child { width: 140px; }
table.figures thead th.closed { color: var(--closed); }
table.figures thead th.open { color: var(--open); }
td.warning { color: var(--warn); background: var(--warn-bg); font-weight: 600; }
.generator-bound { margin: 14px 0 0; padding: 10px 16px; border-radius: 8px; color: var(--warn); background: var(--warn-bg); border: 1px solid #fde68a; }
.samples { margin: 16px 0 0; }
.problems { margin: 6px 0 0; padding: 10px 16px 10px 32px; background: var(--warn-bg); border-radius: 8px; color: var(--warn); }
.problems li { word-break: break-word; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
@media (max-width: 900px) { .charts, .figures-grid { grid-template-columns: 1fr; } body { padding: 20px; } }
`;
