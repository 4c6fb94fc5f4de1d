import { check } from '../../src/checks/define-check.ts';
import { checkSequencesAgreeWithModel } from '../../src/properties/model/sequence.ts';

check('model.sequence.agrees-with-model', checkSequencesAgreeWithModel);
