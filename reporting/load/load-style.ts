// The load figures' stylesheet: a scenario's section, its charts and its tables of figures. Used by
// reports/load.html and by the load section of reports/index.html, on top of the kit's base style.
export const loadCss = `
:root { --closed: #2563eb; --open: #d97706; }
.gates td.result { font-weight: 600; white-space: nowrap; }
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
details.per-second { margin: 12px 0 0; }
details.per-second summary { cursor: pointer; }
table.per-second th, table.per-second td { padding: 2px 10px; }
ul.notes li { margin: 4px 0; }
.samples { margin: 16px 0 0; }
.problems { margin: 6px 0 0; padding: 10px 16px 10px 32px; background: var(--warn-bg); border-radius: 8px; color: var(--warn); }
.problems li { word-break: break-word; }
@media (max-width: 900px) { .charts, .figures-grid { grid-template-columns: 1fr; } }
`;
