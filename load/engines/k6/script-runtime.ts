// The part of the exported k6 script that is the same for every plan: the request with its
// Authorization header and tags, the checks on the list envelope, and the page walk. It is plain
// JavaScript for k6's runtime (no ?? or ?. for older k6 releases), type-checked against @types/k6
// by the tests through its JSDoc. The walk reads the next page as load/page-walk.ts and
// lib/core/client/pagination.ts do, and goes back to the first page after the last one (or after
// maxWalkPages pages, as msgapi load's own walk does).
import { statusRangeOf } from '../../../lib/core/profile/server-profile.ts';
import { maxWalkPages } from '../../load-request.ts';

// A list's success is the profile's success-status (a 2xx), as msgapi load counts non-2xx responses.
const success = statusRangeOf('success-status');

export const scriptRuntime = String.raw`
// Only a 2xx counts as an expected response (http_req_failed, expected_response), as in msgapi load.
const successStatus = { min: ${success.low}, max: ${success.high} };
const only2xx = http.expectedStatuses(successStatus);

/**
 * The parameters of every request: the token from the environment (never written in this file),
 * our scenario name as a tag, and the first page's address as the name of every page of a walk.
 * @param {string} scenario
 * @param {string} firstPath
 * @returns {import('k6/http').Params}
 */
function requestParams(scenario, firstPath) {
  return {
    headers: { Authorization: ${'`'}Bearer ${'${'}__ENV.ACCESS_TOKEN}${'`'}, Accept: 'application/json' },
    tags: { msgapi_scenario: scenario, name: origin + firstPath },
    responseCallback: only2xx,
  };
}

/**
 * The list envelope of a response (an object with an array data and a boolean has_more), or null.
 * @param {import('k6/http').Response} response
 * @returns {{ data: Array<Record<string, unknown>>, has_more: boolean, [field: string]: unknown } | null}
 */
function envelopeOf(response) {
  if (typeof response.body !== 'string') return null;
  try {
    const body = JSON.parse(response.body);
    return body !== null && typeof body === 'object' && Array.isArray(body.data) && typeof body.has_more === 'boolean' ? body : null;
  } catch (error) {
    return null;
  }
}

/** @param {import('k6/http').Response} response */
const isSuccess = (response) => inRange(response.status, successStatus);

/**
 * @param {number} status
 * @param {{ min: number, max: number }} range
 */
const inRange = (status, range) => status >= range.min && status <= range.max;

/**
 * One GET, checked: a 2xx, and a list envelope.
 * @param {string} scenario
 * @param {string} path
 * @param {string} firstPath
 */
function list(scenario, path, firstPath) {
  const response = http.get(origin + path, requestParams(scenario, firstPath));
  check(response, {
    'status is 2xx': isSuccess,
    'body is a list envelope (data array, boolean has_more)': (answer) => envelopeOf(answer) !== null,
  }, { msgapi_scenario: scenario });
  return response;
}

/** @typedef {{ kind: 'starting_after' } | { kind: 'cursor', param: string, field: string } | { kind: 'page', param: string } | { kind: 'offset', param: string }} PageStyle */
/** @typedef {{ path: string, index: number, itemsSoFar: number }} WalkPosition */

const maxWalkPages = ${maxWalkPages};

/**
 * Where each walk scenario of this VU is: module state is per VU in k6 (each VU runs its own copy
 * of the script), so one iteration is one request and the walk goes on in the next iteration.
 * @type {Record<string, WalkPosition>}
 */
const walks = {};

/**
 * The query of the page after this one, or null when it was the last (or cannot be followed).
 * @param {PageStyle} style
 * @param {WalkPosition} at
 * @param {{ data: Array<Record<string, unknown>>, has_more: boolean, [field: string]: unknown }} envelope
 * @returns {Record<string, string | number> | null}
 */
function nextQuery(style, at, envelope) {
  if (envelope.has_more !== true) return null;
  switch (style.kind) {
    case 'starting_after': {
      const last = envelope.data[envelope.data.length - 1];
      const id = last ? last.id : undefined;
      return typeof id === 'string' ? { starting_after: id } : null;
    }
    case 'cursor': {
      const cursor = envelope[style.field];
      return (typeof cursor === 'string' && cursor !== '') || typeof cursor === 'number' ? { [style.param]: cursor } : null;
    }
    case 'page':
      return { [style.param]: at.index + 2 };
    case 'offset':
      return { [style.param]: at.itemsSoFar + envelope.data.length };
  }
  return null;
}

/**
 * The path with these query parameters set (replacing any of the same name).
 * @param {string} path
 * @param {Record<string, string | number>} query
 */
function withQuery(path, query) {
  const cut = path.indexOf('?');
  const base = cut === -1 ? path : path.slice(0, cut);
  const pairs = cut === -1 ? [] : path.slice(cut + 1).split('&').filter((pair) => pair !== '' && !(decodeURIComponent(pair.split('=')[0].replace(/\+/g, ' ')) in query));
  for (const name of Object.keys(query)) pairs.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(query[name])));
  return pairs.length === 0 ? base : base + '?' + pairs.join('&');
}

/**
 * One page of a walk: the page this VU is at, then the position moves to the next page, or back
 * to the first after the last page, a failed request, or maxWalkPages pages.
 * @param {string} scenario
 * @param {string} firstPath
 * @param {PageStyle} style
 */
function walkStep(scenario, firstPath, style) {
  const at = walks[scenario] || { path: firstPath, index: 0, itemsSoFar: 0 };
  const response = list(scenario, at.path, firstPath);
  const envelope = isSuccess(response) ? envelopeOf(response) : null;
  const next = envelope !== null && at.index + 1 < maxWalkPages ? nextQuery(style, at, envelope) : null;
  walks[scenario] = next === null || envelope === null
    ? { path: firstPath, index: 0, itemsSoFar: 0 }
    : { path: withQuery(firstPath, next), index: at.index + 1, itemsSoFar: at.itemsSoFar + envelope.data.length };
}
`;
