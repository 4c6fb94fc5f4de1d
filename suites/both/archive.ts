// Archiving (§3, §4.1, §4.2: PUT archived_at), both resources alike.
import { activeIsNotListed, archivedIsListed, archiveSetsTimestamp } from '../../harness/behaviours/archive.ts';
import { defineCheck } from '../../harness/checks/define-check.ts';
import type { ResourceItem, ResourceUnderTest } from '../../harness/checks/resource-under-test.ts';

export const archiveChecks = <T extends ResourceItem>(resource: ResourceUnderTest<T>) => ({
  setsTimestamp: defineCheck(
    {
      id: `${resource.plural}.archive.sets-timestamp`,
      title: `PUT archived_at archives the ${resource.kind} and archived_at then holds exactly the timestamp given`,
      level: 'spec',
      assumes: ['contact-fields', 'success-status'],
    },
    archiveSetsTimestamp(resource),
  ),

  listedAsArchived: defineCheck(
    {
      id: `${resource.plural}.archive.listed-as-archived`,
      title: `an archived ${resource.kind} is listed under archived=true`,
      level: 'spec',
      assumes: [
        'contact-fields',
        'list-consistency',
        'list-order',
        'pagination',
        'refusal-status',
        'success-status',
        'timestamp-unit',
      ],
    },
    archivedIsListed(resource),
  ),

  activeNotListed: defineCheck(
    {
      id: `${resource.plural}.archive.active-not-listed`,
      title: `an active ${resource.kind} is never listed under archived=true`,
      level: 'spec',
      assumes: ['contact-fields', 'list-consistency', 'list-order', 'pagination', 'refusal-status', 'success-status'],
    },
    activeIsNotListed(resource),
  ),
});
