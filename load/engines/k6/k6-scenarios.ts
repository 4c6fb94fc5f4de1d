// Our scenarios as k6 scenarios: k6 names a scenario by its key in options.scenarios, and allows
// only latin letters, digits, _ and - there (lib/executor/base_config.go, executorNameWhitelist), so
// conversations.default becomes conversations_default; our own name travels as the tag
// msgapi_scenario on every sample, which is what the import reads.
import { peakRate, type ExportPlan, type ExportedScenario } from '../export-plan.ts';

/** The tag every sample of a scenario carries with our scenario name. */
export const scenarioTag = 'msgapi_scenario';

export interface K6Scenario {
  scenario: ExportedScenario;
  /** The key in options.scenarios, also the name of the exported function it runs (exec). */
  key: string;
  config: Record<string, string | number | Record<string, string> | Array<{ duration: string; target: number }>>;
}

/** A JavaScript identifier k6 also takes as a scenario name: letters, digits and _. */
export function scenarioKey(name: string): string {
  const key = name.replace(/[^0-9A-Za-z_]/g, '_');
  return /^[0-9]/.test(key) ? `s_${key}` : key;
}

/** k6's rate is an integer per timeUnit: whole requests per second where it can, else per 1000 s. */
export function arrivalRate(perSecond: number): { rate: number; timeUnit: string } {
  if (Number.isInteger(perSecond)) return { rate: perSecond, timeUnit: '1s' };
  return { rate: Math.max(1, Math.round(perSecond * 1000)), timeUnit: '1000s' };
}

/** Each scenario's share of the rate (open model), of all runners together: k6 splits it over the runners itself. */
export const ratePerScenario = (plan: ExportPlan): number => plan.rate / plan.scenarios.length;

/**
 * The latency up to which the open model keeps its rate. k6 sends each arrival on a free VU and
 * drops it when none is free; a VU is busy for a request's whole latency, so holding R req/s at
 * latency L takes R × L VUs (Little's law). maxVUs is sized for answers of up to 2 s at the
 * highest rate: beyond that k6 drops iterations (dropped_iterations), and msgapi load import says
 * the open model was not held.
 */
export const latencyBoundS = 2;

/** maxVUs of an open-model scenario: its peak rate × latencyBoundS, never fewer than the VUs allocated first. */
export const maxVusPerScenario = (plan: ExportPlan): number =>
  Math.max(vusPerScenario(plan), Math.ceil((peakRate(plan) / plan.scenarios.length) * latencyBoundS));

/** --stages per scenario, in one timeUnit for all stages (k6 takes whole targets per timeUnit). */
function rampingStages(plan: ExportPlan): { timeUnit: string; stages: Array<{ duration: string; target: number }> } {
  const perScenario = plan.stages!.map((stage) => ({
    durationS: stage.durationS,
    target: stage.target / plan.scenarios.length,
  }));
  const whole = perScenario.every((stage) => Number.isInteger(stage.target));
  return {
    timeUnit: whole ? '1s' : '1000s',
    stages: perScenario.map((stage) => ({
      duration: `${stage.durationS}s`,
      target: whole ? stage.target : Math.round(stage.target * 1000),
    })),
  };
}

/**
 * Virtual users per scenario, of all runners together. Closed model: the connections, spread over
 * the scenarios. Open model: each runner may use plan.connections, so the script holds that many
 * times the runners (k6 gives each runner its segment of them).
 */
export function vusPerScenario(plan: ExportPlan): number {
  const share = Math.max(1, Math.ceil(plan.connections / plan.scenarios.length));
  return plan.model === 'closed' ? share : share * plan.workers;
}

export function k6Scenarios(plan: ExportPlan): K6Scenario[] {
  const used = new Set<string>();
  return plan.scenarios.map((scenario) => {
    let key = scenarioKey(scenario.name);
    for (let n = 2; used.has(key); n++) key = `${scenarioKey(scenario.name)}_${n}`;
    used.add(key);
    const tags = { [scenarioTag]: scenario.name };
    const vus = vusPerScenario(plan);
    const maxVUs = maxVusPerScenario(plan);
    const config: K6Scenario['config'] =
      plan.model === 'closed'
        ? { executor: 'constant-vus', exec: key, vus, duration: `${plan.durationS}s`, tags }
        : plan.stages
          ? {
              executor: 'ramping-arrival-rate',
              exec: key,
              startRate: 0,
              ...rampingStages(plan),
              preAllocatedVUs: vus,
              maxVUs,
              tags,
            }
          : {
              executor: 'constant-arrival-rate',
              exec: key,
              ...arrivalRate(ratePerScenario(plan)),
              duration: `${plan.durationS}s`,
              preAllocatedVUs: vus,
              maxVUs,
              tags,
            };
    return { scenario, key, config };
  });
}
