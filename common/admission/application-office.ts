import { z } from 'zod';
import {
  APPLICATION_STATES,
  type ApplicationState,
  DOCUMENT_KINDS,
  type DocumentKind,
  type StoredDocumentKind,
  PAYMENT_STATES,
  type PaymentState,
} from './application.ts';
import { OptionalBsDateStringSchema } from '../dates/bs-date-string.ts';

/**
 * What the office reads and sends about applications (/admin/applications and /api/admin/applications):
 * the list's filters, the rows and the detail, the moves and the export layouts. The server enforces every
 * rule; the pages and the API share these shapes.
 */

export const APPLICATIONS_PAGE_SIZE = 50;

const Id = z
  .string()
  .max(64)
  .regex(/^[\w-]*$/u, 'There is no such item: an id is made of letters, digits and dashes.');
const orAll = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).default('');

/** The list's filters, as a query string carries them ('' is 'every'). */
export const ApplicationFiltersSchema = z
  .object({
    season: Id.default(''),
    programme: Id.default(''),
    state: orAll(z.enum(APPLICATION_STATES, { error: 'Choose a state from the list.' })),
    eligible: orAll(z.enum(['yes', 'no'], { error: "Choose 'yes' or 'no'." })),
    payment: orAll(z.enum(PAYMENT_STATES, { error: 'Choose a payment state from the list.' })),
    category: Id.default(''),
    /** Submitted from and to these days in Nepal, B.S. 'YYYY-MM-DD', both included. */
    from: OptionalBsDateStringSchema.default(''),
    to: OptionalBsDateStringSchema.default(''),
    /** A name (English or Devanagari), a symbol number, a reference or the guardian's mobile number. */
    q: z.string().trim().max(100, 'Search for at most 100 characters.').default(''),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The first day comes after the last.', path: ['to'] });
export type ApplicationFilters = z.infer<typeof ApplicationFiltersSchema>;

/** The filters that narrow the list, as a query string (the page number apart). */
export function filtersQuery(filters: Partial<ApplicationFilters>, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of ['season', 'programme', 'state', 'eligible', 'payment', 'category', 'from', 'to', 'q'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export interface ApplicationListItem {
  id: string;
  reference: string;
  nameEn: string;
  nameNe: string;
  programme: string;
  gpa: number;
  eligible: boolean;
  payment: PaymentState;
  state: ApplicationState;
  late: boolean;
  submittedAt: string;
  /** Other active applications of the season with the same SEE symbol number (another name or date of birth). */
  sameSymbolNumberAs: { id: string; reference: string }[];
}

export interface ApplicationsPage {
  seasons: { id: string; name: string }[];
  /** The season shown (the newest when none was chosen); null when there is none yet. */
  season: { id: string; name: string } | null;
  programmes: { id: string; nameEn: string }[];
  categories: { id: string; nameEn: string }[];
  filters: ApplicationFilters;
  items: ApplicationListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Applications per state for the same filters, whatever the state filter says. */
  counts: Record<ApplicationState, number>;
}

export interface ApplicationDocumentView {
  id: string;
  kind: StoredDocumentKind;
  position: number;
  format: 'image' | 'pdf';
  pages: number | null;
  width: number;
  height: number;
  /** The stored pictures (a PDF's first page drawn), smallest first: opened through the office's route. */
  pictures: { file: string; width: number; height: number }[];
  /** The file that opens full size: the largest picture, or the PDF as sent ('' while a photo is being prepared). */
  full: string;
  /** 'processing' while its pictures are drawn after the application was accepted; 'failed' when they could not be. */
  state: 'processing' | 'ready' | 'failed';
  /** Why it could not be processed (kept as received; ask for it again); '' otherwise. */
  failure: string;
}

export interface ApplicationEventView {
  id: string;
  at: string;
  actor: string;
  kind: string;
  from: string;
  to: string;
  text: string;
}

export interface SeatsView {
  programme: string;
  seats: number;
  offered: number;
  admitted: number;
  left: number;
}

export interface ApplicationDetail {
  /** Other active applications of the season with the same SEE symbol number, for the office to judge. */
  sameSymbolNumberAs: { id: string; reference: string }[];
  id: string;
  reference: string;
  seasonId: string;
  seasonName: string;
  state: ApplicationState;
  language: string;
  late: boolean;
  nameEn: string;
  nameNe: string;
  birthDate: string;
  gender: string;
  citizenship: string;
  fatherName: string;
  motherName: string;
  guardianName: string;
  guardianRelation: string;
  guardianMobile: string;
  email: string;
  province: number;
  district: string;
  municipality: string;
  ward: number;
  seeYear: number;
  symbolNumber: string;
  school: string;
  schoolDistrict: string;
  gpa: number;
  grades: Record<string, string>;
  firstChoice: string;
  secondChoice: string;
  category: string;
  heardFrom: string;
  eligible: boolean;
  correction: string;
  /** The documents asked again with the correction (none named: any may be sent). */
  correctionDocuments: DocumentKind[];
  consentAt: string;
  submittedAt: string;
  updatedAt: string;
  documentsPurgedAt: string | null;
  documents: ApplicationDocumentView[];
  payment: { amount: number; method: string; state: PaymentState; voucherNumber: string; updatedAt: string } | null;
  events: ApplicationEventView[];
  seats: SeatsView;
  /** The states the office may move this application to now (the fee rule applied). */
  moves: ApplicationState[];
  /** What withdrawing it would do to its seat, in a sentence the confirmation shows (null: it cannot be withdrawn). */
  withdrawal: string | null;
  /** What putting this offered application back on the waiting list does to its seat (null: not that move now). */
  waitlisting: string | null;
  /** What restoring it would do (null: it is not withdrawn). */
  restore: RestorePlan | null;
  /** Undo of the seat change that withdrew it (null: none to undo). */
  undo: UndoPlan | null;
}

/**
 * Undo of a withdrawal that gave up a seat, within 24 hours and while nothing depends on it: both applications
 * back as they were, the messages not yet sent cancelled (decision 0053).
 */
export interface UndoPlan {
  /** The state it was withdrawn from, which Undo gives back. */
  from: ApplicationState;
  /** When the window closes (ISO UTC): 24 hours after the withdrawal. */
  until: string;
  /** What Undo does, stated in its confirmation (null when refused). */
  consequence: string | null;
  /** Why Undo is refused now (null: it may be done). */
  refused: string | null;
}

export const UndoSchema = z.object({
  /** Undo moves a seat: it is made only once confirmed. */
  confirmUndo: z.boolean().default(false),
});

/**
 * Undoing a withdrawal (an offer declined or lapsed, the office's 'Withdrawn'): the application goes back to the
 * state it was withdrawn from, except that a seat given up is taken back only while one of its programme is free.
 * When none is, it waits on the waiting list (the office's to offer), or the office chooses to restore it beyond
 * the seats (decision 0049).
 */
export interface RestorePlan {
  /** The state it was withdrawn from. */
  from: ApplicationState;
  /** Where 'Restore' puts it. */
  to: ApplicationState;
  /** What restoring does to the seats, in a sentence or two. */
  consequence: string;
  /** No seat is free: the state restoring beyond the seats would give it back instead (null otherwise). */
  beyondSeats: ApplicationState | null;
  /** Why it cannot be restored (its documents were deleted), or null. */
  problem: string | null;
}

export const RestoreSchema = z.object({
  /** Give back the seat it held although every seat of its programme is offered or taken. */
  confirmOverSeats: z.boolean().default(false),
});

export const StateChangeSchema = z.object({
  ids: z.array(Id.min(1)).min(1, 'Choose at least one application.').max(500, 'Change at most 500 at once.'),
  to: z.enum(APPLICATION_STATES, { error: 'Choose a state from the list.' }),
  /** What the applicant is asked to correct (required for 'needs-correction'; shown on their status page). */
  message: z.string().trim().max(1000, 'The message can be at most 1000 characters.').default(''),
  /** The documents the applicant is asked to send again with a correction (their status page offers these). */
  documents: z
    .array(z.enum(DOCUMENT_KINDS, { error: 'Choose documents from the list.' }))
    .max(DOCUMENT_KINDS.length)
    .default([])
    .transform((kinds) => DOCUMENT_KINDS.filter((k) => kinds.includes(k))),
  /** Offer even though the programme's seats are taken. */
  confirmOverSeats: z.boolean().default(false),
  /** The office saw what withdrawing does (its seat goes to the next waiting) and confirms it. */
  confirmWithdrawal: z.boolean().default(false),
  /**
   * The office saw what a move that cannot be taken back does and confirms it: 'Rejected' is final, and an
   * offered application put back on the waiting list gives up its seat (to the next waiting).
   */
  confirmMove: z.boolean().default(false),
});
export type StateChange = z.infer<typeof StateChangeSchema>;

export const STATE_REFUSALS = {
  'not-a-move': 'This move is not allowed from the current state.',
  'fee-not-verified': 'The application fee is not verified yet.',
  'message-required': 'Write what the applicant should correct.',
  'over-seats': "The programme's seats are all offered or taken: confirm to offer beyond them.",
  'not-found': 'This application does not exist.',
  'confirm-withdrawal': 'Confirm the withdrawal first.',
  'confirm-move': 'Confirm this move first.',
} as const;

/**
 * The moves the office is asked about before they are made (besides 'Withdrawn', asked with its seat): 'Rejected',
 * after which no move leads anywhere, and an offered application's return to the waiting list, which passes
 * its seat on.
 */
export const askedMove = (from: ApplicationState, to: ApplicationState): boolean =>
  to === 'rejected' || (from === 'offered' && to === 'waitlisted');

/** What rejecting an application does, as the question before it says. */
export const REJECTION_CONSEQUENCE =
  'Its guardian is told it is rejected. Rejected is final: the application cannot be moved, restored or offered ' +
  'a seat again, and its documents are deleted after the admission deadline.';
export type StateRefusal = keyof typeof STATE_REFUSALS;

export interface StateChangeResult {
  moved: string[];
  refused: { id: string; reference: string; reason: StateRefusal; message: string }[];
}

export const PaymentDecisionSchema = z.object({
  decision: z.enum(['verified', 'refused'], { error: "Choose 'verified' or 'refused'." }),
  note: z.string().trim().max(500, 'The note can be at most 500 characters.').default(''),
});

export const NoteSchema = z.object({
  text: z.string().trim().min(1, 'Write the note.').max(2000, 'A note can be at most 2000 characters.'),
});

export const EXPORT_LAYOUTS = ['office', 'neb'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

export const STATE_LABELS: Record<ApplicationState, string> = {
  submitted: 'Submitted',
  'needs-correction': 'Needs correction',
  'documents-verified': 'Documents verified',
  'fee-verified': 'Fee verified',
  offered: 'Offered',
  waitlisted: 'Waitlisted',
  rejected: 'Rejected',
  admitted: 'Admitted',
  withdrawn: 'Withdrawn',
};

export const PAYMENT_LABELS: Record<PaymentState, string> = {
  'not-due': 'No fee',
  unpaid: 'Unpaid',
  'voucher-sent': 'Voucher sent',
  verified: 'Verified',
  refused: 'Refused',
};

export const DOCUMENT_LABELS: Record<StoredDocumentKind, string> = {
  photo: 'Photo',
  'grade-sheet': 'SEE grade sheet',
  character: 'Character certificate',
  proof: 'Scholarship proof',
  voucher: 'Bank voucher',
  'offer-voucher': 'Admission fee voucher (offer)',
};
