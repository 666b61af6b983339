import { Outlet } from 'react-router';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { SiteHeader } from '#app/components/site-header.tsx';
import '#app/styles/site.css';

/** Every public page: navigation bar, the page, footer. */
export default function PublicLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}
