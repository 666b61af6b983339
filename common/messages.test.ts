import { describe, expect, it } from 'vitest';
import { countSmsParts } from './messages.ts';

describe('countSmsParts', () => {
  it.each([
    ['', 'gsm-7', 0, 0],
    ['a'.repeat(160), 'gsm-7', 160, 1],
    ['a'.repeat(161), 'gsm-7', 161, 2],
    ['a'.repeat(306), 'gsm-7', 306, 2],
    ['a'.repeat(307), 'gsm-7', 307, 3],
    ['€'.repeat(80), 'gsm-7', 160, 1],
    ['क'.repeat(70), 'unicode', 70, 1],
    ['क'.repeat(71), 'unicode', 71, 2],
    ['क'.repeat(134), 'unicode', 134, 2],
    ['क'.repeat(135), 'unicode', 135, 3],
  ])('%#: %s characters of text count as %s, length %i, %i part(s)', (text, encoding, length, parts) => {
    expect(countSmsParts(text)).toEqual({ encoding, length, parts });
  });

  it('one Devanagari letter makes the whole text Unicode', () => {
    expect(countSmsParts(`${'a'.repeat(100)}क`)).toEqual({ encoding: 'unicode', length: 101, parts: 2 });
  });
});
