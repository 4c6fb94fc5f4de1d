// The server profile: what the suite accepts where the spec leaves a server free. Checks, properties
// and the model ask these predicates instead of writing a status range or an equality of their own;
// each predicate names the entry of the register (entries.ts) it rests on.
import { isDeepStrictEqual } from 'node:util';
import type { ProfileKey } from '../../api/open-points.ts';

/** What the predicates read of an answer (the client's ApiResponse has it; written out to keep the client free to import this module). */
interface Answer {
  status: number;
  headers: Record<string, string>;
  jsonError?: string;
  text: string;
}

const inRange = (status: number, low: number, high: number) => status >= low && status <= high;

/** success-status: the spec names no success status, so any 2xx. */
export function isSuccess(status: number): boolean {
  return inRange(status, 200, 299);
}

/** refusal-status: a request refused as the client's fault gets some 4xx (§7). */
export function isRefusal(status: number): boolean {
  return inRange(status, 400, 499);
}

/** rate-limits: a 429 asks the whole run to slow down (honouring Retry-After); never a verdict. */
export function isTooManyRequests(status: number): boolean {
  return status === 429;
}

/** A server failure: never acceptable, whatever was sent. */
export function isServerError(status: number): boolean {
  return status >= 500;
}

/** auth-refusal-status: missing, malformed or unknown credentials (§5). */
export function isAuthRefusal(status: number): boolean {
  return status === 401 || status === 403;
}

/** unknown-id-status: an id that names nothing (never made, deleted, malformed). */
export function isUnknownIdAnswer(status: number): boolean {
  return isRefusal(status);
}

/** unknown-id-status, its usual reading: 404. Only convention checks ask for it. */
export function isNotFound(status: number): boolean {
  return status === 404;
}

/** foreign-id-status: another user's object is neither revealed nor changed. */
export function isForeignIdAnswer(status: number): boolean {
  return isRefusal(status);
}

/** delete-answer: any 2xx, with any body or none (§4.3). */
export function isDeleteSuccess(status: number): boolean {
  return isSuccess(status);
}

/** The media type a response declares, lower case, without parameters ('' when none). */
export function declaredMediaType(answer: Pick<Answer, 'headers'>): string {
  return (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

const declaresJson = (answer: Pick<Answer, 'headers'>) => /^application\/(?:[\w.+-]+\+)?json$/.test(declaredMediaType(answer));

/**
 * error-body: a refusal may carry any body or none (§7); a body is wrong only when it says it is
 * JSON and does not parse. Returns what is wrong, or undefined.
 */
export function errorBodyProblem(answer: Answer): string | undefined {
  if (answer.jsonError !== undefined && answer.text.trim() !== '' && declaresJson(answer)) {
    return `a body declared as ${declaredMediaType(answer)} that is not JSON (${answer.jsonError})`;
  }
  return undefined;
}

/**
 * empty-text: a text sent is stored as sent; an empty text may come back as null, "a field without
 * a value" (§2). Values other than text must come back equal.
 */
export function storedAsSent(sent: unknown, received: unknown): boolean {
  if (sent === '' && received === null) return true;
  return isDeepStrictEqual(sent, received);
}

/** The entries a predicate rests on, for the generated docs/assumptions.md. */
export const predicateEntries: Readonly<Record<string, ProfileKey>> = {
  isSuccess: 'success-status',
  isRefusal: 'refusal-status',
  isAuthRefusal: 'auth-refusal-status',
  isUnknownIdAnswer: 'unknown-id-status',
  isNotFound: 'unknown-id-status',
  isForeignIdAnswer: 'foreign-id-status',
  isDeleteSuccess: 'delete-answer',
  isTooManyRequests: 'rate-limits',
  errorBodyProblem: 'error-body',
  storedAsSent: 'empty-text',
};
