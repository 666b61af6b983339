import type { AlbumInput } from '#common/gallery.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { toBsDate } from '#common/dates/bs-date.ts';
import { htmlToText } from './html-to-text.ts';
import { galleriesIn, pageOfPhotos } from './wordpress-gallery.ts';
import type { PlannedFile } from './wordpress-plan.ts';
import type { WxrItem } from './wxr-reader.ts';

/**
 * The albums an import will make: each gallery of a published post (titled after the post), and each published
 * page that holds galleries or is a page of photos (titled after the page, its old address leading to the album).
 * A photo keeps its WordPress caption (the attachment's excerpt) and alt text (`_wp_attachment_image_alt`), as
 * English or Nepali by their script.
 */

/** An album's photo: its file (or why it cannot be taken) and its words. */
export interface PlannedPhoto extends PlannedFile {
  captionEn: string;
  captionNe: string;
  altEn: string;
  altNe: string;
}

export interface PlannedAlbum {
  /** The post's or page's id on the old site. */
  oldId: number;
  /** The gallery's own GUID: the post's or page's, with '#gallery-N' (its place among the item's galleries). */
  guid: string;
  /** 'post' (a gallery in a post, which is also a notice) or 'page'. */
  from: 'post' | 'page';
  title: string;
  input: AlbumInput;
  photos: PlannedPhoto[];
  /** Old addresses (keys) of the page that will lead to the album; a post's lead to its notice. */
  oldPaths: string[];
  /** The album it already became in an earlier import, if any: nothing is done again. */
  importedAs: string | null;
}

export interface AlbumsPlanInput {
  posts: readonly WxrItem[];
  pages: readonly WxrItem[];
  attachments: ReadonlyMap<number, WxrItem>;
  /** The attachments uploaded to a post or page, in their order. */
  childrenOf: (id: number) => WxrItem[];
  /** GUIDs already imported, and what each became. */
  already: ReadonlyMap<string, string>;
  planFile: (a: WxrItem) => Promise<PlannedFile>;
  /** An old link's keys (none for an address of this site's own). */
  keyOf: (link: string) => string[];
  /** Pages that are not made albums are added here (wordpress-pages.ts plans them). */
  otherPages: WxrItem[];
}

const TEXT_MAX = 300;
const DESCRIPTION_MAX = 1000;
const DEVANAGARI = /[\u0900-\u097f]/u;
/** An album's address: lower-case letters, digits and single hyphens, at most 80 characters. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Words as the English or the Nepali field, by their script: [en, ne]. */
function byScript(text: string, max: number): [string, string] {
  const clean = cut(htmlToText(text).replace(/\s+/gu, ' ').trim(), max);
  return DEVANAGARI.test(clean) ? ['', clean] : [clean, ''];
}

/** The B.S. day of the item's date, or '' when it has none. */
function heldOnOf(item: WxrItem): string {
  const gmt = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/u.exec(item.dateGmt);
  if (!gmt || gmt[1]!.startsWith('0000')) return '';
  try {
    return bsDateString(toBsDate(new Date(`${gmt[1]}T${gmt[2]}Z`)));
  } catch {
    // A day outside the calendar's table: the album has no day, as one made by hand may not.
    return '';
  }
}

function albumInput(item: WxrItem, galleryNumber: number, withDescription: boolean): AlbumInput {
  const title = cut(htmlToText(item.title).replace(/\s+/gu, ' ').trim(), 200) || 'Gallery';
  const numbered = galleryNumber > 1 ? `${title} (${galleryNumber})` : title;
  let slug = '';
  try {
    const name = decodeURIComponent(item.postName);
    if (SLUG.test(name) && name.length <= 80) slug = galleryNumber > 1 ? '' : name;
  } catch {
    // A malformed escape: the address is made from the title.
  }
  const heldOn = heldOnOf(item);
  const [descriptionEn, descriptionNe] = withDescription
    ? byScript(item.content.replace(/<figcaption[\s\S]*?<\/figcaption>/giu, ''), DESCRIPTION_MAX)
    : ['', ''];
  return {
    // '' when the old one is not a valid address: the albums service makes one from the title.
    slug,
    // The English title is required; a Nepali one is both, so that the album is named in either language.
    titleEn: numbered,
    titleNe: DEVANAGARI.test(numbered) ? numbered : '',
    heldOn,
    descriptionEn,
    descriptionNe,
    published: true,
  };
}

async function photosOf(input: AlbumsPlanInput, ids: readonly number[]): Promise<PlannedPhoto[]> {
  const photos: PlannedPhoto[] = [];
  for (const id of ids) {
    const a = input.attachments.get(id);
    if (!a) {
      const words = { captionEn: '', captionNe: '', altEn: '', altNe: '' };
      const missing = { oldId: id, guid: '', name: `attachment ${id}`, file: null, oldPaths: [] };
      photos.push({ ...missing, ...words, problem: 'not in the export' });
      continue;
    }
    const [captionEn, captionNe] = byScript(a.excerpt, TEXT_MAX);
    const [altEn, altNe] = byScript(a.meta._wp_attachment_image_alt ?? '', TEXT_MAX);
    photos.push({ ...(await input.planFile(a)), captionEn, captionNe, altEn, altNe });
  }
  return photos;
}

export async function planAlbums(input: AlbumsPlanInput): Promise<PlannedAlbum[]> {
  const albums: PlannedAlbum[] = [];
  const childIds = (id: number) => () => input.childrenOf(id).map((a) => a.id);
  for (const post of input.posts) {
    const galleries = galleriesIn(post.content, childIds(post.id));
    for (const [index, ids] of galleries.entries()) {
      const guid = `${post.guid || post.link}#gallery-${index + 1}`;
      albums.push({
        oldId: post.id,
        guid,
        from: 'post',
        title: post.title,
        input: albumInput(post, index + 1, false),
        photos: await photosOf(input, ids),
        oldPaths: [],
        importedAs: input.already.get(guid) ?? null,
      });
    }
  }
  for (const page of input.pages) {
    const galleries = galleriesIn(page.content, childIds(page.id));
    const ids = galleries.length > 0 ? [...new Set(galleries.flat())] : pageOfPhotos(page.content);
    if (!ids) {
      input.otherPages.push(page);
      continue;
    }
    const guid = `${page.guid || page.link}#gallery-1`;
    albums.push({
      oldId: page.id,
      guid,
      from: 'page',
      title: page.title,
      input: albumInput(page, 1, true),
      photos: await photosOf(input, ids),
      oldPaths: [...new Set([...input.keyOf(page.link), `?page_id=${page.id}`])],
      importedAs: input.already.get(guid) ?? null,
    });
  }
  return albums;
}
