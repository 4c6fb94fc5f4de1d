// reports/index.html's stylesheet, on top of the kit's base style (same palette, fonts and tables,
// so the two pages look like one tool) and the load figures' style (for its load section).
// System fonts only: the page opens with no network.
import { loadCss } from '../load/load-style.ts';
import { baseCss } from '../page-kit/base-style.ts';

const indexCss = `
:root { --flaky: #b45309; --flaky-bg: #fff7ed; --blocked: #6d28d9; --blocked-bg: #f5f3ff; --skip: #4b5563; --skip-bg: #f3f4f6;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
html { scroll-behavior: smooth; scroll-padding-top: 64px; }
body { padding-top: 0; }
a { color: #1d4ed8; text-decoration: none; }
a:hover { text-decoration: underline; }
nav.toc { position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; gap: 4px 18px; align-items: baseline;
  margin: 0 -40px 24px; padding: 12px 40px; background: rgba(255,255,255,.96); border-bottom: 1px solid var(--line); font-size: 14px; }
nav.toc .brand { font-weight: 700; margin-right: 8px; }
nav.toc a { color: var(--text); }
nav.toc .n { color: var(--muted); }
nav.toc .n.bad { color: var(--fail); font-weight: 600; }
header.run h1 { margin-bottom: 14px; }
.verdict { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
.verdict-why { color: var(--text); }
.verdict-scope { color: var(--muted); }
.verdict-notices { flex-basis: 100%; margin: 4px 0 0; color: var(--text); font-size: 14px; }
.tiles { display: grid; grid-template-columns: repeat(6, minmax(0, 1fr)); gap: 12px; margin: 0 0 20px; }
.tile { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; display: flex; flex-direction: column; gap: 2px; border-top: 4px solid var(--line); }
.tile .number { font-size: 28px; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; }
.tile.s-passed { border-top-color: var(--pass); } .tile.s-failed { border-top-color: var(--fail); }
.tile.s-flaky { border-top-color: var(--flaky); } .tile.s-blocked { border-top-color: var(--blocked); }
.tile.s-skipped { border-top-color: #9ca3af; } .tile.gating-tile { border-top-color: var(--fail); }
.tile.zero { border-top-color: var(--line); } .tile.zero .number { color: #9ca3af; }
.tile .status { align-self: flex-start; }
.tile-label { color: var(--muted); font-weight: 600; font-size: 13px; line-height: 1.5; padding: 1px 0; border: 1px solid transparent; }
.warning-box { margin: 0 0 20px; padding: 10px 16px; border-radius: 8px; color: var(--warn); background: var(--warn-bg); border: 1px solid #fde68a; }
.warning-box p { margin: 4px 0; }
code.replay { background: var(--panel); border: 1px solid var(--line); border-radius: 4px; padding: 1px 5px; }
ul.variants { list-style: none; margin: -12px 0 24px; padding: 12px 20px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
.expectations { margin: 0 0 24px; padding: 14px 20px; border: 1px solid var(--line); border-radius: 8px; }
.expectations > p { margin: 0; }
.outcome h3 { margin: 14px 0 2px; }
.outcome p { margin: 0 0 4px; color: var(--muted); }
.outcome ul { margin: 0; padding-left: 22px; }
.outcome.new h3, .outcome.new-blocked h3, .outcome.unexpected h3 { color: var(--fail); }
.outcome .reason { color: var(--muted); }

/* Status words: a glyph and a word, the colour only repeats them. */
.status { display: inline-flex; align-items: baseline; gap: 4px; white-space: nowrap; font-size: 13px; font-weight: 600;
  padding: 1px 8px; border-radius: 999px; border: 1px solid transparent; }
.status .glyph { font-weight: 700; }
.status.s-passed { color: var(--pass); background: var(--pass-bg); border-color: #a7f3d0; }
.status.s-failed { color: var(--fail); background: var(--fail-bg); border-color: #fecaca; }
.status.s-flaky { color: var(--flaky); background: var(--flaky-bg); border-color: #fed7aa; }
.status.s-blocked { color: var(--blocked); background: var(--blocked-bg); border-color: #ddd6fe; }
.status.s-skipped, .status.s-none { color: var(--skip); background: var(--skip-bg); border-color: #e5e7eb; }
.status.expected { background: #fff; border-style: dashed; }
.level { font-size: 12px; padding: 0 7px; border-radius: 4px; background: var(--skip-bg); color: var(--skip); white-space: nowrap; }
.level-security { background: #eff6ff; color: #1e40af; } .level-robustness { background: #f0fdfa; color: #115e59; }
.level-convention { background: #fafaf9; color: #78716c; border: 1px dashed #d6d3d1; }
.gating { font-size: 13px; white-space: nowrap; } .gating.yes { color: var(--text); } .gating.no { color: var(--muted); }

section.block { margin: 40px 0 0; padding-top: 24px; border-top: 2px solid var(--line); }
section.block > h2 { font-size: 22px; margin-bottom: 6px; }
/* A page of one part (load alone, compare alone) starts with it: no rule above the first block. */
main > section.block:first-child { margin-top: 0; padding-top: 0; border-top: 0; }
.lead { color: var(--muted); margin: 0 0 16px; }
.check-title { color: var(--muted); font-size: 14px; }

table.matrix { margin: 0 0 24px; }
table.matrix th, table.matrix td { padding: 6px 10px; vertical-align: middle; }
table.matrix thead th.num { text-align: center; }
table.matrix tbody th { color: var(--text); font-weight: 600; }
table.matrix tbody th a { color: var(--text); }
.section-title { color: var(--muted); font-weight: 400; margin-left: 6px; }
td.count { text-align: center; font-weight: 600; width: 86px; }
td.count.zero { color: #d1d5db; font-weight: 400; }
td.count.s-passed:not(.zero) { color: var(--pass); }
td.count.s-failed:not(.zero) { color: var(--fail); background: var(--fail-bg); }
td.count.s-flaky:not(.zero) { color: var(--flaky); background: var(--flaky-bg); }
td.count.s-blocked:not(.zero) { color: var(--blocked); background: var(--blocked-bg); }
td.count.s-skipped:not(.zero) { color: var(--skip); background: var(--skip-bg); }
tr.troubled > th { box-shadow: inset 4px 0 0 var(--fail); }
td.chips { line-height: 0; }
.chip { display: inline-flex; width: 17px; height: 17px; margin: 1px; border-radius: 3px; align-items: center; justify-content: center;
  font-size: 11px; font-weight: 700; line-height: 1; color: #fff; text-decoration: none !important; }
.chip.s-passed { background: #34d399; color: #064e3b; } .chip.s-failed { background: var(--fail); }
.chip.s-flaky { background: #f59e0b; color: #451a03; } .chip.s-blocked { background: #8b5cf6; }
.chip.s-skipped { background: #e5e7eb; color: #374151; }
.chip.expected { background: #fff; color: var(--fail); box-shadow: inset 0 0 0 1.5px var(--fail); }

details.section { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 10px; }
/* A flex summary loses its disclosure triangle: draw one, so a folded block still looks openable. */
details.section > summary, #skipped details > summary { list-style: none; }
details.section > summary::-webkit-details-marker, #skipped details > summary::-webkit-details-marker { display: none; }
details.section > summary::before, #skipped details > summary::before { content: '▸'; color: var(--muted); width: 12px; flex: none; }
details.section[open] > summary::before, #skipped details[open] > summary::before { content: '▾'; }
details.section > summary { cursor: pointer; padding: 10px 16px; display: flex; gap: 14px; align-items: baseline; }
details.section > summary .section-name { font-weight: 600; min-width: 300px; }
details.section > summary .section-counts { color: var(--muted); font-size: 14px; }
details.section[open] > summary { border-bottom: 1px solid var(--line); background: var(--panel); border-radius: 8px 8px 0 0; }
table.checks { margin: 0; table-layout: fixed; }
col.c-status { width: 190px; } col.c-level { width: 130px; } col.c-gating { width: 140px; }
table.checks th, table.checks td { padding: 7px 16px; }
table.checks tr:last-child td { border-bottom: 0; }
details.passed-rows { border-top: 1px solid var(--line); }
details.passed-rows > summary { cursor: pointer; padding: 8px 16px; color: var(--pass); font-size: 14px; font-weight: 600; }
details.passed-rows[open] > summary { border-bottom: 1px solid var(--line); }
.attempts-inline { font-size: 13px; color: var(--flaky); }

.failure-group { margin: 8px 0 0; }
h3.group-title { margin: 24px 0 2px; }
.check-card, .counterexample { border: 1px solid var(--line); border-left: 5px solid var(--line); border-radius: 8px; padding: 14px 18px 16px; margin: 0 0 16px; }
.check-card.s-failed { border-left-color: var(--fail); } .check-card.s-flaky { border-left-color: var(--flaky); }
.check-card.s-blocked { border-left-color: var(--blocked); } .check-card.expected { border-left-style: dashed; }
.counterexample { border-left-color: #1d4ed8; }
.check-card > header, .counterexample > header { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; }
.check-card h3, .counterexample h3 { margin: 0; text-transform: none; letter-spacing: 0; color: var(--text); font-size: 16px; }
.check-card h3 code, .counterexample h3 code { font-size: 15px; font-weight: 700; }
.check-card .meta, .counterexample .meta, li .meta { color: var(--muted); font-size: 13px; display: inline-flex; gap: 8px; align-items: baseline; }
.check-card > .check-title, .counterexample > .check-title { margin: 4px 0 12px; color: var(--text); font-size: 15px; }
pre { font-family: var(--mono); font-size: 12.5px; line-height: 1.5; margin: 0; padding: 10px 12px; border-radius: 6px; background: var(--panel);
  border: 1px solid var(--line); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto; }
.side-label { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 12px 0 4px; }
.expected-received { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px; }
.expected-received .side-label { margin-top: 0; }
.side-expected pre { background: var(--pass-bg); border-color: #a7f3d0; }
.side-received pre { background: var(--fail-bg); border-color: #fecaca; }
.side-expected .side-label { color: var(--pass); } .side-received .side-label { color: var(--fail); }
.note { margin: 0 0 12px; padding: 2px 0 2px 12px; border-left: 3px solid var(--line); white-space: pre-wrap; overflow-wrap: anywhere; }
.check-card.s-blocked .note { border-left-color: var(--blocked); } .check-card.s-flaky .note { border-left-color: var(--flaky); }
.attempts-same { margin: -6px 0 10px; font-size: 13px; color: var(--muted); }
.known { margin: 0 0 10px; padding: 8px 12px; border-radius: 6px; background: var(--skip-bg); }
.serial-rerun { margin: 0 0 10px; padding: 8px 12px; border-radius: 6px; background: var(--panel); border: 1px solid var(--line); }
.see-counterexample { margin: 10px 0 0; font-size: 14px; }
.attempts { display: flex; gap: 12px; align-items: center; margin: 0 0 12px; flex-wrap: wrap; }
.attempts .label { font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
.attempts ol { display: flex; gap: 8px; list-style: none; margin: 0; padding: 0; flex-wrap: wrap; }
.attempts li { display: inline-flex; gap: 6px; align-items: baseline; }
.attempt-no { font-size: 12px; color: var(--muted); }
.copy-block { margin: 12px 0 0; }
.copy-head { display: flex; justify-content: space-between; align-items: flex-end; margin: 0 0 4px; font-size: 12px; font-weight: 700;
  text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
button.copy { font: inherit; font-size: 12px; text-transform: none; letter-spacing: 0; font-weight: 600; padding: 3px 12px; border-radius: 6px;
  border: 1px solid #d1d5db; background: #fff; color: var(--text); cursor: pointer; }
button.copy:hover { background: var(--panel); }
pre.curl, pre.replay-script { background: #111827; color: #e5e7eb; border-color: #111827; user-select: all; }
ol.step-list { list-style: none; margin: 0; padding: 0; }
ol.step-list > li { margin: 0 0 10px; padding: 2px 0 2px 14px; border-left: 3px solid #bfdbfe; }
ol.step-list .call { margin: 0 0 3px; } ol.step-list .call code { font-size: 13.5px; font-weight: 600; }
.step-no { font-weight: 700; color: #1d4ed8; margin-right: 2px; }
ol.step-list .http code { color: var(--muted); font-size: 12.5px; }
ol.step-list pre.curl { margin: 3px 0 6px; max-height: none; }
.replay-line, .case-alone { margin: 0 0 4px; }

#skipped details > summary { cursor: pointer; display: flex; gap: 14px; align-items: baseline; }
#skipped details > summary h2 { display: inline; font-size: 22px; }
#skipped details > summary .lead { margin: 0; }
#skipped ul { list-style: none; padding: 0; margin: 14px 0 0; }
#skipped li { padding: 10px 0; border-bottom: 1px solid var(--line); }
#skipped li .reason { margin-top: 2px; }

.comparison ol.runs { list-style: none; padding: 0; margin: 0 0 10px; }
.run-no { font-family: var(--mono); color: var(--muted); }
input.show-all { margin: 0 6px 12px 0; }
table.grid tr.unchanged { display: none; }
input.show-all:checked ~ .table-wrap table.grid tr.unchanged { display: table-row; }
table.grid tr.changed { background: #fefce8; }
table.grid td.mark { width: 84px; }
.changed-mark { font-size: 12px; font-weight: 700; color: #854d0e; background: #fef08a; padding: 1px 7px; border-radius: 4px; }
table.grid td.spec { white-space: nowrap; color: var(--muted); font-size: 14px; }

section.load .target { margin-bottom: 14px; }
section.load section.scenario h2 { font-size: 18px; }
.all-clear { padding: 12px 16px; border-radius: 8px; color: var(--pass); background: var(--pass-bg); }
@media (max-width: 900px) { .tiles { grid-template-columns: repeat(3, minmax(0, 1fr)); } .expected-received { grid-template-columns: 1fr; }
  nav.toc { margin: 0 -20px 20px; padding: 10px 20px; } }
@media print { nav.toc { position: static; } pre { max-height: none; } }
`;

export const indexReportCss = baseCss + loadCss + indexCss;
