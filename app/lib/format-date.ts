/**
 * A notice date for people, e.g. "21 November 2026". The time zone is fixed to the college's, so the server
 * and the browser render the same text (no hydration mismatch) and a late-evening notice keeps its local date.
 */
const formatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kathmandu',
});

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}
