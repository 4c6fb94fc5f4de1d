// One generated case named so that it can be run again alone: the seed of the property's run,
// fast-check's path to the case in that run's shrink tree, and, for a command sequence, the
// replay path fast-check needs to rebuild which of its commands ran (fc.commands' replayPath).
// A failing property check prints it as --replay SEED@PATH[@COMMANDS]; msgapi check --replay then
// runs exactly that case once, unshrunk, so its exit code says whether it still fails.
import type { Parsed } from '../config/parse-values.ts';

export interface Counterexample {
  seed: number;
  /** fast-check's counterexamplePath: "run:shrink:shrink…". */
  path: string;
  /** fc.commands' replayPath (base64 letters, a colon): only for a command sequence. */
  commands?: string;
}

export function formatCounterexample({ seed, path, commands }: Counterexample): string {
  return [String(seed), path, ...(commands === undefined ? [] : [commands])].join('@');
}

export function parseCounterexample(raw: string, name: string): Parsed<Counterexample> {
  const match = /^(-?\d{1,10})@(\d+(?::\d+)*)(?:@([A-Za-z0-9+/]*:[A-Za-z0-9+/]*))?$/.exec(raw.trim());
  if (match === null) {
    return {
      ok: false,
      problem: `${name} ${JSON.stringify(raw)} is not a counterexample: give it as a failing property check printed it, SEED@PATH or SEED@PATH@COMMANDS (as in --replay 7@3:0:1@Bc:A).`,
    };
  }
  return {
    ok: true,
    value: { seed: Number(match[1]), path: match[2]!, ...(match[3] === undefined ? {} : { commands: match[3] }) },
  };
}

/** The replay path fast-check writes into a command sequence's text: `/*replayPath="…"*\/`. */
export function commandsReplayPath(sequenceText: string): string | undefined {
  return /\/\*replayPath="([^"]*)"\*\//.exec(sequenceText)?.[1];
}
