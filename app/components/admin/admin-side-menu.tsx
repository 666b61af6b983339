import { NavLink } from 'react-router';
import { type Role, roleAllows } from '#common/roles.ts';

/** Each page of the menu and the least role that may open it (as its loader and its API routes declare). */
const LINKS: readonly { to: string; label: string; role: Role; end?: true }[] = [
  { to: '/admin', label: 'Admission status', role: 'editor', end: true },
  { to: '/admin/featured', label: 'Featured', role: 'editor' },
  { to: '/admin/gallery', label: 'Gallery', role: 'editor' },
  { to: '/admin/addnewphoto', label: 'Add photo', role: 'editor' },
  { to: '/admin/notice', label: 'Notices', role: 'editor' },
  { to: '/admin/addnewnotice', label: 'Add notice', role: 'editor' },
  { to: '/admin/inquiries', label: 'Inquiries', role: 'editor' },
  { to: '/admin/content', label: 'College', role: 'editor' },
  { to: '/admin/banner', label: 'Banner', role: 'editor' },
  { to: '/admin/courses', label: 'Courses', role: 'editor' },
  { to: '/admin/people', label: 'People', role: 'editor' },
  { to: '/admin/downloads', label: 'Downloads', role: 'editor' },
  { to: '/admin/vitals', label: 'Site speed', role: 'owner' },
  { to: '/admin/audit', label: 'Audit log', role: 'owner' },
  { to: '/admin/staff', label: 'Staff', role: 'owner' },
  { to: '/admin/account', label: 'Account', role: 'editor' },
];

/** The one page an account can open while an owner requires two-factor sign-in and it has not turned it on. */
const ACCOUNT_PAGE = '/admin/account';

/**
 * The pages the signed-in role may open; the server refuses the others anyway. Nobody signed in (a page
 * shown again after a write met an ended session) counts as the lesser role. An account that must still
 * turn on two-factor sign-in is offered its Account page only: every other page would send it back there.
 */
export const menuLinksFor = (role: Role | null, twoFactorPending = false) =>
  LINKS.filter((link) => (twoFactorPending ? link.to === ACCOUNT_PAGE : roleAllows(role ?? 'editor', link.role)));

export function AdminSideMenu({
  unreadInquiries,
  role,
  twoFactorPending = false,
}: {
  unreadInquiries: number;
  role: Role | null;
  twoFactorPending?: boolean;
}) {
  return (
    <nav className="admin-menu" aria-label="Admin">
      <a className="admin-menu__brand" href="/">
        Orbit College
      </a>
      <ul className="admin-menu__list">
        {menuLinksFor(role, twoFactorPending).map((link) => (
          <li key={link.to}>
            <NavLink className="admin-menu__link" to={link.to} end={link.end === true}>
              {link.label}
              {link.to === '/admin/inquiries' && unreadInquiries > 0 ? (
                <span className="admin-menu__badge" aria-label={`${unreadInquiries} unread`}>
                  {unreadInquiries}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      {twoFactorPending ? (
        <p className="admin-menu__note">Turn on two-factor sign-in to open the other pages.</p>
      ) : null}
    </nav>
  );
}
