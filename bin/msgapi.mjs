#!/usr/bin/env node
// The msgapi command. The harness is written in TypeScript and runs through tsx's loader, so
// there is no build step between a clone and a run.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
