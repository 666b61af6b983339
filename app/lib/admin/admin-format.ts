import { formatBsAd } from '#common/dates/bs-date.ts';

// One fixed zone and locale, so the server-rendered text and the hydrated text are the same.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kathmandu',
});

const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Asia/Kathmandu' });

const nepalTime = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Kathmandu',
});

/** The B.S. day with the A.D. one, or '' for a day outside the calendar the site knows (the A.D. alone then). */
function bsFirst(date: Date): string {
  try {
    return formatBsAd(date.toISOString());
  } catch {
    return '';
  }
}

/**
 * Every date the admin shows is B.S. first, the A.D. day beside, in Nepal time: '6 Mangsir 2083 B.S.
 * (22 Nov 2026)' for an ISO timestamp or an A.D. day 'YYYY-MM-DD'.
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return bsFirst(date) || dateOnly.format(date);
}

/** The same with the time in Nepal: '6 Mangsir 2083 B.S. (22 Nov 2026), 14:05'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = bsFirst(date);
  return day ? `${day}, ${nepalTime.format(date)}` : dateTime.format(date);
}

/** The server's own message for a failed request, when it has one worth showing. */
export function errorDetail(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}
