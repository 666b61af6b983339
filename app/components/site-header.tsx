import { Link, useLocation } from 'react-router';
import { pathIn } from '#common/i18n/site-path.ts';
import { type NavContext, mainNavItems } from '#app/lib/nav-items.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { aboutIsEmpty } from './about-section.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NavItemLink } from './nav-item-link.tsx';
import { LogoMark, UserIcon } from './site-icons.tsx';

/** The navigation's links in the page's language; the language entry keeps the page and its query. */
function useNavContext(): NavContext {
  const { site, lang, ui, href } = useSiteContent();
  const { pathname, search } = useLocation();
  const other = lang === 'en' ? 'ne' : 'en';
  return {
    ui,
    href,
    prospectusUrl: site.downloads.prospectus?.url ?? null,
    otherLanguage: { lang: other, href: pathIn(other, `${pathname}${search}`) },
    emptySections: { about: aboutIsEmpty(site.college), courses: site.courses.cards.length === 0 },
  };
}

export function SiteHeader() {
  const { site, t, ui, href } = useSiteContent();
  const nav = useNavContext();
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to={href('/')} className="brand">
          <LogoMark logo={site.college.logo} />
          <span className="brand__name">{t(site.college.name)}</span>
        </Link>
        <nav aria-label={ui.nav.mainLabel} className="main-nav">
          <ul className="main-nav__list">
            {mainNavItems(nav).map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className="main-nav__link" />
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/login" className="icon-link" aria-label={ui.nav.adminLogin} title={ui.nav.adminLogin}>
          <UserIcon />
        </Link>
        <MobileMenu nav={nav} />
      </div>
    </header>
  );
}
