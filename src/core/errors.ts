// Errors of the harness itself, with stable codes (as undici's UND_ERR_* and fastify's FST_ERR_*).
// A harness error is never reported as the server's failure: the check command exits 2 on one.

export type HarnessErrorCode =
  | 'MSGAPI_CONFIG_INVALID'
  | 'MSGAPI_TARGET_UNREACHABLE'
  | 'MSGAPI_TARGET_REJECTED_TOKEN'
  | 'MSGAPI_USAGE'
  | 'MSGAPI_SUITE_CRASHED';

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
