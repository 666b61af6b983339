import { Link } from 'react-router';
import { mainNavItems } from '#app/lib/nav-items.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { MobileMenu } from './mobile-menu.tsx';
import { NavItemLink } from './nav-item-link.tsx';
import { LogoMark, UserIcon } from './site-icons.tsx';

export function SiteHeader() {
  const { site, t } = useSiteContent();
  const prospectusUrl = site.downloads.prospectus?.url ?? null;
  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand__name">{t(site.college.name)}</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul className="main-nav__list">
            {mainNavItems(prospectusUrl).map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className="main-nav__link" />
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/login" className="icon-link" aria-label="Admin login" title="Admin login">
          <UserIcon />
        </Link>
        <MobileMenu prospectusUrl={prospectusUrl} />
      </div>
    </header>
  );
}
