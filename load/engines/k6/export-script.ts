// msgapi load export k6: one k6 script (an ES module) with a k6 scenario per scenario of ours,
// constant-arrival-rate for the open model (ramping-arrival-rate with --stages) and constant-vus
// for the closed one, each running an exported function of its own. It gates as msgapi load does
// (k6-thresholds.ts: any failed request or check fails k6's exit code), and its setup() stops the
// run before any request when ACCESS_TOKEN is missing. The script holds the figures of all runners together: k6-operator
// (parallelism: N) and `k6 run --execution-segment` give each runner its 1/N segment of the
// rate and of the VUs, so nothing is divided here.
import { peakRate, type ExportPlan, type ExportResult } from '../export-plan.ts';
import {
  k6Scenarios,
  latencyBoundS,
  maxVusPerScenario,
  ratePerScenario,
  vusPerScenario,
  type K6Scenario,
} from './k6-scenarios.ts';
import { k6Thresholds } from './k6-thresholds.ts';
import { scriptRuntime } from './script-runtime.ts';

export const k6ScriptName = 'msgapi-k6.js';

const literal = (value: unknown) => JSON.stringify(value);

function scenarioFunction({ scenario, key }: K6Scenario): string {
  const call = scenario.walk
    ? `walkStep(${literal(scenario.name)}, ${literal(scenario.path)}, ${literal(scenario.walk)});`
    : `list(${literal(scenario.name)}, ${literal(scenario.path)}, ${literal(scenario.path)});`;
  const what = scenario.walk
    ? `one page of the walk of ${scenario.path} (${scenario.walk.kind})`
    : `GET ${scenario.path}`;
  return `/** ${scenario.name} (${scenario.spec}): ${what}. */\nexport function ${key}() {\n  ${call}\n}`;
}

/** Fractions of the work as k6 writes them in --execution-segment: 0, 1/4, 2/4, …, 1. */
const fraction = (index: number, workers: number) =>
  index === 0 ? '0' : index === workers ? '1' : `${index}/${workers}`;

export function runCommands(plan: ExportPlan): string[] {
  const importCommand = (files: string[]) => `npx msgapi load import k6 ${files.join(' ')}`;
  if (plan.workers === 1) return [`k6 run --out json=k6-output.gz ${k6ScriptName}`, importCommand(['k6-output.gz'])];
  const sequence = Array.from({ length: plan.workers + 1 }, (_, index) => fraction(index, plan.workers)).join(',');
  const files = Array.from({ length: plan.workers }, (_, index) => `k6-output-${index + 1}.gz`);
  return [
    ...files.map(
      (file, index) =>
        `k6 run --execution-segment ${fraction(index, plan.workers)}:${fraction(index + 1, plan.workers)} --execution-segment-sequence ${sequence} --out json=${file} ${k6ScriptName}`,
    ),
    importCommand(files),
  ];
}

/** What the script offers, in words: the rate, the stages' peak, or the connections. */
const offered = (plan: ExportPlan): string =>
  plan.model === 'closed'
    ? `${plan.connections} connections`
    : plan.stages
      ? `stages up to ${peakRate(plan)} req/s`
      : `${plan.rate} req/s`;

function notesOf(plan: ExportPlan, thresholdNotes: string[]): string[] {
  const notes = [
    `${plan.model === 'open' ? `${plan.stages ? `up to ${peakRate(plan) / plan.scenarios.length}` : ratePerScenario(plan)} req/s` : `${vusPerScenario(plan)} VUs`} per scenario in the script, for all ${plan.workers} runner${plan.workers === 1 ? '' : 's'} together: k6 gives each runner its execution segment (1/${plan.workers}); k6-operator does so with parallelism: ${plan.workers}, and each runner's --out json file is one file for msgapi load import.`,
    'k6 measures http_req_duration as sending + waiting + receiving: without the time to connect (http_req_connecting, http_req_tls_handshaking).',
  ];
  notes.push(
    "k6 exits 99 when a threshold fails: the script's thresholds include http_req_failed rate==0 (every request answered 2xx) and checks rate==1 (every body a list envelope), as msgapi load fails a run on any; its setup() fails the run before any request when ACCESS_TOKEN is not set.",
  );
  if (plan.model === 'open') {
    notes.push(
      `When no VU is free at an arrival, k6 drops that iteration (dropped_iterations) and never sends it, so its latency is missing: msgapi load import then says the open model was not held. maxVUs (${maxVusPerScenario(plan)} per scenario) holds the ${plan.stages ? 'peak ' : ''}rate for answers of up to ${latencyBoundS} s.`,
    );
  }
  if (plan.warmupS > 0)
    notes.push(`k6 has no uncounted warm-up: the ${plan.warmupS} s of warm-up are not in the script.`);
  return [...notes, ...thresholdNotes];
}

// k6 runs setup() once before any VU starts; an exception there (fail() throws one) ends the run
// with no request sent, where a missing token would otherwise go out as "Bearer undefined".
const setupFunction = `/** Stops the run before its first request when the token is missing. */
export function setup() {
  if (!__ENV.ACCESS_TOKEN) fail('ACCESS_TOKEN is not set: give the token in the environment (ACCESS_TOKEN=... k6 run ${k6ScriptName}); nothing was sent.');
}`;

export function exportK6(plan: ExportPlan): ExportResult {
  const scenarios = k6Scenarios(plan);
  const { thresholds, notes: thresholdNotes } = k6Thresholds(plan, scenarios);
  const options = { scenarios: Object.fromEntries(scenarios.map(({ key, config }) => [key, config])), thresholds };
  const header = [
    `// k6 script written by msgapi load export k6: ${plan.scenarios.length} scenario${plan.scenarios.length === 1 ? '' : 's'}, ${plan.model} model,`,
    `// ${offered(plan)} in all over ${plan.workers} runner${plan.workers === 1 ? '' : 's'}, ${plan.durationS} s, against ${plan.origin}.`,
    '// The token is read from ACCESS_TOKEN where k6 runs; it is not in this file. Run it with:',
    ...runCommands(plan).map((command) => `//   ${command}`),
  ];
  const content =
    [
      header.join('\n'),
      "import http from 'k6/http';\nimport { check, fail } from 'k6';",
      `const origin = ${literal(plan.origin)};`,
      `/** @type {import('k6/options').Options} */\nexport const options = ${JSON.stringify(options, null, 2)};`,
      scriptRuntime.trim(),
      setupFunction,
      ...scenarios.map(scenarioFunction),
      `/** Each scenario once (k6 run --iterations 1 ${k6ScriptName}: a smoke test, outside the scenarios). */\nexport default function () {\n${scenarios.map(({ key }) => `  ${key}();`).join('\n')}\n}`,
    ].join('\n\n') + '\n';
  return { files: [{ name: k6ScriptName, content }], run: runCommands(plan), notes: notesOf(plan, thresholdNotes) };
}
