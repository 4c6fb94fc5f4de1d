import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../harness/behaviours/archive.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { conversations } from '../../harness/checks/resource-under-test.ts';

export const checks = [
  defineCheck(
    {
      id: 'conversations.archive.sets-timestamp',
      title: 'PUT archived_at archives the conversation and archived_at then holds exactly the timestamp given',
      level: 'spec',
      assumes: ['success-status'],
    },
    archiveSetsTimestamp(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.archive.listed-as-archived',
      title: 'an archived conversation is listed under archived=true',
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status', 'timestamp-unit'],
    },
    archivedIsListed(conversations),
  ),

  defineCheck(
    {
      id: 'conversations.archive.active-not-listed',
      title: 'an active conversation is never listed under archived=true',
      level: 'spec',
      assumes: ['list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
    },
    activeIsNotListed(conversations),
  ),
];

registerWhenRunByVitest(import.meta, checks);
