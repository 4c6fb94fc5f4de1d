// The API as other stacks serve it (test/fixtures/stacks/), started for a test: the test stops it,
// or, should the test fail first, children.ts does.
import { startGateway as gateway, startStack as start, type Stack, type StackBug } from '../fixtures/stacks/start.ts';
import { trackChild } from './children.ts';

export { stackNames, stackTokens, type Stack, type StackBug } from '../fixtures/stacks/start.ts';

export const startStack = (stack: Stack, bugs: readonly StackBug[] = []) => start(stack, bugs, trackChild);

export const startGateway = (upstream: string) => gateway(upstream, trackChild);
