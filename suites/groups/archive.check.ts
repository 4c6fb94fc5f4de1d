import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../src/checks/behaviours/archive.ts';
import { check } from '../../src/checks/define-check.ts';
import { groups } from '../../src/checks/resources.ts';

check('groups.archive.sets-timestamp', archiveSetsTimestamp(groups));
check('groups.archive.listed-as-archived', archivedIsListed(groups));
check('groups.archive.active-not-listed', activeIsNotListed(groups));
