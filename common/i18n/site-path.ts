import type { SiteLanguage } from '../site-content/local-text.ts';

/** Nepali pages live under this prefix; English pages keep their addresses. */
export const NEPALI_PREFIX = '/ne';

/** The language of a public page, from its address alone (a shared link shows what its sender saw). */
export function languageOfPath(pathname: string): SiteLanguage {
  return pathname === NEPALI_PREFIX || pathname.startsWith(`${NEPALI_PREFIX}/`) ? 'ne' : 'en';
}

/** The address without its language prefix: '/ne/notices?page=2' → '/notices?page=2', '/ne' → '/'. */
export function pathWithoutLanguage(path: string): string {
  if (languageOfPath(path.replace(/[?#].*$/su, '')) === 'en') return path;
  const rest = path.slice(NEPALI_PREFIX.length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/**
 * A site address ('/', '/notices?page=2', '/#academics') in `lang`: Nepali ones under /ne ('/ne',
 * '/ne/notices?page=2', '/ne#academics'). Addresses already in a language are moved to `lang`.
 */
export function pathIn(lang: SiteLanguage, path: string): string {
  const english = pathWithoutLanguage(path);
  if (lang === 'en') return english;
  if (english === '/') return NEPALI_PREFIX;
  if (english.startsWith('/?') || english.startsWith('/#')) return `${NEPALI_PREFIX}${english.slice(1)}`;
  return `${NEPALI_PREFIX}${english}`;
}
