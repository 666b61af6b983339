import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.tsx';

const html = (text: string) => renderToStaticMarkup(<p>{linkify(text)}</p>);

describe('linkify', () => {
  it('makes each web address a link and leaves the sentence around it', () => {
    expect(html('Apply at https://forms.gle/abc123. Thank you')).toBe(
      '<p>Apply at <a href="https://forms.gle/abc123" target="_blank" rel="noopener noreferrer nofollow">https://forms.gle/abc123</a>. Thank you</p>',
    );
  });
  it('leaves text without an address, and other schemes, as text', () => {
    expect(html('No address here, javascript:alert(1)')).toBe('<p>No address here, javascript:alert(1)</p>');
  });
});
