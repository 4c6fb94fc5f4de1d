import { check } from '../../src/conformance/checks/define-check.ts';
import { checkSequencesAgreeWithModel } from '../../src/conformance/properties/model/sequence.ts';

check('model.sequence.agrees-with-model', checkSequencesAgreeWithModel);
