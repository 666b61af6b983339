import { type ReactNode, useRef } from 'react';
import { Toaster } from '#app/components/toaster.tsx';
import { AdminHeader } from './admin-header.tsx';
import type { Role } from '#common/roles.ts';
import type { Logo } from '#common/site-content/college.ts';
import { AdminSideMenu } from './admin-side-menu.tsx';
import { BackupWarnings } from './backup-warnings.tsx';
import { MessageWarnings, type UnsendableMessages } from './message-warnings.tsx';
import { UnsavedChangesSaved, useUnsavedChanges } from './use-unsaved-changes.tsx';

const NONE_UNSENDABLE: UnsendableMessages = { email: 0, sms: 0 };

/** The admin frame: side menu, header, the page, and the toasts. Also frames the admin error boundary. */
export function AdminShell({
  collegeName,
  collegeLogo = null,
  unreadInquiries,
  role,
  person = null,
  name = null,
  twoFactorPending = false,
  backupWarnings = [],
  unsendable = NONE_UNSENDABLE,
  children,
}: {
  /** The college's stored name, the menu's brand. */
  collegeName: string;
  /** The college's uploaded logo, drawn beside the brand (none: the name alone). */
  collegeLogo?: Logo | null;
  unreadInquiries: number;
  /** Null while nobody is signed in (a refused form shown again): only the links every role has. */
  role: Role | null;
  /** The signed-in person's name (or e-mail), for the header's account menu. */
  person?: string | null;
  /** The signed-in person's own name, for the header's greeting (none without one). */
  name?: string | null;
  /** An owner requires two-factor sign-in and this account has not turned it on: only its Account page opens. */
  twoFactorPending?: boolean;
  /** For owners: what is wrong with the backups, shown above every page until it is put right. */
  backupWarnings?: readonly string[];
  /** For those who manage messages: the messages that cannot leave until e-mail or SMS is set up. */
  unsendable?: UnsendableMessages;
  children: ReactNode;
}) {
  // Every admin form: leaving the page with changes not yet saved asks first.
  const content = useRef<HTMLElement>(null);
  const unsaved = useUnsavedChanges(content);
  return (
    <div className="admin">
      <AdminSideMenu
        collegeName={collegeName}
        collegeLogo={collegeLogo}
        unreadInquiries={unreadInquiries}
        role={role}
        twoFactorPending={twoFactorPending}
      />
      <div className="admin__main">
        <AdminHeader person={person} name={name} role={role} />
        <main className="admin__content" ref={content}>
          <BackupWarnings warnings={backupWarnings} />
          <MessageWarnings unsendable={unsendable} />
          <UnsavedChangesSaved value={unsaved.saved}>{children}</UnsavedChangesSaved>
        </main>
      </div>
      {/* Outside the grid flow: the toast container must not take a grid cell. */}
      <Toaster />
      {unsaved.dialog}
    </div>
  );
}
