// The reference server as a process of its own, for the embedded server a load run measures
// (lib/core/target/embedded-process.ts spawns this file; in the package, its compiled main.js):
// `node reference/main.ts --token A --second-token B` listens on a free loopback port, prints
// where (the lines msgapi serve prints) and stops on SIGINT or SIGTERM. No faults, no variant.
import { parseArgs } from 'node:util';
import { startReferenceServer } from './listen.ts';

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
// These are the server's own tokens, made up by the process that started it: printing them is the point.
console.log(`Reference server listening at ${server.url}`);
console.log(`BASE_URL=${server.url}`);
console.log(`ACCESS_TOKEN=${accessToken}`);
console.log(`SECOND_ACCESS_TOKEN=${secondAccessToken}`);
await new Promise<void>((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});
await server.close();
