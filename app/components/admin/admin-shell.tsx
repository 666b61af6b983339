import type { ReactNode } from 'react';
import { Toaster } from '#app/components/toaster.tsx';
import { AdminHeader } from './admin-header.tsx';
import { AdminSideMenu } from './admin-side-menu.tsx';

/** The admin frame: side menu, header, the page, and the toasts. Also frames the admin error boundary. */
export function AdminShell({ unreadInquiries, children }: { unreadInquiries: number; children: ReactNode }) {
  return (
    <div className="admin">
      <AdminSideMenu unreadInquiries={unreadInquiries} />
      <div className="admin__main">
        <AdminHeader />
        <main className="admin__content">{children}</main>
      </div>
      {/* Outside the grid flow: the toast container must not take a grid cell. */}
      <Toaster />
    </div>
  );
}
