import { NavLink } from 'react-router';
import type { NavItem } from '#app/lib/nav-items.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { NepaliWord } from './nepali-word.tsx';
import { NEPALI_WORD_OUTLINE } from './nepali-word-outline.ts';

/**
 * One navigation entry. Pages are NavLinks (aria-current on the page you are on); section links are plain
 * anchors such as /#academics, which the browser scrolls to (smoothly, see site.css), from the home page and
 * from any other page; external files open a new tab; the language entry leads to the same page in the other
 * language.
 */
export function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  const { ui } = useSiteContent();
  // The same page in the other language: a document link, named in that language ('नेपाली' drawn as an outline).
  if (item.kind === 'language') {
    return (
      <a className={`${className} language-link`} href={item.href} lang={item.lang} hrefLang={item.lang}>
        {item.label === NEPALI_WORD_OUTLINE.text ? <NepaliWord /> : item.label}
      </a>
    );
  }
  if (item.kind === 'external') {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener">
        {item.label}
        <span className="sr-only">{ui.common.opensInNewTab}</span>
      </a>
    );
  }
  if (item.kind === 'section') {
    return (
      <a className={className} href={item.to}>
        {item.label}
      </a>
    );
  }
  return (
    <NavLink className={className} to={item.to} end>
      {item.label}
    </NavLink>
  );
}
