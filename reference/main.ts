// The reference server as a process of its own, for the embedded server a load run measures
// (lib/core/target/embedded-process.ts spawns this file; in the package, its compiled main.js):
// `node reference/main.ts --token A --second-token B` listens on a free loopback port, prints
// where (the lines msgapi serve prints) and stops on SIGINT or SIGTERM. No faults, no variant.
import { parseArgs } from 'node:util';
import { startReferenceServer } from './listen.ts';
import { serveUntilStopped } from './serve-until-stopped.ts';

const { values } = parseArgs({ options: { token: { type: 'string' }, 'second-token': { type: 'string' } } });
const accessToken = values.token;
const secondAccessToken = values['second-token'];
if (!accessToken || !secondAccessToken || accessToken === secondAccessToken) {
  console.error('Usage: reference/main.ts --token TOKEN --second-token OTHER_TOKEN (two different tokens)');
  process.exit(2);
}
const server = await startReferenceServer({
  users: [
    { token: accessToken, name: 'first' },
    { token: secondAccessToken, name: 'second' },
  ],
});
await serveUntilStopped(server, { accessToken, secondAccessToken });
