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

/** '15 MB', '1.5 MB': sizes are configured in MiB on the server. */
export function formatMegabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

/** A file's size as people read it: '640 KB' below a megabyte, '2.4 MB' above. */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : formatMegabytes(bytes);
}

/** The server's own message for a failed request, when it has one worth showing. */
export function errorDetail(err: unknown): string | null {
  return err instanceof Error && err.message ? err.message : null;
}
