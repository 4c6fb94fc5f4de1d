import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../src/conformance/behaviours/archive.ts';
import { check } from '../../src/conformance/checks/define-check.ts';
import { groups } from '../../src/conformance/checks/resource-under-test.ts';

check('groups.archive.sets-timestamp', archiveSetsTimestamp(groups));
check('groups.archive.listed-as-archived', archivedIsListed(groups));
check('groups.archive.active-not-listed', activeIsNotListed(groups));
