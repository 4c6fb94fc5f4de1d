import { retrieveReturnsCreated, retrieveUnknownIdIs404, retrieveUnknownIdIsRefused } from '../../src/conformance/behaviours/retrieve.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { conversations } from '../../src/conformance/checks/resource-under-test.ts';

check('conversations.retrieve.same-object', retrieveReturnsCreated(conversations));
check('conversations.retrieve.unknown-id', retrieveUnknownIdIsRefused(conversations));
check('conversations.retrieve.unknown-id-404', retrieveUnknownIdIs404(conversations));
