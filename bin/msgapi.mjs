#!/usr/bin/env node
// The msgapi command. In the repository the harness runs from its TypeScript sources through tsx's
// loader, so there is no build step between a clone and a run (and no stale build to run by
// mistake); the installed package ships it compiled ahead of time in dist/ and has no sources.
import { existsSync } from 'node:fs';

if (existsSync(new URL('../app/cli/main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../app/cli/main.ts');
} else {
  await import('../dist/app/cli/main.js');
}
