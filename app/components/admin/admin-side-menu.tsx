import { NavLink } from 'react-router';
import type { Role } from '#common/roles.ts';

const LINKS = [
  { to: '/admin', label: 'Admission status', end: true },
  { to: '/admin/featured', label: 'Featured' },
  { to: '/admin/gallery', label: 'Gallery' },
  { to: '/admin/addnewphoto', label: 'Add photo' },
  { to: '/admin/notice', label: 'Notices' },
  { to: '/admin/addnewnotice', label: 'Add notice' },
  { to: '/admin/inquiries', label: 'Inquiries' },
  { to: '/admin/content', label: 'College' },
  { to: '/admin/banner', label: 'Banner' },
  { to: '/admin/courses', label: 'Courses' },
  { to: '/admin/people', label: 'People' },
  { to: '/admin/downloads', label: 'Downloads' },
  { to: '/admin/vitals', label: 'Site speed', role: 'owner' },
  { to: '/admin/audit', label: 'Audit log', role: 'owner' },
] as const;

/** Links to owners' pages are shown to owners only; the server refuses them to others anyway. */
const shownTo = (role: Role | null) => LINKS.filter((link) => !('role' in link) || role === 'owner');

export function AdminSideMenu({ unreadInquiries, role }: { unreadInquiries: number; role: Role | null }) {
  return (
    <nav className="admin-menu" aria-label="Admin">
      <a className="admin-menu__brand" href="/">
        Orbit College
      </a>
      <ul className="admin-menu__list">
        {shownTo(role).map((link) => (
          <li key={link.to}>
            <NavLink className="admin-menu__link" to={link.to} end={'end' in link}>
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
    </nav>
  );
}
