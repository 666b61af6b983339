import { pathIn } from '#common/i18n/site-path.ts';
import { htmlToText } from './html-to-text.ts';
import type { WxrItem } from './wxr-reader.ts';

/**
 * A WordPress page that names one of this site's own pages (About, Contact, Admission, Courses, …) by its slug or
 * its title, in English or Nepali, is brought over as its addresses: its permalink and `?page_id=` answer with a
 * 301 to that page (the Nepali page for a page titled in Devanagari). Its text is not written anywhere: the
 * site's pages are made of the office's own fields, and the plan says where what fits may be typed. A page that
 * names none of them is listed as not brought over.
 */

export type SitePage = 'home' | 'about' | 'contact' | 'admission' | 'courses' | 'downloads' | 'gallery' | 'notices';

interface SitePageInfo {
  /** Its English address. */
  path: string;
  /** Its name, for the plan and the report. */
  name: string;
  /** Where its text may be typed on this site, for a person to copy what fits. */
  textGoes: string;
  /** Slugs and titles (lower case, words single-spaced) that name it. */
  names: string[];
}

const SITE_PAGES: Record<SitePage, SitePageInfo> = {
  home: {
    path: '/',
    name: 'the home page',
    textGoes: 'Admin → Banner',
    names: ['home', 'home page', 'homepage', 'welcome', 'गृहपृष्ठ', 'गृह पृष्ठ', 'मुख्य पृष्ठ'],
  },
  about: {
    path: '/#about',
    name: 'the about section of the home page',
    textGoes: 'Admin → College (the about text)',
    names: [
      'about',
      'about us',
      'about college',
      'about the college',
      'introduction',
      'our history',
      'history',
      'who we are',
      'परिचय',
      'हाम्रो बारेमा',
      'हाम्रो बारे',
      'हाम्रो परिचय',
      'कलेजको परिचय',
      'क्याम्पस परिचय',
      'बारेमा',
    ],
  },
  contact: {
    path: '/contact',
    name: 'the contact page',
    textGoes: 'Admin → College (address, phones, e-mail, map)',
    names: ['contact', 'contact us', 'contacts', 'find us', 'सम्पर्क', 'सम्पर्क गर्नुहोस्', 'हाम्रो सम्पर्क', 'सम्पर्क ठेगाना'],
  },
  admission: {
    path: '/admission',
    name: 'the admission page',
    textGoes: 'Admin → Admission (the season, its programmes and fees)',
    names: ['admission', 'admission open', 'apply', 'apply online', 'भर्ना', 'भर्ना खुला', 'भर्ना सम्बन्धी'],
  },
  courses: {
    path: '/#academics',
    name: 'the courses section of the home page',
    textGoes: 'Admin → Courses',
    names: [
      'courses',
      'course',
      'programmes',
      'programme',
      'programs',
      'program',
      'our programmes',
      'our programs',
      'academic programmes',
      'academic programs',
      'academics',
      'faculties',
      'कार्यक्रम',
      'कार्यक्रमहरू',
      'पाठ्यक्रम',
      'पाठ्यक्रमहरू',
      'शैक्षिक कार्यक्रम',
      'संकाय',
    ],
  },
  downloads: {
    // This site's files are the notices' attachments and the prospectus: the notices list holds them.
    path: '/notices',
    name: 'the notices list (files are attached to notices here)',
    textGoes: 'Admin → Downloads (the prospectus) or a notice with the file attached',
    names: ['downloads', 'download', 'forms', 'download forms', 'डाउनलोड', 'डाउनलोडहरू', 'फारम'],
  },
  gallery: {
    path: '/gallery',
    name: 'the gallery',
    textGoes: 'Admin → Gallery',
    names: ['gallery', 'photo gallery', 'photos', 'galleries', 'ग्यालरी', 'फोटो ग्यालरी', 'तस्बिर', 'तस्बिरहरू'],
  },
  notices: {
    path: '/notices',
    name: 'the notices list',
    textGoes: 'a notice',
    names: [
      'notices',
      'notice',
      'notice board',
      'news',
      'news and notices',
      'news and events',
      'news events',
      'सूचना',
      'सूचनाहरू',
      'सूचना पाटी',
      'समाचार',
    ],
  },
};

const DEVANAGARI = /[\u0900-\u097f]/u;

/** A slug or a title as the names above are written: decoded, lower case, '-' and punctuation as single spaces. */
function normalName(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // A malformed escape: compared as it came.
  }
  return decoded
    .normalize('NFC')
    .toLowerCase()
    .replace(/&amp;|[&/]/gu, ' and ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/gu, ' ');
}

const BY_NAME = new Map<string, SitePage>(
  (Object.entries(SITE_PAGES) as [SitePage, SitePageInfo][]).flatMap(([page, info]) =>
    info.names.map((name) => [normalName(name), page] as const),
  ),
);

/** The site's page a WordPress page names by its slug, else by its title; null when it names none. */
export function sitePageOf(page: Pick<WxrItem, 'postName' | 'title'>): SitePage | null {
  for (const name of [normalName(page.postName), normalName(htmlToText(page.title))]) {
    // An English plural ('Admissions', 'Contacts') names what its singular names.
    const found = BY_NAME.get(name) ?? BY_NAME.get(name.replace(/s$/u, ''));
    if (found) return found;
  }
  return null;
}

export const sitePageName = (page: SitePage): string => SITE_PAGES[page].name;
export const sitePageTextGoes = (page: SitePage): string => SITE_PAGES[page].textGoes;

/** What a matched page's record points at (imported_items and old_addresses' target_id). */
export const SITE_PAGE_TARGET = 'site-page:';

/** A page to be brought over as addresses leading to one of the site's pages. */
export interface PlannedPage {
  oldId: number;
  guid: string;
  title: string;
  becomes: SitePage;
  /** The site's address its old addresses lead to: the Nepali one for a page titled in Devanagari. */
  target: string;
  /** Old addresses (keys) that will lead there. */
  oldPaths: string[];
  /** How many words of text the page held (not copied: the plan says where it may be typed). */
  words: number;
  importedAs: string | null;
}

/**
 * The pages (published, not made albums) that name one of the site's pages, planned to lead there; the others
 * are added to `notImported` with why.
 */
export function planPages(
  pages: readonly WxrItem[],
  options: {
    already: ReadonlyMap<string, string>;
    keyOf: (link: string) => string[];
    notImported: { oldId: number; type: string; title: string; reason: string }[];
  },
): PlannedPage[] {
  const planned: PlannedPage[] = [];
  for (const page of pages) {
    const becomes = sitePageOf(page);
    if (!becomes) {
      options.notImported.push({
        oldId: page.id,
        type: 'page',
        title: page.title,
        reason:
          'no page of this site has its name (About, Contact, Admission, Courses, Downloads, Gallery, Notices): copy what fits into a notice or Admin → College',
      });
      continue;
    }
    const guid = page.guid || page.link;
    const text = htmlToText(page.content).trim();
    planned.push({
      oldId: page.id,
      guid,
      title: page.title,
      becomes,
      target: pathIn(DEVANAGARI.test(page.title) ? 'ne' : 'en', SITE_PAGES[becomes].path),
      oldPaths: [...new Set([...options.keyOf(page.link), `?page_id=${page.id}`])],
      words: text === '' ? 0 : text.split(/\s+/u).length,
      importedAs: options.already.get(guid) ?? null,
    });
  }
  return planned;
}
