import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { en } from '#common/i18n/en.ts';
import { NepaliWord } from './nepali-word.tsx';
import { NEPALI_WORD_OUTLINE } from './nepali-word-outline.ts';

describe('NepaliWord', () => {
  it("draws the English pages' language link, whose text is the word drawn", () => {
    expect(NEPALI_WORD_OUTLINE.text).toBe(en.nav.otherLanguage);
  });

  it('is a hidden drawing in the text colour, with the word as hidden text for assistive technology', () => {
    const html = renderToStaticMarkup(<NepaliWord />);
    expect(html).toMatch(
      /^<svg(?=[^>]*aria-hidden="true")(?=[^>]*fill="currentColor")[^>]*><path d="m[^"]+"><\/path><\/svg>/u,
    );
    expect(html).toContain('<span class="sr-only nepali-word__text">नेपाली</span>');
  });

  it('is sized in em from its drawing, so it follows the font size of the link', () => {
    const [, , width, height] = NEPALI_WORD_OUTLINE.viewBox.split(' ').map(Number);
    expect(NEPALI_WORD_OUTLINE.width).toBe(`${(width ?? 0) / 1000}em`);
    expect(NEPALI_WORD_OUTLINE.height).toBe(`${(height ?? 0) / 1000}em`);
    // A few hundred bytes to 2 KB: smaller than any font file.
    expect(NEPALI_WORD_OUTLINE.path.length).toBeLessThan(2000);
  });
});
