import { z } from 'zod';

/** Every API error has this shape, with a stable code. */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The disk (or bucket) holding uploads is full: the upload was refused and none of it was kept. */
export const STORAGE_FULL = {
  code: 'storage/full',
  message: 'The server is out of space. Nothing was saved.',
} as const;

/**
 * Another program (a backup tool, a maintenance shell) held the database's lock longer than the server waits:
 * the write was abandoned whole, so trying again in a moment is safe. Sent with 503 and Retry-After.
 */
export const DATABASE_BUSY = {
  code: 'database/busy',
  message: 'The database is busy. Nothing was saved; try again in a moment.',
} as const;

/**
 * A save made from a copy that someone else changed in the meantime: refused (409) rather than silently
 * overwriting their change. The edit is kept in the form; reloading shows the other change.
 */
export const STALE_COPY = {
  code: 'content/stale',
  message: 'This was changed by someone else meanwhile. Reload to see the latest version.',
} as const;
