import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { checkSequencesAgreeWithModel } from '../../harness/properties/model/sequence.ts';

export const checks = [
  defineCheck(
    {
      id: 'model.sequence.agrees-with-model',
      title:
        "random sequences of creates (with a contact or a group's id), retrieves, updates, archives, deletes, operations on what was deleted, and lists walked unfiltered or with one or two filters agree with a model of the spec at every step",
      level: 'spec',
      assumes: [
        'archive-archived',
        'auth-refusal-status',
        'auth-scheme-spelling',
        'contact-conversation-create',
        'contact-fields',
        'default-list-scope',
        'delete-answer',
        'delete-of-nothing',
        'empty-text',
        'error-body',
        'foreign-id-status',
        'form-encoding',
        'group-contacts',
        'group-conversation-create',
        'group-conversation-delete',
        'group-delete-conversation',
        'input-rules',
        'largest-limit',
        'last-active-at',
        'last-opened-at',
        'list-consistency',
        'list-order',
        'other-methods',
        'pagination',
        'refusal-status',
        'success-status',
        'text-storage',
        'timestamp-unit',
        'unique-members',
        'unknown-id-status',
        'unsupported-body',
      ],
      tags: ['conversations', 'groups'],
    },
    checkSequencesAgreeWithModel,
  ),
];

registerWhenRunByVitest(import.meta, checks);
