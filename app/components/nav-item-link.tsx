import { Link, NavLink } from 'react-router';
import type { NavItem } from '#app/lib/nav-items.ts';

/**
 * One navigation entry. Pages are NavLinks (aria-current on the page you are on); section links go to the
 * home page and React Router's scroll restoration then scrolls to the hash; external files open a new tab.
 */
export function NavItemLink({ item, className }: { item: NavItem; className: string }) {
  if (item.kind === 'external') {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener">
        {item.label}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (item.kind === 'section') {
    return (
      <Link className={className} to={item.to}>
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink className={className} to={item.to} end>
      {item.label}
    </NavLink>
  );
}
