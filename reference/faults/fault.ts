// A seeded fault: one clear violation of one sentence of spec/messaging-api-v1.md, switched on by
// name (registry.ts). The clean handlers never know about it: it wraps them at a seam
// (modifiers.ts: authenticate, handle, reply), and the suite must catch it.
import type { ServerModifier } from '../modifiers.ts';
import type { FaultName } from './registry.ts';
import type { SpecSentence } from './spec.ts';

export interface Fault extends SpecSentence {
  name: FaultName;
  /** One line: what the faulty server does. */
  breaks: string;
  modifier: ServerModifier;
}
