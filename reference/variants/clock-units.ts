// Timestamps in microseconds since the epoch (register: timestamp-unit; §2.2 "... the unit of the
// timestamps: not shown"), as PostgreSQL's and many tracing systems' clocks count: about 1.8e15 now,
// still an exact integer in JSON. archived_at is taken in the same unit, as the clean server takes
// any integer. The clock the handlers read is the only thing changed.
import type { ServerModifier } from '../modifiers.ts';

export const microsecondClock: ServerModifier = {
  handle: (next) => (context, route) => next({ ...context, now: () => Date.now() * 1000 }, route),
};
