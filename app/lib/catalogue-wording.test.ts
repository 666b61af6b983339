import { describe, expect, it } from 'vitest';
import { en } from '#common/i18n/en.ts';
import { ne } from '#common/i18n/ne.ts';
import { pathIn } from '#common/i18n/site-path.ts';
import { mainNavItems, mobileNavItems } from './nav-items.ts';

const prospectusUrl = '/downloads/prospectus.pdf';

// The English interface catalogue must keep the wording the English pages show today.
describe('the English catalogue and the app', () => {
  it('has every label of the navigation bar and the phone menu', () => {
    const labels = new Set<string>(Object.values(en.nav));
    const context = {
      ui: en,
      href: (path: string) => pathIn('en', path),
      prospectusUrl,
      otherLanguage: { lang: 'ne' as const, href: '/ne' },
    };
    for (const item of [...mainNavItems(context), ...mobileNavItems(context)])
      expect(labels, item.label).toContain(item.label);
  });
});

describe('the navigation of a Nepali page', () => {
  const context = {
    ui: ne,
    href: (path: string) => pathIn('ne', path),
    prospectusUrl,
    otherLanguage: { lang: 'en' as const, href: '/notices?page=2' },
  };

  it('links to the Nepali pages in Nepali, the prospectus as it is, and to English last', () => {
    const items = mainNavItems(context);
    expect(items.map((item) => ('to' in item ? item.to : item.href))).toEqual([
      '/ne',
      '/ne#academics',
      '/ne/admission',
      '/ne/gallery',
      '/ne/notices',
      '/ne/contact',
      prospectusUrl,
      '/notices?page=2',
    ]);
    expect(items.at(-1)).toEqual({ label: 'English', kind: 'language', lang: 'en', href: '/notices?page=2' });
    expect(items[0]?.label).toBe('गृहपृष्ठ');
  });

  it('has the same entries in the phone menu', () => {
    const labels = (list: { label: string }[]) => list.map((item) => item.label).sort();
    expect(labels(mobileNavItems(context))).toEqual(labels([...mainNavItems(context), { label: ne.nav.about }]));
  });
});
