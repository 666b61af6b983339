import { describe, expect, it } from 'vitest';
import { element, escapeXml } from './xml.ts';

describe('escapeXml', () => {
  it('escapes the characters XML gives meaning to', () => {
    expect(escapeXml(`Tom & Jerry's <b>"show"</b>`)).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;show&quot;&lt;/b&gt;');
  });

  it('escapes an ampersand that already looks like an entity, so the text reads back as typed', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops control characters XML does not allow, and keeps tabs, line breaks and Nepali text', () => {
    expect(escapeXml('a\u0000b\u0008c\td\ne\rf सूचना')).toBe('abc\td\ne\rf सूचना');
  });

  it('wraps escaped text in an element', () => {
    expect(element('title', 'A < B')).toBe('<title>A &lt; B</title>');
  });
});
