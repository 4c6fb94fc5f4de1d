// What a lane file runs its checks with. Only the lane files go through vitest's module runner
// (run-suites.ts: they alone need import.meta.vitest); the harness and the suite files are imported
// as Node imports them, once per worker, instead of being transformed again for every worker by
// the runner. From the sources, a worker thread has no loader for TypeScript of its own: tsx's is
// registered in it first, as bin/msgapi.mjs registers it in the main thread. The installed package
// runs compiled JavaScript and needs none.
export async function laneRuntime(): Promise<typeof import('../../harness/checks/register-checks.ts')> {
  if (import.meta.url.endsWith('.ts')) (await import('tsx/esm/api')).register();
  return import('../../harness/checks/register-checks.ts');
}
