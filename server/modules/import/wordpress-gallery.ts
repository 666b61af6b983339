import { countWords } from '#common/words.ts';
import { htmlToText } from './html-to-text.ts';

/**
 * The galleries in a WordPress post or page, as the attachment ids of their photos in order: the classic
 * `[gallery ids="12,13"]` shortcode, the block editor's Gallery block (image blocks nested in it, each naming its
 * photo by a `wp-image-ID` class), and a page that is mostly images (a page of photos, with a line of text at most).
 */

/** A page is "mostly images" with at least this many of them and at most this many words of its own. */
const PAGE_MIN_IMAGES = 2;
const PAGE_MAX_WORDS = 40;

const SHORTCODE = /\[gallery\b([^\]]*)\]/giu;
const GALLERY_BLOCK = /<!-- wp:gallery\b[\s\S]*?<!-- \/wp:gallery -->/gu;
const IMAGE_ID = /\bwp-image-(\d{1,12})\b/gu;

/** The ids a shortcode's `ids` attribute names ('ids="41,42,43"'), in its order. */
function shortcodeIds(attributes: string): number[] {
  const ids = /\bids\s*=\s*(?:"([^"]*)"|'([^']*)'|([\d,\s]+))/iu.exec(attributes);
  const list = ids?.[1] ?? ids?.[2] ?? ids?.[3] ?? '';
  return list
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d{1,12}$/u.test(id))
    .map(Number);
}

/** The ids of the images in some HTML, by their `wp-image-ID` class, each once, in order. */
function imageIds(html: string): number[] {
  return [...new Set([...html.matchAll(IMAGE_ID)].map((m) => Number(m[1])))];
}

/**
 * Each gallery of a post's or page's content, as its photos' attachment ids in order. A shortcode without
 * `ids` (WordPress then showed the photos uploaded to the post) is `childrenOf` those, in their order.
 */
export function galleriesIn(html: string, childrenOf: () => number[]): number[][] {
  const found: { at: number; ids: number[] }[] = [];
  for (const m of html.matchAll(SHORTCODE)) {
    const ids = /\bids\s*=/iu.test(m[1]!) ? shortcodeIds(m[1]!) : childrenOf();
    found.push({ at: m.index, ids });
  }
  for (const m of html.matchAll(GALLERY_BLOCK)) found.push({ at: m.index, ids: imageIds(m[0]) });
  return found
    .sort((a, b) => a.at - b.at)
    .map((g) => [...new Set(g.ids)])
    .filter((ids) => ids.length > 0);
}

/** A page's photos when it is a page of photos: at least two images and hardly any text; else null. */
export function pageOfPhotos(html: string): number[] | null {
  const ids = imageIds(html);
  if (ids.length < PAGE_MIN_IMAGES) return null;
  // Captions are the photos' own words, not the page's.
  const words = countWords(htmlToText(html.replace(/<figcaption[\s\S]*?<\/figcaption>/giu, '')));
  return words <= PAGE_MAX_WORDS ? ids : null;
}
