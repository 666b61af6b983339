import type { FormValues } from './admin-result.ts';

const key = (page: string) => `orbit-admin-draft:${page}`;

/**
 * What was typed into a form whose write was refused because the session had ended: kept in this tab's
 * sessionStorage (never sent anywhere, gone with the tab) while the admin signs in again, and given back
 * once to the same page. Without JavaScript the refused page itself shows the values instead.
 */
export function saveDraft(page: string, values: FormValues): void {
  try {
    window.sessionStorage.setItem(key(page), JSON.stringify(values));
  } catch {
    // Storage can be full or switched off: the form still shows the text until the page is left.
  }
}

/** The draft kept for this page, removed as it is taken; null when there is none. */
export function takeDraft(page: string): FormValues | null {
  try {
    const raw = window.sessionStorage.getItem(key(page));
    if (raw === null) return null;
    window.sessionStorage.removeItem(key(page));
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return null;
  }
}
