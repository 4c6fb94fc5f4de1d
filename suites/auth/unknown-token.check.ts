import { check } from '../../src/conformance/checks/define-check.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

// §5: the token is the user's ACCESS_TOKEN; one the suite invents belongs to no user.
check('auth.unknown-token.rejected', (context) =>
  expectEveryOperationRejected(context, [authorizationHeader(`Bearer msgapi-${context.target.runId}-unknown-token`)]));
