// A fault or variant name that is none: the message says which there are, since an installed msgapi
// has no source folder to look them up in.
import { describe, expect, it } from 'vitest';
import { unknownNameHint } from '../../../lib/core/config/near-miss.ts';

const faults = [
  'conversations.update.lost-update',
  'conversations.update.resets-is-muted',
  'groups.create.no-name',
  'auth.any-token-accepted',
];
const variants = ['delete-answer:204', 'delete-answer:200-empty', 'slow', 'pagination:none'];

describe('unknownNameHint', () => {
  it('names the one a few letters off', () => {
    expect(unknownNameHint('conversations.update.resets-is-mutd', faults)).toBe(
      'did you mean conversations.update.resets-is-muted?',
    );
    expect(unknownNameHint('delete-answer:205', variants)).toBe('did you mean delete-answer:204?');
  });
  it('lists the names under the longest leading part some name has, the typed name itself a part too', () => {
    expect(unknownNameHint('conversations.update.lost', faults)).toBe(
      'the names under conversations.update. are lost-update, resets-is-muted',
    );
    expect(unknownNameHint('conversations.delete.twice', faults)).toBe(
      'the names under conversations. are update.lost-update, update.resets-is-muted',
    );
    expect(unknownNameHint('auth', faults)).toBe('the names under auth. are any-token-accepted');
    expect(unknownNameHint('delete-answer', variants)).toBe('the names under delete-answer: are 204, 200-empty');
  });
  it('else gives the first part of every name, a name of one part whole', () => {
    expect(unknownNameHint('nope', faults)).toBe('the names begin with conversations., groups., auth.');
    expect(unknownNameHint('nope', variants)).toBe('the names begin with delete-answer:, slow, pagination:');
  });
});
