import type { Catalogue } from '#common/i18n/catalogue.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';

export type NavItem =
  | { label: string; kind: 'page'; to: string }
  | { label: string; kind: 'section'; to: string }
  | { label: string; kind: 'external'; href: string }
  | { label: string; kind: 'language'; href: string; lang: SiteLanguage };

export interface NavContext {
  /** The page's interface text. */
  ui: Catalogue;
  /** A site address in the page's language. */
  href: (path: string) => string;
  /** The stored prospectus; without one (null) its entry is left out. */
  prospectusUrl: string | null;
  /** The same page in the other language. */
  otherLanguage: { lang: SiteLanguage; href: string };
  /** Home-page sections the college has left empty (so the page leaves them out): their entries go too. */
  emptySections?: { about: boolean; courses: boolean };
}

function items({ ui, href, prospectusUrl, otherLanguage, emptySections }: NavContext) {
  const section = (empty: boolean | undefined, item: NavItem): NavItem[] => (empty ? [] : [item]);
  return {
    home: { label: ui.nav.home, kind: 'page', to: href('/') },
    about: section(emptySections?.about, { label: ui.nav.about, kind: 'section', to: href('/#about') }),
    courses: section(emptySections?.courses, { label: ui.nav.courses, kind: 'section', to: href('/#academics') }),
    // The admission page: the season's dates, programmes, fees and scholarships (or the status alone).
    admissions: { label: ui.nav.admissions, kind: 'page', to: href('/admission') },
    gallery: { label: ui.nav.gallery, kind: 'page', to: href('/gallery') },
    notices: { label: ui.nav.notices, kind: 'page', to: href('/notices') },
    contact: { label: ui.nav.contact, kind: 'page', to: href('/contact') },
    // The Prospectus entry opens the stored file in a new tab.
    prospectus: prospectusUrl ? [{ label: ui.nav.prospectus, kind: 'external', href: prospectusUrl }] : [],
    language: { label: ui.nav.otherLanguage, kind: 'language', ...otherLanguage },
  } satisfies Record<string, NavItem | NavItem[]>;
}

/** The navigation bar. */
export function mainNavItems(context: NavContext): NavItem[] {
  const i = items(context);
  return [i.home, ...i.courses, i.admissions, i.gallery, i.notices, i.contact, ...i.prospectus, i.language];
}

/** The phone menu has its own list and order. */
export function mobileNavItems(context: NavContext): NavItem[] {
  const i = items(context);
  return [i.home, ...i.about, i.notices, i.admissions, ...i.courses, ...i.prospectus, i.gallery, i.contact, i.language];
}
