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
