// A section of the model (requests to one object) as shrinking leaves it: always drawn at once,
// shrunk to the same requests one after another, as drawn or reversed, and then judged by their
// order. A PUT that resets a field it was not given fails so every time, which is what makes the
// counterexample of such a fault the same for the same seed.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../../reference/listen.ts';
import { faultModifiers } from '../../../reference/faults/registry.ts';
import { serverProfile } from '../../../lib/core/profile/server-profile.ts';
import { tokenClient } from '../../helpers/token-client.ts';
import type { Conversation } from '../../../lib/api/resources.ts';
import type { CheckContext } from '../../../harness/checks/check-context.ts';
import { CheckFailure } from '../../../harness/checks/check-failure.ts';
import { StepLog } from '../../../harness/properties/step-log.ts';
import { emptyModel } from '../../../harness/properties/model/model.ts';
import {
  ConcurrentSection,
  sending,
  type Sending,
  type SectionRequest,
} from '../../../harness/properties/model/concurrent-section.ts';

const token = 'section-token';
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('sending', () => {
  it('is drawn at once, always, and shrinks to one after another, as drawn and then reversed', () => {
    expect(new Set(fc.sample(sending(), { numRuns: 50, seed: 1 }))).toEqual(new Set(['at once']));
    const shrunk = [...sending().shrink('at once', undefined)].map((value) => value.value);
    expect(shrunk).toEqual(['in order', 'reversed']);
    expect([...sending().shrink('in order', undefined)]).toEqual([]);
    expect([...sending().shrink('reversed', undefined)]).toEqual([]);
  });
});

describe('a section sent one after another', () => {
  /** One conversation on a reference server (with the faults given), and a model that holds it. */
  async function oneConversation(faults: Parameters<typeof faultModifiers>[0]) {
    const server = await startReferenceServer({ users: [{ token, name: 'a' }], modifiers: faultModifiers(faults) });
    closers.push(() => server.close());
    const client = tokenClient(server.url, token);
    const created = await client.createConversation({ contact_id: 'section-contact' });
    expect(created.status).toBe(201);
    const model = emptyModel();
    model.conversations.push(created.body as Conversation);
    const context = { client, profile: serverProfile() } as unknown as CheckContext;
    return { model, real: { context, log: new StepLog(client) } };
  }
  const mutedThenPinned: SectionRequest[] = [{ change: ['is_muted'] }, { change: ['is_pinned'] }];
  const run = async (faults: Parameters<typeof faultModifiers>[0], how: Sending) => {
    const { model, real } = await oneConversation(faults);
    const section = new ConcurrentSection('conversation', 0, mutedThenPinned, how);
    await section.run(model, real);
    return { section, model, real };
  };

  it('fails a PUT that resets a field it was not given, every time, and says which answer and why', async () => {
    for (let time = 0; time < 3; time++) {
      const failure = await run(['conversations.update.resets-is-muted'], 'in order').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(CheckFailure);
      expect((failure as CheckFailure).message).toMatch(
        /PUT \{"is_pinned":true\} answered is_muted false, not true \(what PUT \{"is_muted":true\} gave it\)/,
      );
    }
  });

  it('passes the same server reversed (the reset then changes nothing), and a valid one either way; the model takes the object afterwards', async () => {
    const reversed = await run(['conversations.update.resets-is-muted'], 'reversed');
    expect(reversed.section.toString()).toBe(
      'ConcurrentSection(conversation #0, one after another: PUT changing is_pinned; PUT changing is_muted)',
    );
    expect(reversed.real.log.steps[0]!.label).toMatch(/→ \S+ PUT \{"is_pinned":true\}; PUT \{"is_muted":true\}$/);
    for (const how of ['in order', 'reversed', 'at once'] as const) {
      const valid = await run([], how);
      expect(valid.model.conversations[0]).toMatchObject({ is_muted: true, is_pinned: true });
    }
  });
});
