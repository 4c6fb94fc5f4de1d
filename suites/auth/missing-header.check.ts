import { check } from '../../src/conformance/checks/define-check.ts';
import { expectEveryOperationRejected } from './rejection.ts';

// §5: the header is how a request says whose it is; without it, no request is anyone's.
check('auth.missing-header.rejected', (context) =>
  expectEveryOperationRejected(context, [{ label: 'no Authorization header', credentials: { kind: 'none' } }]));
