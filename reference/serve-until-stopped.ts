// A reference server started as a process of its own (msgapi serve, reference/main.ts): says where
// it listens and with which tokens, in the lines the process that started it reads, and closes on
// SIGINT or SIGTERM.
import type { RunningReferenceServer } from './listen.ts';

export async function serveUntilStopped(
  server: RunningReferenceServer,
  tokens: { accessToken: string; secondAccessToken: string },
  switched: readonly string[] = [],
): Promise<void> {
  // These are the server's own tokens, made up for this process: printing them is the point.
  console.log(`Reference server listening at ${server.url}${switched.length ? ` with ${switched.join(', ')}` : ''}`);
  console.log(`BASE_URL=${server.url}`);
  console.log(`ACCESS_TOKEN=${tokens.accessToken}`);
  console.log(`SECOND_ACCESS_TOKEN=${tokens.secondAccessToken}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
}
