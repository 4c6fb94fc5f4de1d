import { check } from '../../src/conformance/checks/define-check.ts';
import { authorizationHeader, expectEveryOperationRejected } from './rejection.ts';

// §5: the scheme is Bearer. Credentials of other schemes, all invented by the suite.
check('auth.other-scheme.rejected', (context) => {
  const user = `msgapi-${context.target.runId}`;
  return expectEveryOperationRejected(context, [
    authorizationHeader(`Basic ${Buffer.from(`${user}:not-a-password`).toString('base64')}`),
    authorizationHeader(`Token ${user}-token`),
    authorizationHeader(`Digest username="${user}", realm="msgapi", nonce="0", uri="/v1/groups", response="0"`),
  ]);
});
