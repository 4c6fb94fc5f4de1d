// A small k6 module for running an exported script under Node: check records every outcome.
import { shimLog } from './shim-log.mjs';

export function check(value, sets, tags = {}) {
  let passed = true;
  for (const [name, test] of Object.entries(sets)) {
    const ok = Boolean(test(value));
    shimLog.checks.push({ name, ok, tags });
    passed &&= ok;
  }
  return passed;
}

export function group(_name, fn) {
  return fn();
}

export function fail(message) {
  throw new Error(message);
}

export function sleep() {}

export default { check, group, fail, sleep };
