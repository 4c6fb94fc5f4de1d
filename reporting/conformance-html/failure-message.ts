// A failed check's message, split back into the parts the suite wrote it from (see
// harness/checks/check-failure.ts and harness/properties/run-property.ts): "Expected: …", "Received: …",
// a property's "Counterexample (…):" and "Steps:", then "Exchange:" and "Reproduce:". The page
// shows each part in its own place, so Expected and Received can be read side by side.

export interface FailureMessage {
  /** Text before the first labelled part: why a check was blocked, or the flaky summary. */
  note: string | null;
  expected: string | null;
  received: string | null;
  /** The shrunk counterexample of a property or model-based check. */
  counterexample: {
    value: string;
    steps: string | null;
    seed: number | null;
    shrinks: number | null;
    replay: string | null;
  } | null;
  exchange: string | null;
  reproduce: string | null;
}

// A label opens a line of its own, never indented: the exchange and steps below are indented.
const label = /^(Expected|Received|Exchange|Reproduce|Steps|Replay|Counterexample\b[^:]*):[ ]?(.*)$/;

type Label = 'Expected' | 'Received' | 'Exchange' | 'Reproduce' | 'Steps' | 'Replay' | 'Counterexample';

interface Part {
  label: Label | null;
  heading: string;
  lines: string[];
}

function parts(message: string): Part[] {
  const found: Part[] = [{ label: null, heading: '', lines: [] }];
  for (const line of message.split('\n')) {
    const match = label.exec(line);
    if (match) {
      const heading = match[1]!;
      const name = (heading.startsWith('Counterexample') ? 'Counterexample' : heading) as Label;
      found.push({ label: name, heading, lines: match[2] === '' ? [] : [match[2]!] });
    } else {
      found.at(-1)!.lines.push(line);
    }
  }
  return found;
}

const text = (part: Part | undefined): string | null => {
  if (part === undefined) return null;
  const joined = part.lines.join('\n').replace(/^\n+|\s+$/g, '');
  return joined === '' ? null : joined;
};

/** Strips the indentation every line of a block shares, so the block starts at the left margin. */
function dedent(block: string | null): string | null {
  if (block === null) return null;
  const lines = block.split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

export function parseFailureMessage(message: string | null): FailureMessage {
  const found = parts(message ?? '');
  const first = (name: Label) => found.find((part) => part.label === name);
  const counterexample = first('Counterexample');
  const number = (pattern: RegExp) => {
    const found = counterexample ? pattern.exec(counterexample.heading)?.[1] : undefined;
    return found === undefined ? null : Number(found);
  };
  return {
    note: text(found[0]),
    expected: text(first('Expected')),
    received: text(first('Received')),
    counterexample: counterexample
      ? {
          value: dedent(text(counterexample)) ?? '',
          steps: text(first('Steps')),
          seed: number(/SEED=(\d+)/),
          shrinks: number(/shrunk (\d+) time/),
          replay: /--replay (\S+)/.exec(text(first('Replay')) ?? '')?.[1] ?? null,
        }
      : null,
    exchange: dedent(text(first('Exchange'))),
    reproduce: text(first('Reproduce')),
  };
}

/** Property and model-based checks shrink their failures to a counterexample worth its own section. */
export { isGeneratedCheck } from '../../conformance/run/expectations.ts';
