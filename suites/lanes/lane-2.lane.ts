// Lane 2 of a run in lanes: the checks conformance/run/lanes.ts gave it (harness/checks/register-checks.ts).
import { registerLane } from '../../harness/checks/register-checks.ts';

await registerLane(import.meta, 2);
