import { z } from 'zod';

/** What the audit log records, and how the log page names each kind. */
export const AUDIT_KIND_LABELS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-out': 'Signed out',
  'notice-created': 'Notice created',
  'notice-edited': 'Notice edited',
  'notice-deleted': 'Notice deleted',
  'photo-uploaded': 'Photo uploaded',
  'photo-deleted': 'Photo deleted',
  'album-created': 'Album created',
  'album-changed': 'Album changed',
  'album-deleted': 'Album deleted',
  'photos-changed': 'Photos changed',
  'admission-changed': 'Admission status changed',
  'calendar-changed': 'B.S. calendar corrected',
  'calendar-confirmed': 'B.S. year confirmed from the government calendar',
  'season-created': 'Admission season created',
  'season-changed': 'Admission season changed',
  'season-published': 'Admission season published',
  'season-withdrawn': 'Admission season taken off the public pages',
  'season-override': 'Admission status set by hand',
  'season-deleted': 'Admission season deleted',
  'application-changed': 'Application changed',
  'application-opened': 'Application opened',
  'application-key-sent': 'New access key sent',
  'application-document-opened': "Applicant's document opened",
  'applications-exported': 'Applications exported',
  'application-documents-deleted': "Applicants' documents deleted",
  'entrance-session-created': 'Entrance session created',
  'entrance-session-changed': 'Entrance session changed',
  'entrance-session-deleted': 'Entrance session deleted',
  'roll-numbers-assigned': 'Roll numbers assigned',
  'entrance-marks-changed': 'Entrance marks changed',
  'merit-settings-changed': 'Merit list settings changed',
  'results-scheduled': 'Results scheduled',
  'results-published': 'Results published',
  'offer-closed': 'Offer confirmed, declined or lapsed',
  'offer-voucher-sent': 'Offer voucher sent by the applicant',
  'offer-voucher-refused': 'Offer voucher refused',
  'content-changed': 'Site content changed',
  'inquiry-handled': 'Inquiry marked handled',
  'inquiry-unhandled': 'Inquiry marked not handled',
  'inquiry-deleted': 'Inquiry deleted',
  'inquiry-replied': 'Inquiry answered',
  'inquiry-answered-by-phone': 'Inquiry answered by phone',
  'inquiry-state-changed': 'Inquiry state changed',
  'message-settings-changed': 'E-mail and SMS settings changed',
  'message-resent': 'Message sent again',
  'account-added': 'Account added',
  'account-changed': 'Account changed',
  'account-disabled': 'Account disabled',
  'account-deleted': 'Account deleted',
  'password-changed': 'Password changed',
  'password-reset-asked': 'Password reset link asked for',
  'two-factor-changed': 'Two-factor sign-in changed',
  'backup-made': 'Backup made by hand',
  'backup-downloaded': 'Backup downloaded',
  'kept-files-cleared': 'Files kept for refused application forms deleted',
  'import-started': 'Import from WordPress started',
  'import-ended': 'Import from WordPress ended',
  'old-address-deleted': 'Old address (redirect) deleted',
  'demo-removed': 'Demo content removed',
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as AuditKind[];
export const AuditKindSchema = z.enum(AUDIT_KINDS as [AuditKind, ...AuditKind[]]);

/** Entries per page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

/** The log page's filter, from its address: ?page=&person=&kind= (an empty value means all). */
export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  person: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((v) => v || undefined),
  kind: z
    .union([AuditKindSchema, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One field of a change: its name as the office reads it, what it was and what it became. */
export const AuditChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  kind: AuditKindSchema,
  subject: z.string(),
  address: z.string(),
  /** Field by field, old → new; empty when the entry lists none (and for every secret). */
  changes: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
  /** Everyone who appears in the log, for the person filter. */
  people: z.array(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
