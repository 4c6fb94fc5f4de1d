import { retrieveReturnsCreated, retrieveUnknownIdIs404, retrieveUnknownIdIsRefused } from '../../src/checks/behaviours/retrieve.ts';
import { check } from '../../src/checks/define-check.ts';
import { conversations } from '../../src/checks/resources.ts';

check('conversations.retrieve.same-object', retrieveReturnsCreated(conversations));
check('conversations.retrieve.unknown-id', retrieveUnknownIdIsRefused(conversations));
check('conversations.retrieve.unknown-id-404', retrieveUnknownIdIs404(conversations));
