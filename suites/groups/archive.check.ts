import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../harness/behaviours/archive.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { groups } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'groups.archive.sets-timestamp',
      title: 'PUT archived_at archives the group and archived_at then holds exactly the timestamp given',
      level: 'spec',
      assumes: ['contact-fields', 'success-status'],
    },
    archiveSetsTimestamp(groups),
  ),

  defineCheck(
    {
      id: 'groups.archive.listed-as-archived',
      title: 'an archived group is listed under archived=true',
      level: 'spec',
      assumes: ['contact-fields', 'list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    archivedIsListed(groups),
  ),

  defineCheck(
    {
      id: 'groups.archive.active-not-listed',
      title: 'an active group is never listed under archived=true',
      level: 'spec',
      assumes: ['contact-fields', 'list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
    },
    activeIsNotListed(groups),
  ),
];

registerWhenRunByVitest(import.meta, checks);
