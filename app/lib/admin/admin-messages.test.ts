import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, failureLines } from './admin-messages.ts';

describe('failureLines', () => {
  const words = ADMIN_MESSAGES.content.failed;

  it('puts the reason of a content save on the same line as one sentence', () => {
    expect(failureLines(words, 'The title is too long')).toEqual({
      line: 'Could not save: The title is too long.',
      detail: null,
    });
  });

  it('does not add a second full stop to a reason that has one', () => {
    const stale = 'This was changed by someone else meanwhile. Reload to see the latest version.';
    expect(failureLines(words, stale)).toEqual({ line: `Could not save: ${stale}`, detail: null });
  });

  it('ends the words with a full stop when there is no reason', () => {
    expect(failureLines(words, '')).toEqual({ line: 'Could not save.', detail: null });
    expect(failureLines(words, undefined)).toEqual({ line: 'Could not save.', detail: null });
  });

  it('keeps other failures as their words with the reason below', () => {
    expect(failureLines(ADMIN_MESSAGES.noticeCreate.failed, 'Title is required.')).toEqual({
      line: 'Failed to create notice.',
      detail: 'Title is required.',
    });
    expect(failureLines(ADMIN_MESSAGES.noticeCreate.failed, null)).toEqual({
      line: 'Failed to create notice.',
      detail: null,
    });
  });
});
