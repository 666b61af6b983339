import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminSideMenu, menuLinksFor } from './admin-side-menu.tsx';

const CONTENT_PAGES = ['/admin/content', '/admin/banner', '/admin/courses', '/admin/people', '/admin/downloads'];
const OWNER_PAGES = [
  '/admin/vitals',
  '/admin/audit',
  '/admin/messages',
  '/admin/calendar',
  '/admin/import',
  '/admin/staff',
];

const menu = (role: 'owner' | 'editor' | null, twoFactorPending = false) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={['/admin']}>
      <AdminSideMenu collegeName="Himal College" unreadInquiries={0} role={role} twoFactorPending={twoFactorPending} />
    </MemoryRouter>,
  );

describe('the admin side menu', () => {
  it('is branded with the college’s stored name, linking to the site', () => {
    expect(menu('editor')).toContain('<a class="admin-menu__brand" href="/">Himal College</a>');
  });

  it('draws the college’s uploaded logo before its name, with its proportions', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/admin']}>
        <AdminSideMenu
          collegeName="Himal College"
          collegeLogo={{ url: '/logo/abc.png', width: 300, height: 100 }}
          unreadInquiries={0}
          role="owner"
        />
      </MemoryRouter>,
    );
    expect(html).toContain(
      '<a class="admin-menu__brand" href="/"><img class="brand__logo" src="/logo/abc-h108.png" width="108" height="36" alt=""/>Himal College</a>',
    );
  });

  it('shows an editor the content pages and none of the owners’ pages', () => {
    const paths = menuLinksFor('editor').map((l) => l.to);
    expect(paths).toEqual(expect.arrayContaining(CONTENT_PAGES));
    for (const page of OWNER_PAGES) expect(paths).not.toContain(page);
    const html = menu('editor');
    for (const page of CONTENT_PAGES) expect(html).toContain(`href="${page}"`);
    expect(html).not.toContain('href="/admin/audit"');
  });

  it('shows an owner every page', () => {
    const html = menu('owner');
    for (const page of [...CONTENT_PAGES, ...OWNER_PAGES]) expect(html).toContain(`href="${page}"`);
  });

  it('shows nobody signed in (a form shown again after the session ended) only the lesser role’s pages', () => {
    expect(menuLinksFor(null)).toEqual(menuLinksFor('editor'));
  });

  it('offers an account that must still turn on two-factor only its Account page, and says why', () => {
    expect(menuLinksFor('owner', true).map((l) => l.to)).toEqual(['/admin/account']);
    const html = menu('editor', true);
    expect(html).toContain('href="/admin/account"');
    expect(html).not.toContain('href="/admin/notice"');
    expect(html).toContain('Turn on two-factor sign-in to open the other pages.');
    expect(menu('editor')).not.toContain('two-factor');
  });
});
