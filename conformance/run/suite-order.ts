// The order in which vitest hands the suite files to its workers: the model's long command
// sequence first, since started last it alone would keep a run going after every other check has
// finished; the rest in vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const isModel = (moduleId: string) => /[\\/]suites[\\/]model[\\/]/.test(moduleId);

export class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the model's files first, and otherwise vitest's order.
    return sorted.sort((a, b) => Number(isModel(b.moduleId)) - Number(isModel(a.moduleId)));
  }
}
