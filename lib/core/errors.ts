// Errors of the harness itself, with stable codes (as undici's UND_ERR_* and fastify's FST_ERR_*).
// A harness error is never reported as the server's failure: the check command exits 2 on one.
// Every MSGAPI_* code the code uses is one of errorCodes below (test/project/docs-in-step.test.ts).

export type HarnessErrorCode =
  | 'MSGAPI_CONFIG_INVALID'
  | 'MSGAPI_TARGET_UNREACHABLE'
  | 'MSGAPI_TARGET_REJECTED_TOKEN'
  | 'MSGAPI_TARGET_NOT_THE_API'
  | 'MSGAPI_TARGET_GONE'
  | 'MSGAPI_USAGE'
  | 'MSGAPI_SUITE_CRASHED';

/**
 * Codes of the errors the client throws inside a check, before or while it sends a request. They
 * are not HarnessErrors: the check that met one reports it (the run does not stop).
 */
export type RequestErrorCode = 'MSGAPI_BODY_TOO_LARGE' | 'MSGAPI_LEDGER_REFUSED' | 'MSGAPI_READ_ONLY_REFUSED';

export type ErrorCode = HarnessErrorCode | RequestErrorCode;

/** What each code means, one sentence each. */
export const errorCodes: Record<ErrorCode, string> = {
  MSGAPI_CONFIG_INVALID: 'the configuration is invalid; every problem is one sentence of the message (exit 2)',
  MSGAPI_TARGET_UNREACHABLE: 'the target did not answer at all (exit 2)',
  MSGAPI_TARGET_REJECTED_TOKEN: 'the target refused ACCESS_TOKEN (or SECOND_ACCESS_TOKEN) (exit 2)',
  MSGAPI_TARGET_NOT_THE_API:
    "the target does not answer like the Messaging API: a web page, a proxy's error or a wrong BASE_URL (exit 2)",
  MSGAPI_TARGET_GONE:
    'the target stopped answering during the run: connections failed one after another, and again on a fresh one; the run stopped (exit 2)',
  MSGAPI_USAGE: 'the command was given something it cannot use: an unknown option or name, a missing file (exit 2)',
  MSGAPI_SUITE_CRASHED: 'the harness itself failed, not the server (exit 2)',
  MSGAPI_BODY_TOO_LARGE: 'a response body went past 10 MiB; reading stopped (the check fails: the server answered it)',
  MSGAPI_LEDGER_REFUSED: 'a check tried to change an id the run did not create; nothing was sent (a bug of the check)',
  MSGAPI_READ_ONLY_REFUSED: 'a check tried to write in a --read-only run; nothing was sent (a bug of the check)',
};

export class HarnessError extends Error {
  override readonly name = 'HarnessError';
  constructor(
    readonly code: HarnessErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Bad configuration: each problem is one sentence; all of them are reported at once. */
export class ConfigError extends HarnessError {
  constructor(readonly problems: string[]) {
    super('MSGAPI_CONFIG_INVALID', problems.join(' '));
  }
}
