import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-to-text.ts';

describe('htmlToText', () => {
  it('keeps paragraphs, line breaks and list items as lines, and decodes character references', () => {
    const html =
      '<!-- wp:paragraph --><p>Results are <strong>out</strong> &amp; posted&nbsp;today.</p><!-- /wp:paragraph -->' +
      '<p>Line one<br>line two</p><ul><li>Science</li><li>Management &#8211; &#x915;</li></ul>';
    expect(htmlToText(html)).toBe(
      'Results are out & posted today.\n\nLine one\nline two\n\n• Science\n• Management – क',
    );
  });

  it('drops scripts, styles, frames, inline handlers and shortcodes, keeping the words a reader saw', () => {
    const html =
      '<p onclick="steal()">Hello<script>alert(1)</script></p><style>p{}</style>' +
      '<iframe src="https://evil.example"></iframe>[gallery ids="1,2"][caption id="x"]A caption[/caption]';
    const text = htmlToText(html);
    expect(text).toBe('Hello\n\nA caption');
    expect(text).not.toMatch(/alert|steal|evil|gallery|<|>/u);
  });

  it('keeps Devanagari text as it is, and an escaped tag stays text', () => {
    expect(htmlToText('<p>कक्षा ११ को नतिजा प्रकाशित।</p><p>&lt;b&gt; is a tag</p>')).toBe(
      'कक्षा ११ को नतिजा प्रकाशित।\n\n<b> is a tag',
    );
  });

  it("keeps a classic editor post's blank-line paragraphs", () => {
    expect(htmlToText('First paragraph.\r\n\r\n\r\nSecond   paragraph.')).toBe('First paragraph.\n\nSecond paragraph.');
  });
});
