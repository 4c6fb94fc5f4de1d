// The processor the exported script loads (config.processor, CommonJS, no dependencies): it times
// every request from Artillery's beforeRequest hook to its afterResponse hook and counts it into
// the report's counters (counter-names.ts): a latency bucket (latency-buckets.ts), its status and
// its body bytes per scenario; a request without a response counts as an error of its kind. Walk
// scenarios follow the pages as msgapi load does (load/page-walk.ts, PAGINATION's styles).
import type { Model } from '../../load-report.ts';
import { maxWalkPages } from '../../load-request.ts';
import type { ExportPlan } from '../export-plan.ts';
import { counterPrefix, errorKeySource } from './counter-names.ts';
import { bucketEncoderSource } from './latency-buckets.ts';

/** The processor's hook names, as the script refers to them. */
export const processorHooks = {
  beforeRequest: 'msgapiBeforeRequest',
  afterResponse: 'msgapiAfterResponse',
  onError: 'msgapiOnError',
  startClock: 'msgapiStartClock',
  beforeDeadline: 'msgapiBeforeDeadline',
  requireToken: 'msgapiRequireToken',
} as const;

/** Counts every response not in 2xx, so that the script's ensure can fail Artillery's exit code on them too. */
export const non2xxCounter = 'msgapi_non_2xx';

// The page after a page, in each PAGINATION style: lib/core/client/pagination.ts's nextPageQuery
// for a processor that can import nothing. A page that cannot be followed ends the walk.
const nextQuerySource = `function nextQuery(style, walk, envelope) {
  var data = envelope.data;
  if (style.kind === 'starting_after') {
    var last = data[data.length - 1];
    return last && typeof last.id === 'string' ? { starting_after: last.id } : undefined;
  }
  if (style.kind === 'cursor') {
    var cursor = envelope[style.field];
    if ((typeof cursor !== 'string' || cursor === '') && typeof cursor !== 'number') return undefined;
    return { [style.param]: cursor };
  }
  if (style.kind === 'page') return { [style.param]: walk.index + 2 };
  if (style.kind === 'offset') return { [style.param]: walk.itemsSoFar + data.length };
  return undefined;
}`;

const walkSource = (
  model: Model,
) => `// ${model === 'closed' ? 'Closed model: each virtual user walks on its own, as each connection of msgapi load does.' : 'Open model: each virtual user sends one request, so the walk is shared by the virtual users of this Artillery worker: each asks for the page after the last one answered.'}
var sharedWalks = {};
function walkOf(name, context) {
  var walks = ${model === 'closed' ? '(context.vars.msgapiWalks = context.vars.msgapiWalks || {})' : 'sharedWalks'};
  return (walks[name] = walks[name] || { index: 0, itemsSoFar: 0, path: undefined });
}
function restart(walk) {
  walk.index = 0;
  walk.itemsSoFar = 0;
  walk.path = undefined;
}
function followWalk(name, walk, status, bodyText) {
  var style = walkStyles[name];
  var envelope;
  try {
    envelope = JSON.parse(bodyText);
  } catch (error) {
    return restart(walk);
  }
  if (status < 200 || status >= 300 || !envelope || envelope.has_more !== true || !Array.isArray(envelope.data)) return restart(walk);
  var query = nextQuery(style, walk, envelope);
  if (query === undefined || walk.index + 1 >= ${maxWalkPages}) return restart(walk);
  var url = new URL(firstPaths[name], 'http://msgapi.invalid');
  for (var key of Object.keys(query)) url.searchParams.set(key, String(query[key]));
  walk.itemsSoFar += envelope.data.length;
  walk.index += 1;
  walk.path = url.pathname + url.search;
}`;

export function processorSource(plan: ExportPlan): string {
  const firstPaths = Object.fromEntries(plan.scenarios.map((scenario) => [scenario.name, scenario.path]));
  const walkStyles = Object.fromEntries(
    plan.scenarios.filter((scenario) => scenario.walk).map((scenario) => [scenario.name, scenario.walk]),
  );
  const hooks = processorHooks;
  return `// Written by msgapi load export artillery: counts every response into counters that
// msgapi load import artillery turns back into one latency histogram per scenario. Regenerate it
// with the export rather than editing it: the import refuses counts that do not add up.
'use strict';

var prefix = ${JSON.stringify(counterPrefix)};
var firstPaths = ${JSON.stringify(firstPaths)};
var walkStyles = ${JSON.stringify(walkStyles)};
var durationMs = ${Math.round(plan.durationS * 1000)};
// When each request was handed to Artillery's client, and the requests already counted (an error
// can reach the onError hook twice), by Artillery's request object.
var startedAt = new WeakMap();
var counted = new WeakSet();

${bucketEncoderSource}

${errorKeySource}

${nextQuerySource}

${walkSource(plan.model)}

function ${hooks.beforeRequest}(req, context, ee, next) {
  var name = req.name;
  if (walkStyles[name]) {
    var walk = walkOf(name, context);
    req.url = new URL(walk.path || firstPaths[name], req.url).href;
  }
  startedAt.set(req, process.hrtime.bigint());
  return next();
}

function ${hooks.afterResponse}(req, res, context, ee, next) {
  var name = req.name;
  var start = startedAt.get(req);
  if (start === undefined || counted.has(req)) return next();
  counted.add(req);
  var us = Number(process.hrtime.bigint() - start) / 1000;
  var body = typeof res.body === 'string' ? res.body : '';
  ee.emit('counter', prefix + name + '.latency_us.' + latencyBucketUs(us), 1);
  ee.emit('counter', prefix + name + '.status.' + res.statusCode, 1);
  ee.emit('counter', prefix + name + '.bytes.body', Buffer.byteLength(body));
  // Emitted for every response, so that the counter exists (at 0) for ensure to read.
  ee.emit('counter', ${JSON.stringify(non2xxCounter)}, res.statusCode >= 200 && res.statusCode < 300 ? 0 : 1);
  if (walkStyles[name]) followWalk(name, walkOf(name, context), res.statusCode, body);
  return next();
}

function ${hooks.onError}(error, req, context, ee, next) {
  if (!req || counted.has(req)) return next();
  counted.add(req);
  ee.emit('counter', prefix + req.name + '.error.' + errorKey(error), 1);
  if (walkStyles[req.name]) restart(walkOf(req.name, context));
  return next();
}

function ${hooks.startClock}(context, ee, next) {
  context.vars.msgapiUntil = Date.now() + durationMs;
  return next();
}

function ${hooks.beforeDeadline}(context, next) {
  return next(Date.now() < context.vars.msgapiUntil);
}

// Run once by the script's before section: without the token every request would carry an
// empty one, so the run stops before the first request.
function ${hooks.requireToken}(context, ee, next) {
  if (!process.env[${JSON.stringify(plan.tokenVariable)}])
    return next(new Error(${JSON.stringify(`${plan.tokenVariable} is not set: give the token in the environment (or --dotenv); nothing was sent.`)}));
  return next();
}

module.exports = { ${Object.values(hooks).join(', ')} };
`;
}
