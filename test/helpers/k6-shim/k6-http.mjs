// A small k6/http for running an exported script under Node: http.get (synchronous, as in k6)
// and http.expectedStatuses, the two the script of msgapi load export k6 uses. Anything else the
// script would call is missing here on purpose, so that the test fails instead of passing vacuously.
import { shimLog } from './shim-log.mjs';
import { fetchSync } from './sync-fetch.mjs';

class ExpectedStatuses {
  constructor(ranges) {
    this.ranges = ranges;
  }
}

function expectedStatuses(...ranges) {
  return new ExpectedStatuses(ranges);
}

function get(url, params = {}) {
  const answer = fetchSync(url, params.headers ?? {});
  shimLog.requests.push({
    url,
    headers: params.headers ?? {},
    tags: params.tags ?? {},
    expectsOnly: params.responseCallback instanceof ExpectedStatuses ? params.responseCallback.ranges : null,
    status: answer.status,
  });
  return {
    url,
    status: answer.status,
    body: answer.body,
    headers: answer.headers,
    error: answer.error,
    error_code: answer.error_code,
    timings: { duration: answer.duration },
    json: () => JSON.parse(answer.body),
  };
}

export { expectedStatuses, get };
export default { expectedStatuses, get };
