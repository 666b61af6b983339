import { type RefObject, createContext, useContext, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { UnsavedForms } from '#app/lib/unsaved-forms.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** Tells the page's guard that a write succeeded with what was sent (see useAdminWrite). */
const SavedContext = createContext<(sent: FormData) => void>(() => {});
export const UnsavedChangesSaved = SavedContext.Provider;
export const useFormSaved = () => useContext(SavedContext);

/** The moments just before an admin changes a form: what it held then is what it was loaded with. */
const TOUCH_EVENTS = ['focusin', 'pointerdown', 'keydown', 'dragenter'] as const;

const formsIn = (element: HTMLElement | null) => Array.from(element?.querySelectorAll('form') ?? []);

const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * Asks before an admin page with unsaved changes is left: any form of the page (`area`) that writes and
 * now holds other values than when the admin first touched it. Another admin page opened in the app gets
 * a dialog ('Leave without saving' / 'Stay'); a reload, a closed tab or another site gets the browser's
 * own question. A form's successful write (`saved`, from useAdminWrite) makes what it sent the new start.
 * Leaving the admin app by logging out (or to sign in again after the session ended) is not asked about:
 * the session is gone by then and nothing could be saved (a notice being written keeps a draft).
 *
 * Without JavaScript none of this runs: the browser cannot tell a changed form from an untouched one, so
 * it cannot warn; the pages then work as plain forms.
 */
export function useUnsavedChanges(area: RefObject<HTMLElement | null>) {
  const [forms] = useState(() => new UnsavedForms());
  const pageForms = () => formsIn(area.current);
  const changed = () => forms.anyChanged(pageForms());

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const touch = (event: Event) => {
      const form = event.target instanceof Element ? event.target.closest('form') : null;
      if (form) forms.touch(form);
    };
    for (const type of TOUCH_EVENTS) element.addEventListener(type, touch, true);
    return () => {
      for (const type of TOUCH_EVENTS) element.removeEventListener(type, touch, true);
    };
  }, [area, forms]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!forms.anyChanged(formsIn(area.current))) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [area, forms]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && isAdminPath(nextLocation.pathname) && changed(),
  );

  const saved = (sent: FormData) => forms.saved(pageForms(), sent);

  const dialog =
    blocker.state === 'blocked' ? (
      <ConfirmDialog
        title="Leave without saving?"
        message="Your changes on this page have not been saved. If you leave now, they are lost."
        confirmLabel="Leave without saving"
        cancelLabel="Stay"
        onClose={(leave) => (leave ? blocker.proceed() : blocker.reset())}
      />
    ) : null;

  return { dialog, saved };
}
