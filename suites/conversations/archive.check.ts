import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../src/conformance/behaviours/archive.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { conversations } from '../../src/conformance/checks/resource-under-test.ts';

check('conversations.archive.sets-timestamp', archiveSetsTimestamp(conversations));
check('conversations.archive.listed-as-archived', archivedIsListed(conversations));
check('conversations.archive.active-not-listed', activeIsNotListed(conversations));
