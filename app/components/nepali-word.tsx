import { NEPALI_WORD_OUTLINE as word } from './nepali-word-outline.ts';

/**
 * The word 'नेपाली' as the served font draws it, for the English pages' link to the Nepali site: an English
 * page downloads no Devanagari font, and a system without a Devanagari font of its own would show the word
 * as empty boxes. The drawing has the text's colour and size and sits on its baseline; the word itself is
 * the link's text for assistive technology, in a visually hidden span whose fonts (see site.css) leave out
 * the served Devanagari font, so it downloads nothing either.
 */
export function NepaliWord() {
  return (
    <>
      <svg
        className="nepali-word"
        viewBox={word.viewBox}
        width={word.width}
        height={word.height}
        style={{ verticalAlign: word.verticalAlign }}
        fill="currentColor"
        aria-hidden
        focusable={false}
      >
        <path d={word.path} />
      </svg>
      <span className="sr-only nepali-word__text">{word.text}</span>
    </>
  );
}
