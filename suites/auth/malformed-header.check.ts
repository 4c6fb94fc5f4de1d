import { check } from '../../src/conformance/checks/define-check.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

// §5: the value is "Bearer <ACCESS_TOKEN>". Each of these is not that shape; the tokens in them
// are the suite's own inventions, so a server that reads past the shape still has nothing valid.
check('auth.malformed-header.rejected', (context) =>
  expectEveryOperationRejected(context, [
    authorizationHeader('Bearer'),
    authorizationHeader('Bearer  two  spaces'),
    authorizationHeader(`Bearer msgapi-${context.target.runId} token-with-a-space`),
    authorizationHeader('%%%'),
    authorizationHeader(''),
  ]));
