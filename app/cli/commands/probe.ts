// `msgapi probe`: finds out what the target chose where the spec leaves it open (body encoding,
// pagination, contacts replace or merge, and for the record the delete answer, empty text, error
// bodies, the largest limit, the timestamp unit, rate-limit headers), with a handful of requests on
// groups it makes and removes, and prints it as a .env fragment (or merges it into one: --write).
import { transportOf, withCommandToken } from '../../../lib/core/config/transport-settings.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { declaredReadings } from '../../../lib/core/config/profile-settings.ts';
import { applyDetection } from '../../../lib/core/detect/apply-detection.ts';
import { detectChoices } from '../../../lib/core/detect/detect-choices.ts';
import { envFragment, mergeEnv } from '../../../lib/core/detect/env-fragment.ts';
import { openTarget } from '../../../lib/core/target/open-target.ts';
import { inProcessReference } from '../../../conformance/embedded-reference.ts';
import { reachTarget } from '../../../lib/core/target/reach-target.ts';
import { probeHelp } from '../help-texts.ts';
import { parseCommand } from '../options/index.ts';
import { sourcesOf, type CommandIo } from './command-io.ts';

export async function runProbe(argv: string[], io: CommandIo = {}): Promise<number> {
  const out = io.out ?? process.stdout;
  const parsed = parseCommand('probe', argv, {}, sourcesOf(io));
  if (parsed.help) {
    out.write(`${probeHelp}\n`);
    return 0;
  }
  const config = parsed.values;
  const say = (text: string) => (config.json ? process.stderr : out).write(`${text}\n`);
  const target = await openTarget(
    { ...withCommandToken(config), declared: declaredReadings(config), transport: transportOf(config) },
    inProcessReference(),
  );
  try {
    await reachTarget(target, {
      timeoutMs: config.requestTimeoutMs,
      waitForTargetS: config.waitForTarget,
      onWaiting: say,
    });
    const detection = await detectChoices(target, { timeoutMs: config.requestTimeoutMs, readOnly: config.readOnly });
    const declared = {
      bodyEncoding: parsed.given('bodyEncoding'),
      pagination: parsed.given('pagination'),
      groupContacts: parsed.given('groupContacts'),
    };
    const { contradictions } = applyDetection(target.choices, detection, declared);
    const about = `${target.url}${target.embedded ? ' (embedded reference server)' : ''}, ${new Date().toISOString().slice(0, 10)}`;
    if (config.json) out.write(`${JSON.stringify({ target: target.url, ...detection, contradictions }, null, 2)}\n`);
    else out.write(envFragment(detection, about));
    for (const sentence of contradictions) say(sentence);
    for (const leftover of detection.leftovers)
      say(`Left behind: ${leftover}; remove it with msgapi cleanup --marker ${detection.marker}.`);
    if (config.write !== undefined) {
      const file = resolve(io.cwd ?? process.cwd(), config.write);
      const merged = mergeEnv(existsSync(file) ? readFileSync(file, 'utf8') : '', detection, about);
      if (merged.added.length > 0) writeFileSync(file, merged.text);
      say(`${config.write}: ${merged.added.length > 0 ? `added ${merged.added.join(', ')}` : 'nothing to add'}.`);
      for (const sentence of merged.differing) say(`${config.write}: ${sentence}.`);
    }
    say(
      `${detection.requests} requests.${config.readOnly ? ' Under --read-only only GETs were sent: what needs a write is not known.' : ''}`,
    );
    return detection.leftovers.length === 0 ? 0 : 1;
  } finally {
    await target.close();
  }
}
