import { z } from 'zod';
import { formatMegabytes } from '../bytes.ts';
import { CONTENT_LIMITS as L } from './limits.ts';

/** The prospectus keeps this address whenever it is replaced, so links shared or printed keep working. */
export const PROSPECTUS_URL = '/downloads/prospectus.pdf';

/** What a PDF over its limit is told: the prospectus and a notice's attachments have different limits. */
export const pdfTooLargeMessage = (maxBytes: number): string =>
  `The PDF is larger than ${formatMegabytes(maxBytes)}. Please choose a smaller file.`;

/** What the upload form and the server say about a prospectus that cannot be accepted, with stable codes. */
export const PDF_ERRORS = {
  missing: { code: 'pdf/missing', message: 'Please select a PDF file.' },
  tooLarge: {
    code: 'pdf/too-large',
    message: pdfTooLargeMessage(L.prospectusBytes),
  },
  notPdf: { code: 'pdf/unsupported', message: 'The file is not a PDF.' },
  unreadable: { code: 'pdf/unreadable', message: 'The PDF could not be read: it may be damaged or incomplete.' },
  encrypted: {
    code: 'pdf/encrypted',
    message: 'The PDF is protected by a password. Please upload a copy that opens without one.',
  },
  scripts: {
    code: 'pdf/scripts',
    message: 'This PDF contains scripts; save it again as a plain PDF (Print → Save as PDF) and upload that copy.',
  },
  tooSlow: {
    code: 'pdf/too-slow',
    message:
      'The PDF took too long to read. Please save it again (for example with "Print to PDF") and upload that copy.',
  },
} as const;

/**
 * Keep the prospectus, go back to the placeholder the site ships with ('builtin'), or remove it ('none':
 * the navigation then hides its link); a new one is uploaded.
 */
export const ProspectusChoiceSchema = z.enum(['keep', 'builtin', 'none'], {
  error: "Say whether to keep the prospectus ('keep'), use the placeholder ('builtin') or remove it ('none').",
});
export type ProspectusChoice = z.infer<typeof ProspectusChoiceSchema>;

export const DownloadsUpdateSchema = z.object({ prospectus: ProspectusChoiceSchema });
export type DownloadsUpdate = z.input<typeof DownloadsUpdateSchema>;

export const ProspectusSchema = z.object({
  /** Always PROSPECTUS_URL. */
  url: z.string(),
  bytes: z.number().int().nonnegative(),
  /** Counted when the college uploads it; null for the placeholder the site ships with. */
  pages: z.number().int().positive().nullable(),
  /** When the college uploaded it; null for the placeholder the site ships with. */
  uploadedAt: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Prospectus = z.infer<typeof ProspectusSchema>;

/** Files the site offers for download; null hides the link. */
export const DownloadsSchema = z.object({ prospectus: ProspectusSchema.nullable() });
export type Downloads = z.infer<typeof DownloadsSchema>;
