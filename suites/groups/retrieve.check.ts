import { retrieveReturnsCreated, retrieveUnknownIdIs404, retrieveUnknownIdIsRefused } from '../../src/checks/behaviours/retrieve.ts';
import { check } from '../../src/checks/define-check.ts';
import { groups } from '../../src/checks/resources.ts';

check('groups.retrieve.same-object', retrieveReturnsCreated(groups));
check('groups.retrieve.unknown-id', retrieveUnknownIdIsRefused(groups));
check('groups.retrieve.unknown-id-404', retrieveUnknownIdIs404(groups));
