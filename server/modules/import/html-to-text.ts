/**
 * A WordPress post's HTML as the plain text a notice's description is: notices are shown as text (their web
 * addresses made into links), so nothing of the HTML can run on the site: no script, no inline handler, no
 * frame. Paragraphs, line breaks and list items keep their lines; block-editor comments, shortcodes and the
 * contents of script, style and frame elements are dropped; character references are decoded.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  times: '×',
};

/** Decodes named (the common ones) and numeric character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/giu, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** Elements whose contents are never text a visitor read. */
const DROPPED = /<(script|style|iframe|object|embed|noscript|template|svg|math)\b[\s\S]*?<\/\1\s*>/giu;
/** Elements that start a new line of their own. */
const BLOCK =
  /^(p|div|h[1-6]|ul|ol|table|tr|blockquote|pre|figure|figcaption|section|article|header|footer|address|hr)$/iu;
/** WordPress shortcodes ([gallery ids="…"], [caption]…[/caption], [embed]…): the tags go, any text inside stays. */
const SHORTCODE = /\[\/?(?:gallery|caption|embed|audio|video|playlist|wp_caption)\b[^\]]*\]/giu;

export function htmlToText(html: string): string {
  const lines = html
    .replace(/<!--[\s\S]*?-->/gu, '')
    .replace(DROPPED, '')
    .replace(SHORTCODE, '')
    .replace(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/giu, (_tag, closing: string, name: string) => {
      const tag = name.toLowerCase();
      if (tag === 'br') return '\n';
      if (tag === 'li') return closing ? '' : '\n• ';
      if (tag === 'td' || tag === 'th') return closing ? '' : ' ';
      return BLOCK.test(tag) ? '\n\n' : '';
    })
    // What is left of a tag cut in the middle (a stray '<' before a letter) is dropped with it.
    .replace(/<[^>]*$/u, '');
  return decodeEntities(lines)
    .replace(/\r\n?/gu, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}
