import { defineCheck } from '../../harness/checks/define-check.ts';
import { registerWhenRunByVitest } from '../../harness/checks/register-checks.ts';
import { checkSequencesAgreeWithModel } from '../../harness/properties/model/sequence.ts';

export const checks = [
  defineCheck(
    {
      id: 'model.sequence.agrees-with-model',
      title: 'random sequences of creates (with a contact or a group\'s id), retrieves, updates, archives, deletes, operations on what was deleted, and lists walked unfiltered or with one or two filters agree with a model of the spec at every step',
      level: 'spec',
      tags: ['conversations', 'groups'],
    },
    checkSequencesAgreeWithModel,
  ),
];

registerWhenRunByVitest(import.meta, checks);
