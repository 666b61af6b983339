import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { InquiryState } from '#common/inquiry.ts';
import type { MessageChannel, MessageState } from '#common/messages.ts';

/** Timestamps are ISO 8601 UTC strings (fixed width, so they sort as text) on every engine. */
export interface NoticesTable {
  id: string;
  title: string;
  description: string;
  link: string | null;
  created_at: string;
  /** A key of NOTICE_CATEGORIES (common/notices/notice-category.ts). */
  category: string;
  reference_no: string | null;
  /** When it is public: a later time than now schedules it. */
  publish_at: string;
  /** The last Nepal day ('YYYY-MM-DD') it is pinned on. */
  pinned_until: string | null;
  /** The language it is written in: 'en' or 'ne' (SITE_LANGUAGES); English unless given. */
  language: Generated<string>;
  /** When it last changed: created, edited, or an attachment added or removed (an ISO instant). */
  updated_at: string;
}

export interface AdmissionStatusTable {
  id: number;
  status: string;
  updated_at: string;
}

/** Dates are B.S. 'YYYY-MM-DD' strings, '' when not set. */
export interface AdmissionSeasonsTable {
  id: string;
  name: string;
  opens_on: string;
  closes_on: string;
  late_closes_on: string;
  late_fee: number;
  entrance_on: string;
  results_on: string;
  admission_deadline: string;
  expected_enrolment: number;
  documents_en: string;
  documents_ne: string;
  status_override: string;
  published_at: string | null;
  quota_published_on: string;
  created_at: string;
  updated_at: string;
  /** JSON: where parents pay (server/modules/admission/seasons/payment-details.ts); '' when not filled in. */
  payment: Generated<string>;
}

export interface ScholarshipCategoriesTable {
  id: string;
  season_id: string;
  position: number;
  name_en: string;
  name_ne: string;
  proof_en: string;
  proof_ne: string;
}

/** fees, min_grades and scholarship_seats are JSON text. */
export interface AdmissionProgrammesTable {
  id: string;
  season_id: string;
  position: number;
  name_en: string;
  name_ne: string;
  stream: string;
  seats: number;
  fees: string;
  admission_fee_for_continuing: number;
  fee_approved_by: string;
  fee_approved_on: string;
  fee_reference: string;
  min_gpa_hundredths: number;
  min_grades: string;
  scholarship_seats: string;
  /** In rupees; 0 when applying costs nothing. */
  application_fee: number;
  created_at: string;
  updated_at: string;
  /** JSON: the programme's own payment details; '' for its season's. */
  payment: Generated<string>;
}

export interface ImagesTable {
  id: string;
  folder: string;
  storage_key: string;
  width: number;
  height: number;
  /** JSON: the stored variants, see server/images/variants.ts */
  variants: string;
  original_bytes: number;
  created_at: string;
  /** The album a gallery photo belongs to; null for a featured photo uploaded straight to that folder. */
  album_id: Generated<string | null>;
  /** Its place in the album, 1 first. */
  position: Generated<number>;
  caption_en: Generated<string>;
  caption_ne: Generated<string>;
  alt_en: Generated<string>;
  alt_ne: Generated<string>;
  /** When the photo was taken (from its own metadata, read before that is removed), ISO 8601, or null. */
  taken_at: Generated<string | null>;
  /** 'processing' until the background worker made its variants, then 'ready' (or 'failed'); only ready photos are shown. */
  state: Generated<PhotoState>;
  /** Why processing failed, in plain words for the office; '' otherwise. */
  failure: Generated<string>;
  /** The original as uploaded, kept in storage while the photo is processing; null otherwise. */
  original_key: Generated<string | null>;
  /** The worker processing it now (a staging batch name: process id and machine) and until when its claim holds. */
  claimed_by: Generated<string | null>;
  claimed_until: Generated<string | null>;
}

export type PhotoState = 'processing' | 'ready' | 'failed';

/** An album of the gallery: one event, its photos ordered by images.position. */
export interface GalleryAlbumsTable {
  id: string;
  slug: string;
  title_en: string;
  title_ne: string;
  /** The B.S. day of the event 'YYYY-MM-DD', or '' (sorted last). */
  held_on: string;
  description_en: string;
  description_ne: string;
  cover_image_id: string | null;
  /** 1 shown to visitors, 0 hidden. */
  published: number;
  created_at: string;
  updated_at: string;
}

/** One row (id 1): moved forward by every change that public pages show (server/cache/). */
export interface ContentVersionTable {
  id: number;
  /** bigint: PostgreSQL's driver returns it as a string, SQLite as a number. */
  version: number | string;
  updated_at: string;
  /** When public pages next change by themselves (a scheduled notice's time, a pin's end); null: not planned. */
  next_change_at: string | null;
}

export interface InquiriesTable {
  id: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  subject: string;
  message: string;
  state: InquiryState;
  created_at: string;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  /** One of the roles of common/roles.ts, read through parseRole. */
  role: string;
  /** How the account is shown in the admin and the audit log; may be empty (the e-mail is shown then). */
  name: string;
  /** Set while the account is disabled: it cannot sign in. */
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  /** The TOTP secret, sealed (server/modules/auth/two-factor/secret-box.ts); null while two-factor is off. */
  two_factor_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret shown for setting up, sealed, until the first code confirms it. */
  two_factor_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  two_factor_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step a code was accepted for: a code is never accepted twice. */
  two_factor_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
}

export interface PendingSignInsTable {
  /** SHA-256 of the pending sign-in cookie. */
  token_hash: string;
  user_id: string;
  expires_at: string;
}

export interface AuthSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface SessionsTable {
  /** Public identifier, given to the browser as `userToken`; grants nothing on its own. */
  id: string;
  /** SHA-256 (hex) of the secret cookie token; the secret itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  last_used_at: string;
  idle_expires_at: string;
  absolute_expires_at: string;
  /** The browser's User-Agent when it signed in (shortened), to name the device on the account page. */
  user_agent: string;
  /** The address it signed in from. */
  address: string;
}

/** A one-time link for setting a password (new account, reset) or creating the first owner. */
export interface OneTimeLinksTable {
  id: string;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  purpose: 'welcome' | 'reset' | 'first-owner';
  user_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}

/**
 * A file a refused application form keeps for the corrected form (server/modules/admission/applications/
 * application-documents.ts): the caps per form and per address and the expiry are counted from these rows.
 */
export interface ApplicationPendingFilesTable {
  key: string;
  upload_token: string;
  /** The limits' key of the address that sent it (an IPv6 address's /64). */
  address: string;
  kind: string;
  name: string;
  bytes: number;
  /** When it was kept, or last asked for again by the form. */
  kept_at: string;
}

/** One metric of one sampled page load (server/modules/vitals); no address, cookie or URL is kept. */
export interface VitalsTable {
  id: string;
  /** The route pattern (`/notices`), never the full URL. */
  route: string;
  metric: string;
  value: number;
  created_at: string;
}

/** A random secret the server made on first use, shared by every process on this database. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** One row per section of the college's editable content (server/modules/content). */
export interface SiteContentTable {
  section: string;
  /** JSON, validated by the section's schema on every write and read. */
  data: string;
  /** Moved forward by every save; a save made from an older version is refused. */
  version: number;
  updated_at: string;
}

/** One change made through the admin or the API, written in the same transaction as the change (server/audit). */
export interface AuditLogTable {
  id: string;
  at: string;
  /** The account that made the change; null for the command line or once the account is deleted. */
  actor_id: string | null;
  /** The account's name or e-mail at the time, kept when the account is gone. */
  actor_name: string;
  /** One of AUDIT_KINDS (common/audit.ts). */
  kind: string;
  /** What was changed: the item's title or name. */
  subject: string;
  /** The client's address as the server saw it (TRUST_PROXY honoured). */
  address: string;
  /** What changed, field by field: JSON of AuditChange[] (common/audit.ts), or '' when the entry lists none. */
  changes: string;
}

/** A file attached to a notice: a PDF with its page 1 drawn, or a scan (server/modules/notices/attachments). */
export interface NoticeAttachmentsTable {
  id: string;
  notice_id: string;
  /** Order of the notice's attachments, as they were added. */
  position: number;
  kind: 'pdf' | 'image';
  /** The PDF's storage key; null for a scan. */
  file_key: string | null;
  /** The name it is served under, made from the notice's title, without extension. */
  served_name: string;
  bytes: number;
  pages: number | null;
  width: number;
  height: number;
  /** JSON StoredVariant[] (server/images/variants.ts). */
  variants: string;
  created_at: string;
}

/** A B.S. year whose month lengths differ from the package's table, or a year after its end (server/modules/calendar). */
export interface BsMonthCorrectionsTable {
  year: number;
  /** JSON array of the twelve month lengths, Baisakh first. */
  months: string;
  /** The calendar the lengths come from, as the office named it. */
  source: string;
  updated_at: string;
  /** The name or e-mail of who saved it. */
  updated_by: string;
}

/** A B.S. year an owner checked against the printed government calendar; a later year without one is a forecast. */
export interface BsYearConfirmationsTable {
  year: number;
  /** What it was confirmed from, as the owner named it (e.g. the printed calendar's title and year). */
  source: string;
  confirmed_at: string;
  /** The name or e-mail of who confirmed it. */
  confirmed_by: string;
}

/** An application to a season (dates of birth as B.S. 'YYYY-MM-DD'; states in common/admission/application.ts). */
export interface ApplicationsTable {
  id: string;
  season_id: string;
  reference: string;
  number: number;
  state: string;
  language: string;
  late: number;
  name_en: string;
  name_ne: string;
  birth_date: string;
  /** SHA-256 (hex) of the family's access key; '' for an application made before keys, which opens with none. */
  access_key_hash: Generated<string>;
  gender: string;
  citizenship: string;
  father_name: string;
  mother_name: string;
  guardian_name: string;
  guardian_relation: string;
  guardian_mobile: string;
  email: string;
  province: number;
  district: string;
  municipality: string;
  ward: number;
  see_year: number;
  symbol_number: string;
  school: string;
  school_district: string;
  gpa_hundredths: number;
  /** JSON: { [subject]: grade } on the NEB scale. */
  grades: string;
  first_choice: string;
  second_choice: string | null;
  category_id: string | null;
  heard_from: string;
  eligible: number;
  correction: string;
  /** The kinds of the documents asked again with the correction, comma-separated; '' for any. */
  correction_documents: Generated<string>;
  consent_at: string;
  submitted_at: string;
  updated_at: string;
  documents_purged_at: string | null;
}

export interface ApplicationDocumentsTable {
  id: string;
  application_id: string;
  kind: string;
  position: number;
  format: string;
  file_key: string | null;
  bytes: number;
  pages: number | null;
  width: number;
  height: number;
  /** JSON: the stored pictures (StoredVariant[]); empty while the file waits to be processed. */
  variants: string;
  created_at: string;
  /** 'processing' (accepted, `file_key` the file as received), 'ready', or 'failed' (kept as received). */
  state: Generated<string>;
  /** Why processing failed, in plain words for the office; '' otherwise. */
  failure: Generated<string>;
  /** Tries of processing that ended without an answer (the process died). */
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_until: string | null;
}

export interface ApplicationPaymentsTable {
  application_id: string;
  amount: number;
  method: string;
  state: string;
  voucher_number: string;
  updated_at: string;
}

export interface ApplicationEventsTable {
  id: string;
  application_id: string;
  at: string;
  user_id: string | null;
  actor_name: string;
  kind: string;
  from_state: string;
  to_state: string;
  text: string;
}

export interface Database {
  notices: NoticesTable;
  admission_status: AdmissionStatusTable;
  admission_seasons: AdmissionSeasonsTable;
  admission_programmes: AdmissionProgrammesTable;
  scholarship_categories: ScholarshipCategoriesTable;
  images: ImagesTable;
  gallery_albums: GalleryAlbumsTable;
  inquiries: InquiriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  vitals: VitalsTable;
  content_version: ContentVersionTable;
  server_secrets: ServerSecretsTable;
  site_content: SiteContentTable;
  audit_log: AuditLogTable;
  notice_attachments: NoticeAttachmentsTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  auth_settings: AuthSettingsTable;
  one_time_links: OneTimeLinksTable;
  bs_month_corrections: BsMonthCorrectionsTable;
  bs_year_confirmations: BsYearConfirmationsTable;
  applications: ApplicationsTable;
  application_documents: ApplicationDocumentsTable;
  application_payments: ApplicationPaymentsTable;
  application_events: ApplicationEventsTable;
  application_pending_files: ApplicationPendingFilesTable;
  outbox_messages: OutboxMessagesTable;
  message_settings: MessageSettingsTable;
  inquiry_replies: InquiryRepliesTable;
  entrance_sessions: EntranceSessionsTable;
  entrance_session_programmes: EntranceSessionProgrammesTable;
  entrance_candidates: EntranceCandidatesTable;
  merit_settings: MeritSettingsTable;
  merit_entries: MeritEntriesTable;
  offers: OffersTable;
  imported_items: ImportedItemsTable;
  old_addresses: OldAddressesTable;
  import_runs: ImportRunsTable;
  demo_items: DemoItemsTable;
  demo_removed_files: DemoRemovedFilesTable;
}

/** An item another site's export brought over (server/modules/import), found again by its GUID. */
export interface ImportedItemsTable {
  /** Where it came from: 'wordpress'. */
  source: string;
  guid: string;
  /**
   * 'post' (made a notice), 'attachment' (one of its attachments), 'album' (a gallery made an album, whole),
   * 'album-started' (its album made, its photos not all queued yet), 'album-photo' (one gallery's photo, keyed
   * `<gallery GUID>#photo-<id>`) or 'photo' (an attachment first queued as a photo).
   */
  kind: string;
  /** Its id on the old site (WordPress's post ID). */
  old_id: number;
  /** What it became: the notice's, album's or photo's id. */
  target_id: string;
  imported_at: string;
}

/** An address of the old site that answers 301 to its new one: the path, with `?p=ID` for WordPress's own. */
export interface OldAddressesTable {
  path: string;
  /** The new address (a path on this site). */
  target: string;
  source: string;
  /** The notice it leads to, so its addresses go with it. */
  target_id: string;
  created_at: string;
}

/** An import started from the admin (server/modules/import/import-runs.service.ts): its plan, progress and report. */
export interface ImportRunsTable {
  id: string;
  source: string;
  /** 'planned' | 'running' | 'done' | 'stopped' | 'failed' (see common/import.ts). */
  status: string;
  /** 1 when an uploads archive came with the export. */
  has_uploads: number;
  /** The dry run's lines (JSON array of strings). */
  plan_lines: string;
  /** Posts the plan will make notices. */
  to_import: number;
  /** Posts gone through so far, of `total`. */
  done: number;
  total: number;
  /** The report's lines once it ended (JSON array of strings). */
  report_lines: string | null;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

export type NoticeRow = Selectable<NoticesTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type ApplicationDocumentRow = Selectable<ApplicationDocumentsTable>;
export type ApplicationPaymentRow = Selectable<ApplicationPaymentsTable>;
export type ApplicationEventRow = Selectable<ApplicationEventsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type NewImageRow = Insertable<ImagesTable>;
export type AlbumRow = Selectable<GalleryAlbumsTable>;
export type InquiryRow = Selectable<InquiriesTable>;
export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type VitalRow = Selectable<VitalsTable>;
export type SiteContentRow = Selectable<SiteContentTable>;
export type AuditRow = Selectable<AuditLogTable>;
export type NoticeAttachmentRow = Selectable<NoticeAttachmentsTable>;
export type OneTimeLinkRow = Selectable<OneTimeLinksTable>;

/** A message waiting to be sent, being sent, or done with (server/modules/outbox). */
export interface OutboxMessagesTable {
  id: string;
  channel: MessageChannel;
  recipient: string;
  language: 'en' | 'ne';
  subject: string;
  text: string;
  html: string;
  state: MessageState;
  attempts: number;
  next_attempt_at: string;
  lease_until: string | null;
  claim: string | null;
  last_answer: string;
  /** What caused it, as `kind:id` (an inquiry's alert, a reply, a test). */
  event: string;
  created_at: string;
  sent_at: string | null;
}
export type OutboxMessageRow = Selectable<OutboxMessagesTable>;

export interface MessageSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface InquiryRepliesTable {
  id: string;
  inquiry_id: string;
  body: string;
  sent_by: string;
  outbox_id: string;
  created_at: string;
}
export type InquiryReplyRow = Selectable<InquiryRepliesTable>;

export interface EntranceSessionsTable {
  id: string;
  season_id: string;
  starts_at: string;
  minutes: number;
  place_en: string;
  place_ne: string;
  capacity: number;
  bring_en: Generated<string>;
  bring_ne: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface EntranceSessionProgrammesTable {
  session_id: string;
  programme_id: string;
}

export interface EntranceCandidatesTable {
  application_id: string;
  season_id: string;
  session_id: string;
  roll_number: number;
  card_code: string;
  card_opened_at: string | null;
  marks_hundredths: number | null;
  absent: Generated<number>;
  marks_updated_at: string | null;
  created_at: string;
}
export type EntranceCandidateRow = Selectable<EntranceCandidatesTable>;
export type EntranceSessionRow = Selectable<EntranceSessionsTable>;

export interface MeritSettingsTable {
  season_id: string;
  /** JSON: the merit rules' names in the office's order. */
  rules: string;
  pass_mark_hundredths: Generated<number>;
  full_marks_hundredths: Generated<number>;
  show_marks: Generated<number>;
  list_names: Generated<number>;
  auto_offer: Generated<number>;
  confirm_days: Generated<number>;
  publish_at: string | null;
  published_at: string | null;
  notice_id: string | null;
  updated_at: string;
}

export interface MeritEntriesTable {
  application_id: string;
  season_id: string;
  programme_id: string;
  rank: number | null;
  outcome: string;
  reason: string | null;
  seat: string | null;
  waitlist_position: number | null;
  created_at: string;
}

export interface OffersTable {
  id: string;
  application_id: string;
  season_id: string;
  programme_id: string;
  seat: string;
  deadline: string;
  state: string;
  confirmed_how: Generated<string>;
  created_at: string;
  closed_at: string | null;
  /** The admission-fee bank voucher's number the applicant sent with its photo ('' when none). */
  voucher_number: Generated<string>;
  /** When the voucher arrived (ISO UTC), null when none did. */
  voucher_at: Generated<string | null>;
}
export type MeritSettingsRow = Selectable<MeritSettingsTable>;
export type OfferRow = Selectable<OffersTable>;

/** An item the demo seeder made on a fresh install (server/modules/demo): removed by 'Remove the demo content'. */
export interface DemoItemsTable {
  /** One of DEMO_KINDS (common/demo.ts): 'notice' or 'photo'. */
  kind: string;
  /** The notice's or the photo's id. */
  item_id: string;
  /** What the item looked like when seeded (a notice's updated_at); a changed item is the office's own. */
  fingerprint: string;
  seeded_at: string;
}

/** A stored file of a removed demo item, until it is deleted (a removal killed mid-way finishes on start). */
export interface DemoRemovedFilesTable {
  key: string;
  removed_at: string;
}
