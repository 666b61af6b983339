// One fixed zone and locale, so the server-rendered text and the hydrated text are the same.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kathmandu',
});

const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Kathmandu' });

/** '21 Nov 2026' in Nepal time, for an ISO timestamp. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}

/** '21 Nov 2026, 14:05' in Nepal time, for an ISO timestamp. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** The server's own message for a failed request, when it has one worth showing. */
export function errorDetail(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}
