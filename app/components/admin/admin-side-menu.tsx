import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { type Action, decide } from '#common/policy.ts';
import { LEAST_ROLE, type Role } from '#common/roles.ts';
import type { Logo } from '#common/site-content/college.ts';
import { LogoMark } from '#app/components/site-icons.tsx';

/** Each page of the menu and what it does in the policy's words (as its loader and its API routes declare). */
const LINKS: readonly { to: string; label: string; action: Action; end?: true }[] = [
  { to: '/admin', label: 'Today', action: 'today.read', end: true },
  { to: '/admin/admission', label: 'Admission status', action: 'admission.edit' },
  { to: '/admin/seasons', label: 'Admission seasons', action: 'seasons.edit' },
  { to: '/admin/applications', label: 'Applications', action: 'applications.read' },
  { to: '/admin/entrance', label: 'Entrance', action: 'entrance.manage' },
  { to: '/admin/merit', label: 'Merit list', action: 'merit.manage' },
  { to: '/admin/featured', label: 'Featured', action: 'photos.edit' },
  { to: '/admin/gallery', label: 'Gallery', action: 'photos.edit' },
  { to: '/admin/albums', label: 'Albums', action: 'photos.edit' },
  { to: '/admin/addnewphoto', label: 'Add photo', action: 'photos.edit' },
  { to: '/admin/notice', label: 'Notices', action: 'notices.edit' },
  { to: '/admin/addnewnotice', label: 'Add notice', action: 'notices.edit' },
  { to: '/admin/inquiries', label: 'Inquiries', action: 'inquiries.handle' },
  { to: '/admin/content', label: 'College', action: 'content.edit' },
  { to: '/admin/banner', label: 'Banner', action: 'content.edit' },
  { to: '/admin/courses', label: 'Courses', action: 'content.edit' },
  { to: '/admin/people', label: 'People', action: 'content.edit' },
  { to: '/admin/downloads', label: 'Downloads', action: 'content.edit' },
  { to: '/admin/vitals', label: 'Site speed', action: 'vitals.read' },
  { to: '/admin/audit', label: 'Audit log', action: 'audit.read' },
  { to: '/admin/messages', label: 'E-mail and SMS', action: 'messages.manage' },
  { to: '/admin/calendar', label: 'B.S. calendar', action: 'calendar.edit' },
  { to: '/admin/backups', label: 'Backups', action: 'backups.manage' },
  { to: '/admin/import', label: 'Import', action: 'import.manage' },
  { to: '/admin/staff', label: 'Staff', action: 'staff.manage' },
  { to: '/admin/account', label: 'Account', action: 'account.own' },
];

/**
 * The pages the policy lets the signed-in account open; the server refuses the others anyway. Nobody
 * signed in (a page shown again after a write met an ended session) counts as an editor. An account that
 * must still turn on two-factor sign-in is offered its Account page only: the policy keeps the others shut.
 */
export const menuLinksFor = (role: Role | null, twoFactorPending = false) =>
  LINKS.filter((link) => decide({ role: role ?? LEAST_ROLE, twoFactorPending }, link.action) === 'allowed');

export function AdminSideMenu({
  collegeName,
  collegeLogo = null,
  unreadInquiries,
  role,
  twoFactorPending = false,
}: {
  /** The college's stored name, the brand that links to the site. */
  collegeName: string;
  /** The college's uploaded logo, drawn before its name. */
  collegeLogo?: Logo | null;
  unreadInquiries: number;
  role: Role | null;
  twoFactorPending?: boolean;
}) {
  // On a phone the list folds behind 'Menu' (a <details>, so it opens without JavaScript too); at desktop
  // width the stylesheet shows it whatever the fold's state. A page opened from it closes the fold again.
  const fold = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (fold.current) fold.current.open = false;
  }, [pathname]);
  return (
    <nav className="admin-menu" aria-label="Admin">
      <a className="admin-menu__brand" href="/">
        {collegeLogo ? <LogoMark logo={collegeLogo} /> : null}
        {collegeName || 'The site'}
      </a>
      <details className="admin-menu__fold" ref={fold}>
        <summary className="admin-menu__toggle">
          Menu
          {unreadInquiries > 0 ? (
            <span className="admin-menu__badge" aria-label={`${unreadInquiries} unread inquiries`}>
              {unreadInquiries}
            </span>
          ) : null}
        </summary>
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
      </details>
    </nav>
  );
}
