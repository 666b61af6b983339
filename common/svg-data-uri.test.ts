import { describe, expect, it } from 'vitest';
import { svgDataUri } from './svg-data-uri.ts';

describe('svgDataUri', () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <path fill="#0a5" d="M0 0h10v10z"/>\n  <text>Bikash Chowk – 100% “Orbit's” &amp; more</text>\n</svg>\n`;

  it('gives back the same SVG when decoded, with its whitespace folded', () => {
    const uri = svgDataUri(svg);
    expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(uri.slice('data:image/svg+xml,'.length))).toBe(svg.replace(/\s+/gu, ' ').trim());
  });

  it('leaves nothing an HTML attribute or a URL would change: no quote, no #, no %, no raw non-ASCII', () => {
    const body = svgDataUri(svg).slice('data:image/svg+xml,'.length);
    expect(body).not.toMatch(/["'#<>&]|%(?![0-9A-F]{2})|[^\x20-\x7e]/u);
  });
});
