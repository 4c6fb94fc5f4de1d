// Lane 3 of a run in lanes: the checks conformance/run/lanes.ts gave it (harness/checks/register-checks.ts).
import { laneRuntime } from './lane-runtime.ts';

await (await laneRuntime()).registerLane(import.meta, 3);
