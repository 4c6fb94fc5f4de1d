// The embedded reference server in this process, as openTarget starts it when there is no BASE_URL:
// the library (lib/core/target/) opens targets without importing reference/, so the start comes
// from here, a floor above both.
import { startReferenceServer, type StartReferenceServerOptions } from '../reference/listen.ts';
import type { Embedding } from '../lib/core/target/open-target.ts';

/** `server`: the faults and variant choices to start it with (the matrix); none: the clean server. */
export function inProcessReference(server: Omit<StartReferenceServerOptions, 'users'> = {}): Embedding {
  return {
    process: 'in-process',
    start: (users) =>
      startReferenceServer({
        ...server,
        users: [
          { token: users.accessToken, name: 'first' },
          { token: users.secondAccessToken, name: 'second' },
        ],
      }),
  };
}
