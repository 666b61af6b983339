import { NavLink } from 'react-router';

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
  { to: '/admin/vitals', label: 'Site speed' },
] as const;

export function AdminSideMenu({ unreadInquiries }: { unreadInquiries: number }) {
  return (
    <nav className="admin-menu" aria-label="Admin">
      <a className="admin-menu__brand" href="/">
        Orbit College
      </a>
      <ul className="admin-menu__list">
        {LINKS.map((link) => (
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
