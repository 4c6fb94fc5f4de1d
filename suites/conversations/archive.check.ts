import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../src/checks/behaviours/archive.ts';
import { check } from '../../src/checks/define-check.ts';
import { conversations } from '../../src/checks/resources.ts';

check('conversations.archive.sets-timestamp', archiveSetsTimestamp(conversations));
check('conversations.archive.listed-as-archived', archivedIsListed(conversations));
check('conversations.archive.active-not-listed', activeIsNotListed(conversations));
