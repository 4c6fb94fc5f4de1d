// msgapi load export artillery: the plan as an Artillery 2.0.21 script (the last release that runs
// on Node 20) and the processor that counts its responses. Open model: one arrival phase at this
// runner's share of the rate, each virtual user sending one request. Closed model: this runner's
// share of the connections as virtual users, each looping over its scenario until the duration is
// over; one Artillery run per scenario (--scenario-name), as msgapi load measures them in turn.
// --stages become phases ramping with rampTo. The script's `before` section runs a processor
// function once, before any virtual user, that fails the run when ACCESS_TOKEN is not set
// (Artillery 2.0.21 runs it in the main thread and stops when it calls back an error).
import { stringify } from 'yaml';
import { perWorker, type ExportedScenario, type ExportPlan, type ExportResult } from '../export-plan.ts';
import { non2xxCounter, processorHooks, processorSource } from './processor-source.ts';

export const artilleryVersion = '2.0.21';
export const scriptFileName = 'msgapi-artillery.yml';
export const processorFileName = 'msgapi-artillery-processor.cjs';

const artillery = `npx --yes artillery@${artilleryVersion}`;

/** One runner's share, whole (Artillery takes whole virtual users and connections). */
const share = (total: number, workers: number): number => Math.max(1, Math.round(perWorker(total, workers)));

function request(plan: ExportPlan, scenario: ExportedScenario) {
  return {
    get: {
      url: scenario.path,
      // The processor reads the scenario from the request's name (also Artillery's per-endpoint name).
      name: scenario.name,
      headers: { authorization: `Bearer {{ $env.${plan.tokenVariable} }}`, accept: 'application/json' },
    },
  };
}

function scenarioSpec(plan: ExportPlan, scenario: ExportedScenario) {
  const hooks = {
    beforeRequest: processorHooks.beforeRequest,
    afterResponse: processorHooks.afterResponse,
    onError: processorHooks.onError,
  };
  if (plan.model === 'open') return { name: scenario.name, weight: 1, ...hooks, flow: [request(plan, scenario)] };
  return {
    name: scenario.name,
    ...hooks,
    flow: [
      { function: processorHooks.startClock },
      { loop: [request(plan, scenario)], whileTrue: processorHooks.beforeDeadline },
    ],
  };
}

/** A rate of one runner, as the phases write it: three decimals. */
const runnerRate = (rate: number, workers: number) => Math.round((rate / workers) * 1000) / 1000;

/** Artillery counts a phase's duration in whole seconds. */
const wholeSeconds = (seconds: number) => Math.max(1, Math.round(seconds));

/** --stages as Artillery phases: a ramp from the rate before (rampTo), a constant rate, or a pause at 0. */
function stagePhases(plan: ExportPlan) {
  let from = 0;
  return plan.stages!.map((stage, index) => {
    const start = runnerRate(from, plan.workers);
    const end = runnerRate(stage.target, plan.workers);
    const duration = wholeSeconds(stage.durationS);
    from = stage.target;
    const name = `msgapi open model, stage ${index + 1}: ${start} to ${end} requests/s`;
    if (start === 0 && end === 0) return { name, pause: duration };
    return start === end ? { name, duration, arrivalRate: end } : { name, duration, arrivalRate: start, rampTo: end };
  });
}

function phases(plan: ExportPlan) {
  if (plan.model === 'open' && plan.stages) return stagePhases(plan);
  if (plan.model === 'open') {
    const rate = runnerRate(plan.rate, plan.workers);
    return [{ name: `msgapi open model: ${rate} requests/s`, duration: plan.durationS, arrivalRate: rate }];
  }
  // Every virtual user starts within the first second and loops until the duration is over.
  const users = share(plan.connections, plan.workers);
  return [{ name: `msgapi closed model: ${users} virtual users`, duration: 1, arrivalCount: users, maxVusers: users }];
}

export function artilleryScript(plan: ExportPlan): string {
  const script = {
    config: {
      target: plan.origin,
      processor: `./${processorFileName}`,
      http: { pool: share(plan.connections, plan.workers) },
      phases: phases(plan),
      // Artillery's exit code: 1 when any virtual user failed (a request without a response) or any
      // response was not 2xx. Artillery 2.0.21 reads ensure only with its plugin listed.
      plugins: { ensure: {} },
      ensure: { maxErrorRate: 0, thresholds: [{ [non2xxCounter]: 1 }] },
    },
    // Once, before any virtual user: the run stops here when the token is missing.
    before: { flow: [{ function: processorHooks.requireToken }] },
    scenarios: plan.scenarios.map((scenario) => scenarioSpec(plan, scenario)),
  };
  return (
    `# msgapi load export artillery: ${plan.model} model, ${plan.workers} runner${plan.workers === 1 ? '' : 's'}. Needs Artillery ${artilleryVersion} (Node 20)\n` +
    `# and ${plan.tokenVariable} in the environment; msgapi load import artillery reads the reports back.\n${stringify(script, { lineWidth: 0 })}`
  );
}

/** The reports the commands write: one per scenario in the closed model, one per runner. */
export function reportFileName(plan: ExportPlan, runner: number, scenario?: string): string {
  return `artillery-report${scenario ? `-${scenario}` : ''}${plan.workers > 1 ? `-runner${runner}` : ''}.json`;
}

function runCommands(plan: ExportPlan): string[] {
  const runners = Array.from({ length: plan.workers }, (_, index) => index + 1);
  const runs =
    plan.model === 'open'
      ? runners.map((runner) => `${artillery} run --output ${reportFileName(plan, runner)} ${scriptFileName}`)
      : plan.scenarios.flatMap((scenario) =>
          runners.map(
            (runner) =>
              `${artillery} run --scenario-name ${scenario.name} --output ${reportFileName(plan, runner, scenario.name)} ${scriptFileName}`,
          ),
        );
  return [...runs, 'npx msgapi load import artillery artillery-report*.json'];
}

function exportNotes(plan: ExportPlan): string[] {
  const notes = [
    `The script reads the token from ${plan.tokenVariable} where it runs ({{ $env.${plan.tokenVariable} }}); on run-fargate or run-lambda pass it with --dotenv or --secret.`,
    `npx installs Artillery ${artilleryVersion} on first use; where its browser download cannot reach the internet, set PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.`,
    "Latencies are timed by the processor from Artillery's beforeRequest hook to its afterResponse hook (the whole body read, any wait for a pooled connection included); Artillery's own http.response_time is the time to the first byte, in whole milliseconds.",
    "Thresholds are judged by msgapi load import artillery, not by Artillery; the script's ensure fails Artillery's exit code on any error or non-2xx response.",
    `The script's before section stops the run before any request when ${plan.tokenVariable} is not set.`,
  ];
  if (plan.stages?.some((stage) => stage.durationS !== wholeSeconds(stage.durationS)))
    notes.push('Artillery counts phases in whole seconds: stages not lasting whole seconds are rounded.');
  if (plan.model === 'open') {
    notes.push(
      `Open model: Artillery picks each arriving virtual user's scenario at random (equal weights), so each scenario gets about 1/${plan.scenarios.length} of the rate, not exactly; msgapi load's open model counts latency from each request's due time, Artillery from when the virtual user sends it.`,
    );
    if (plan.scenarios.some((scenario) => scenario.walk))
      notes.push(
        'Open model walks: the virtual users of one Artillery worker share one walk, each asking for the page after the last one answered; two arriving before an answer ask for the same page.',
      );
  } else {
    notes.push(
      'Closed model: Artillery has no closed model; each virtual user loops over its scenario until the duration is over, one request at a time, which is what a connection of msgapi load does; but a request without a response ends its virtual user, so the load drops by one connection per error.',
      `Closed model: no warm-up (Artillery has no uncounted phase): the ${plan.warmupS} s of msgapi load's warm-up are counted here; run each scenario on its own (--scenario-name), as the commands do.`,
    );
  }
  if (plan.workers > 1)
    notes.push(
      `${plan.workers} runners: run each command's runner copies at the same time (on ${plan.workers} machines, or artillery run-fargate --count ${plan.workers} with one --output); each runs ${plan.model === 'open' ? 'rate' : 'connections'}/${plan.workers}.`,
    );
  for (const left of plan.leftOut) notes.push(`${left.name} is left out: ${left.why}.`);
  return notes;
}

export function exportArtillery(plan: ExportPlan): ExportResult {
  return {
    files: [
      { name: scriptFileName, content: artilleryScript(plan) },
      { name: processorFileName, content: processorSource(plan) },
    ],
    run: runCommands(plan),
    notes: exportNotes(plan),
  };
}
