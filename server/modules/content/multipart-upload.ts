import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';

export interface UploadErrors {
  /** No file part named `file`, or an empty one. */
  missing: () => AppError;
  /** The file is over the size limit. */
  tooLarge: () => AppError;
  /** The body is not a multipart form this route can read. */
  unreadable: () => AppError;
}

export interface Upload {
  file: Buffer;
  /** The text fields the route asked for, as sent (absent ones are missing). */
  fields: Record<string, string>;
}

/**
 * Reads a multipart upload: one file in a part named `file` (in memory, bounded by `maxBytes`) and the
 * named text fields, in any order. The client's file name and declared type are never used.
 */
export async function readUpload(
  request: FastifyRequest,
  { maxBytes, fields: wanted = [], errors }: { maxBytes: number; fields?: readonly string[]; errors: UploadErrors },
): Promise<Upload> {
  if (!request.isMultipart()) throw errors.missing();
  let file: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        if (wanted.includes(part.fieldname) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file !== undefined) {
        part.file.resume(); // drained, so the request still ends normally
        throw errors.unreadable();
      }
      file = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge();
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw errors.unreadable();
    throw err;
  }
  if (!file || file.length === 0) throw errors.missing();
  return { file, fields };
}
