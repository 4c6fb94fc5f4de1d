// What every answer must be, whatever was asked and whichever check asked it. The client judges
// each response here as it arrives and marks the exchange, so every check, property and model step
// gets these for free (Schemathesis runs its not-a-server-error and content-type checks after every
// call the same way); register-checks.ts turns a marked exchange into the check's failure.
import { everyReading, type Answer } from '../profile/server-profile.ts';

/** Why this answer is wrong whatever the request was, or undefined. */
export function responseViolation(answer: Answer): string | undefined {
  // No reading of any entry answers with a 5xx: a success is a 2xx (success-status, delete-answer)
  // and a refusal a 4xx (refusal-status, unknown-id-status, auth-refusal-status, ...).
  if (everyReading.isServerError(answer.status)) return `a ${answer.status} answer: no request the suite sends may get a server error (a success is a 2xx, a refusal a 4xx)`;
  if (everyReading.isSuccess(answer.status)) return everyReading.successBodyLabelProblem(answer);
  // A refusal's body is free (error-body), but one that says it is JSON must be JSON.
  if (everyReading.isRefusal(answer.status)) return everyReading.errorBodyProblem(answer);
  return undefined;
}
