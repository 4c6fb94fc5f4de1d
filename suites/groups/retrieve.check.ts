import { retrieveReturnsCreated, retrieveUnknownIdIs404, retrieveUnknownIdIsRefused } from '../../src/conformance/behaviours/retrieve.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { groups } from '../../src/conformance/checks/resource-under-test.ts';

check('groups.retrieve.same-object', retrieveReturnsCreated(groups));
check('groups.retrieve.unknown-id', retrieveUnknownIdIsRefused(groups));
check('groups.retrieve.unknown-id-404', retrieveUnknownIdIs404(groups));
