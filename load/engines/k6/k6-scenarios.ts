// Our scenarios as k6 scenarios: k6 names a scenario by its key in options.scenarios, and allows
// only latin letters, digits, _ and - there (lib/executor/base_config.go, executorNameWhitelist), so
// conversations.default becomes conversations_default; our own name travels as the tag
// msgapi_scenario on every sample, which is what the import reads.
import type { ExportPlan, ExportedScenario } from '../export-plan.ts';

/** The tag every sample of a scenario carries with our scenario name. */
export const scenarioTag = 'msgapi_scenario';

export interface K6Scenario {
  scenario: ExportedScenario;
  /** The key in options.scenarios, also the name of the exported function it runs (exec). */
  key: string;
  config: Record<string, string | number | Record<string, string>>;
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
    const config: K6Scenario['config'] =
      plan.model === 'open'
        ? {
            executor: 'constant-arrival-rate',
            exec: key,
            ...arrivalRate(ratePerScenario(plan)),
            duration: `${plan.durationS}s`,
            preAllocatedVUs: vus,
            maxVUs: vus,
            tags,
          }
        : { executor: 'constant-vus', exec: key, vus, duration: `${plan.durationS}s`, tags };
    return { scenario, key, config };
  });
}
