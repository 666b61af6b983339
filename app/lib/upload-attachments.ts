import type { Attachment } from '#common/notice-attachments.ts';
import { uploadFile } from './upload.ts';

/** How far the notice's files have gone: which one (1-based) of how many, and its own percentage. */
export interface AttachmentsProgress {
  file: number;
  of: number;
  /** null while the browser cannot tell the total, or once the file is sent and the server checks it. */
  percent: number | null;
}

/** Sends a notice's files one after the other (each its own request, within the upload limit), with progress. */
export async function uploadAttachments(
  noticeId: string,
  files: readonly File[],
  onProgress: (progress: AttachmentsProgress) => void,
): Promise<Attachment[]> {
  const done: Attachment[] = [];
  for (const [i, file] of files.entries()) {
    const step = { file: i + 1, of: files.length };
    onProgress({ ...step, percent: 0 });
    done.push(
      await uploadFile<Attachment>(`/api/admin/notices/${encodeURIComponent(noticeId)}/attachments`, file, {
        onProgress: ({ fraction }) =>
          onProgress({ ...step, percent: fraction === null ? null : Math.round(fraction * 100) }),
        onSent: () => onProgress({ ...step, percent: null }),
      }),
    );
  }
  return done;
}
