import type { SiteLanguage } from '../site-content/local-text.ts';
import { type Catalogue, en } from './en.ts';
import { ne } from './ne.ts';

export type { Catalogue };

const CATALOGUES: Record<SiteLanguage, Catalogue> = { en, ne };

/** The interface text of a page in `lang`. */
export function interfaceText(lang: SiteLanguage): Catalogue {
  return CATALOGUES[lang];
}
