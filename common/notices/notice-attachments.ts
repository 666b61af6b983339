import { z } from 'zod';

const MB = 1024 * 1024;

/** What a notice may carry: a few signed PDFs or photos of the paper notice. */
export const NOTICE_ATTACHMENT_LIMITS = {
  perNotice: 5,
  pdfBytes: 10 * MB,
  pdfPages: 50,
  /** The width page 1 of a PDF is drawn at; the image pipeline makes the smaller sizes from it. */
  thumbnailWidth: 800,
} as const;

const L = NOTICE_ATTACHMENT_LIMITS;

/** The words of the refusals particular to attachments, with their stable codes. */
export const ATTACHMENT_ERRORS = {
  full: {
    code: 'notice/attachments-full',
    message: `A notice can have at most ${L.perNotice} attachments. Remove one first.`,
  },
  unsupported: {
    code: 'notice/attachment-unsupported',
    message: 'The file is not a PDF or a JPEG, PNG, WebP or AVIF image.',
  },
  missing: { code: 'notice/attachment-missing', message: 'Please select a PDF or an image.' },
} as const;

export const PDF_PAGES_ERROR = {
  code: 'pdf/too-many-pages',
  message: (max: number) => `The PDF has more than ${max} pages. Please attach a shorter file.`,
} as const;

/** A picture in its responsive sizes: the PDF's page 1, or the scan itself. */
export const AttachmentPictureSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** A middle-sized JPEG, for browsers that take no srcset and for og:image. */
  src: z.string(),
  /** The size of `src` in pixels, which link previews are told (og:image:width and og:image:height). */
  srcWidth: z.number().int(),
  srcHeight: z.number().int(),
  /** The largest JPEG: what "open full size" shows. */
  full: z.string(),
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
});
export type AttachmentPicture = z.infer<typeof AttachmentPictureSchema>;

export const AttachmentSchema = z.object({
  id: z.string(),
  kind: z.enum(['pdf', 'image']),
  /** The address of the PDF (for a scan, its full-size picture), under a name made from the notice's title. */
  url: z.string(),
  /** Bytes of the file as uploaded (the PDF's size for 'Download PDF (1.2 MB)'). */
  bytes: z.number().int(),
  /** Pages of a PDF; null for a scan. */
  pages: z.number().int().nullable(),
  picture: AttachmentPictureSchema,
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const AttachmentListSchema = z.object({ attachments: z.array(AttachmentSchema) });
