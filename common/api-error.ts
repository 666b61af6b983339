import { z } from 'zod';

/** Every API error has this shape, with a stable code. */
export const ApiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

const UPLOAD_UNREADABLE = 'The upload could not be read. Send one file in a part named "file".';

interface ApiErrorEntry {
  /** The HTTP status the code is always sent with. */
  readonly status: number;
  /**
   * The words both sides show, or null where they name a limit or a field and so are worded beside the rule
   * that refuses (a shared schema, common/inquiry.ts, common/site-content/downloads.ts) and travel in the answer.
   */
  readonly message: string | null;
}

/**
 * The closed vocabulary of API error codes. A refusal the server sends has its code here, and the server's
 * helpers (server/errors.ts) accept no other; the browser reads the same entries when an answer carries no
 * readable body (a proxy's page). Codes without `auth/` keep the specification's style: `area/what`.
 */
export const API_ERRORS = {
  validation: { status: 400, message: 'Some of what was sent is not valid. Nothing was saved.' },
  'bad-request': { status: 400, message: 'The request could not be read. Nothing was saved.' },
  'not-found': { status: 404, message: 'It does not exist: it may have been deleted meanwhile.' },
  'payload-too-large': { status: 413, message: 'What was sent is larger than the server accepts. Nothing was saved.' },
  'unsupported-media-type': { status: 415, message: 'The server cannot read this kind of content.' },
  /** A page asked for with a method no page takes (pages are viewed, or sent as a form); sent with Allow. */
  'method-not-allowed': { status: 405, message: 'A page is only viewed or sent as a form. Nothing was saved.' },
  internal: { status: 500, message: 'Something went wrong on our side.' },

  'auth/unauthenticated': { status: 401, message: 'Your session has ended. Sign in again to continue.' },
  'auth/invalid-credential': { status: 401, message: 'The e-mail address or password is not correct.' },
  'auth/too-many-requests': {
    status: 429,
    message: 'Too many failed sign-in attempts. Please wait and try again later.',
  },
  'auth/invalid-email': { status: 400, message: 'Enter the e-mail address of an admin account.' },
  'auth/missing-password': { status: 400, message: 'Enter the password.' },
  'auth/cross-origin': { status: 403, message: 'This request must come from the site itself.' },
  'auth/forbidden': { status: 403, message: 'Your account may not do this; only an owner of the site can.' },
  /** At sign-in, after the right password: the 6-digit or recovery code is wrong or was used already. */
  'auth/invalid-code': { status: 401, message: 'The code is not correct, or it was used already.' },
  /** The pending sign-in (password right, code due) is missing or older than its few minutes. */
  'auth/code-expired': {
    status: 401,
    message: 'The sign-in took too long. Enter your e-mail address and password again.',
  },
  'two-factor/wrong-code': { status: 400, message: 'The code is not correct. Enter the 6 digits the app shows now.' },
  'two-factor/not-started': {
    status: 409,
    message: 'This set-up was not found or is already finished. Start again.',
  },
  'two-factor/wrong-proof': {
    status: 400,
    message: 'The password or code is not correct. Two-factor sign-in stays on.',
  },
  /** An owner requires two-factor sign-in of every account, and this one has not turned it on yet. */
  'two-factor/required': {
    status: 403,
    message: 'An owner requires two-factor sign-in: turn it on on your Account page first.',
  },

  'image/missing': { status: 400, message: 'Please select a image.' },
  'image/bad-upload': { status: 400, message: UPLOAD_UNREADABLE },
  'image/too-large': { status: 413, message: null },
  'image/too-many-pixels': { status: 413, message: null },
  'image/unsupported': { status: 415, message: null },
  'image/folder-full': { status: 409, message: null },
  /** More album photos wait for processing than the server keeps (PHOTO_QUEUE_MAX): sent with Retry-After. */
  'image/queue-full': {
    status: 503,
    message: 'Too many photos are waiting to be processed. Nothing was saved: send this photo again in a minute.',
  },
  'image/not-ready': {
    status: 409,
    message: 'This photo is not ready: it is still being processed, or its processing failed.',
  },
  'album/slug-taken': { status: 409, message: 'Another album already has this address. Choose another.' },
  'album/not-empty': { status: 409, message: 'The album still holds photos. Move or delete them first.' },
  'album/photo-elsewhere': { status: 409, message: 'That photo is not in this album.' },
  'album/order-mismatch': {
    status: 409,
    message: 'The album changed while you were ordering it. Reload the page and try again.',
  },
  'album/not-in-album': { status: 409, message: 'Only a photo of an album can leave the featured photos.' },

  'logo/missing': { status: 400, message: null },
  'logo/too-large': { status: 413, message: null },
  'logo/unsupported': { status: 415, message: null },
  'logo/unsafe-svg': { status: 415, message: null },
  'pdf/missing': { status: 400, message: null },
  'pdf/too-large': { status: 413, message: null },
  'pdf/unsupported': { status: 415, message: null },
  'pdf/unreadable': { status: 415, message: null },
  'pdf/encrypted': { status: 415, message: null },
  /** JavaScript in the PDF (an action on opening, a link's, a field's): refused, with the way to a plain copy. */
  'pdf/scripts': { status: 415, message: null },
  'pdf/too-slow': { status: 415, message: null },
  'pdf/too-many-pages': { status: 413, message: null },

  'notice/attachments-full': { status: 409, message: null },
  'notice/attachment-unsupported': { status: 415, message: null },
  'notice/attachment-missing': { status: 400, message: null },

  'inquiry/too-fast': { status: 400, message: null },
  'inquiry/form-expired': { status: 400, message: null },
  'inquiry/form-invalid': { status: 400, message: null },
  'inquiry/form-used': { status: 400, message: null },
  'inquiry/too-many-requests': { status: 429, message: null },
  /** An inquiry kept from before the phone-or-e-mail rule, with neither an e-mail address nor a mobile number. */
  'inquiry/no-address': { status: 400, message: null },
  'inquiry/cannot-send': { status: 409, message: null },
  'vitals/too-many-requests': { status: 429, message: 'Too many measurements from this address.' },

  /** The disk (or bucket) holding uploads is full: the upload was refused and none of it was kept. */
  'storage/full': { status: 507, message: 'The server is out of space. Nothing was saved.' },
  /**
   * Another program (a backup tool, a maintenance shell) held the database's lock longer than the server
   * waits: the write was abandoned whole, so trying again in a moment is safe. Sent with Retry-After.
   */
  'database/busy': { status: 503, message: 'The database is busy. Nothing was saved; try again in a moment.' },
  /**
   * So many forms with files are already waiting their turn that one more would wait past any browser's
   * patience: refused at once, before its body is read, rather than left to time out. Sent with Retry-After.
   */
  'uploads/busy': {
    status: 503,
    message: 'Many forms with files are arriving at once. Nothing was saved; please send it again in a minute.',
  },
  /**
   * More forms with files from one address (an IPv6 subscriber's /64) are being sent or waiting than the gate
   * lets one address have at once: refused before its body is read, with Retry-After.
   */
  'uploads/too-many-from-address': {
    status: 503,
    message:
      'Several forms with files are already being sent from your network. Nothing was saved; please send it again in a minute.',
  },
  /** A form with files whose body stopped arriving, or arrived too slowly to finish: cut off, its connection closed. */
  'uploads/too-slow': {
    status: 408,
    message:
      'The form arrived too slowly and was stopped. Nothing was saved; please send it again on a steadier connection.',
  },
  /**
   * The database file was found damaged while the server ran: nothing more is written into it until it
   * is restored from a backup (the owner is warned on every admin page).
   */
  'database/damaged': {
    status: 503,
    message:
      'The database file is damaged, so nothing can be saved until it is restored from a backup. Nothing was saved.',
  },
  /**
   * A save made from a copy that someone else changed in the meantime: refused rather than silently
   * overwriting their change. The edit is kept in the form; reloading shows the other change.
   */
  'content/stale': {
    status: 409,
    message: 'This was changed by someone else meanwhile. Reload to see the latest version.',
  },
  /** A content save names a slide, course, testimonial or reason that the section does not hold. */
  'content/unknown-item': {
    status: 400,
    message: 'Something in this list no longer exists. Reload to see the latest version.',
  },
  /** A course set to show its picture before one was uploaded for it. */
  'content/no-picture': {
    status: 400,
    message: 'Upload a picture for this course first, or choose one of the icons.',
  },
  'content/banner-full': { status: 409, message: null },
  /** Admission seasons: each refusal names the season or the number it is about. */
  'admission/season-exists': { status: 409, message: null },
  /** A programme or scholarship category named like another of the same season (case and spaces aside). */
  'admission/programme-exists': { status: 409, message: null },
  'admission/category-exists': { status: 409, message: null },
  'admission/season-published': { status: 409, message: null },
  'admission/season-incomplete': { status: 409, message: null },
  'admission/quota-below-minimum': { status: 409, message: null },
  'pdf/bad-upload': { status: 400, message: UPLOAD_UNREADABLE },
  /** The office's moves of an application: each refusal says why (common/admission/application-office.ts). */
  'application/move-refused': { status: 409, message: null },
  'application/over-seats': { status: 409, message: null },
  /** 'Withdrawn' posted without the confirmation that states what happens to the seat. */
  'application/confirm-withdrawal': { status: 409, message: null },
  /** 'Rejected', or an offer put back on the waiting list, posted without the confirmation that states what it does. */
  'application/confirm-move': { status: 409, message: null },
  /** Undoing a withdrawal refused: not withdrawn (any more), or its documents are deleted. */
  'application/not-restorable': { status: 409, message: null },
  /** Undo of a seat change posted without the confirmation that states what it does. */
  'application/confirm-undo': { status: 409, message: null },
  /** Undo refused: the window closed, the next applicant accepted or was told, or nothing to undo. */
  'application/not-undoable': { status: 409, message: null },
  'application/no-fee': { status: 409, message: 'This application has no fee to verify.' },
  /** The entrance examination: each refusal says why (common/admission/entrance.ts). */
  'entrance/session-seated': { status: 409, message: null },
  'entrance/no-room': { status: 409, message: null },
  'entrance/marks-refused': { status: 400, message: null },
  /** Marks imported or results published before the season's entrance date, not confirmed: the question. */
  'entrance/before-exam': { status: 409, message: null },

  /** Online applications: the words are in both languages in the catalogue (common/i18n/apply-en.ts). */
  'application/closed': { status: 409, message: null },
  'application/exists': { status: 409, message: null },
  'application/too-many-requests': { status: 429, message: null },
  'application/not-found': { status: 404, message: null },
  'application/lookups-limited': { status: 429, message: null },
  'application/not-correctable': { status: 409, message: null },
  'application/file-too-large': { status: 413, message: null },
  'application/not-image': { status: 415, message: null },
  'application/not-document': { status: 415, message: null },
  'application/unreadable': { status: 415, message: null },
  /** A photo or a picture of a page with more pixels than a document is drawn from. */
  'application/too-many-pixels': { status: 413, message: null },
  /** A PDF with JavaScript in it (server/pdf/pdf-check.ts). */
  'application/pdf-scripts': { status: 415, message: null },
  'application/too-many-pages': { status: 413, message: null },

  /** Results day: the look-up answers an unknown roll number and a wrong date of birth alike. */
  'results/not-found': { status: 404, message: null },
  'results/lookups-limited': { status: 429, message: null },
  'merit/published': { status: 409, message: 'The results of this season are already published.' },
  'merit/not-ready': { status: 409, message: null },
  'offer/not-open': { status: 409, message: 'This application has no open offer.' },
  /** A voucher for the offer already waits for the office's check: nothing more is taken until then. */
  'offer/voucher-waiting': { status: 409, message: 'A voucher for this offer is waiting for the office.' },
  'offer/past-deadline': { status: 409, message: 'The deadline to confirm this offer has passed.' },
  /** The office verifies or refuses a voucher only while one waits for it. */
  'offer/no-voucher': { status: 409, message: 'This offer has no voucher waiting to be checked.' },

  /** Staff accounts: the site always keeps one owner who can sign in. */
  'staff/last-owner': {
    status: 409,
    message: 'This is the only owner who can sign in. Make another account an owner first.',
  },
  'staff/email-taken': { status: 409, message: 'An account with this e-mail address already exists.' },
  /** A new one-time link for a disabled account: it could not be used, so none is made until the account is enabled. */
  'staff/disabled': { status: 409, message: 'This account is disabled. Enable it before making a new link for it.' },
  /** A one-time link that was used, expired, or replaced by a newer one. */
  'link/invalid': {
    status: 410,
    message:
      'This link cannot be used: it was used already, it expired, or a newer one was made. Ask an owner for a new link.',
  },
  /** 'Forgot your password?' on a site whose e-mail is not set up (SMTP_URL): no link can reach the person. */
  'reset/no-email': {
    status: 409,
    message:
      'This site cannot send e-mail yet, so no link can be sent. Ask an owner to reset your password from the Staff page.',
  },
  /** Too many reset links asked for from one address or for one account: the wait is said in the message. */
  'reset/too-many-requests': { status: 429, message: null },
  'password/too-short': { status: 400, message: null },
  'password/too-common': { status: 400, message: null },
  'password/wrong-current': { status: 400, message: 'The current password is not correct.' },
  /** An import from WordPress in the admin: the words are in common/import.ts (IMPORT_ERRORS). */
  'import/missing': { status: 400, message: null },
  'import/too-large': { status: 413, message: null },
  'import/archive-type': { status: 415, message: null },
  'import/archive-unreadable': { status: 400, message: null },
  'import/archive-unsafe': { status: 400, message: null },
  'import/archive-encrypted': { status: 400, message: null },
  /** The file is not a WordPress export, or is broken: the reader's own words (server/modules/import/wxr-reader.ts). */
  'import/not-wxr': { status: 400, message: null },
  'import/busy': { status: 409, message: null },
  'import/not-planned': { status: 409, message: null },
} as const satisfies Record<string, ApiErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The codes whose words are fixed here. */
type WordedCode = { [C in ApiErrorCode]: (typeof API_ERRORS)[C]['message'] extends string ? C : never }[ApiErrorCode];

export const isApiErrorCode = (code: string): code is ApiErrorCode => Object.hasOwn(API_ERRORS, code);

/** `{ code, message }` of a code with fixed words, as the body's `error` and for comparisons. */
export function apiError<C extends WordedCode>(code: C): { code: C; message: (typeof API_ERRORS)[C]['message'] } {
  return { code, message: API_ERRORS[code].message };
}

/** The words for a code: its own, or those of its status class when they are worded beside their rule. */
export function apiErrorMessage(code: ApiErrorCode): string {
  const { status, message } = API_ERRORS[code];
  if (message !== null) return message;
  return status >= 500 ? API_ERRORS.internal.message : API_ERRORS.validation.message;
}

export const STORAGE_FULL = apiError('storage/full');
export const DATABASE_BUSY = apiError('database/busy');
export const UPLOADS_BUSY = apiError('uploads/busy');
export const UPLOADS_TOO_MANY_FROM_ADDRESS = apiError('uploads/too-many-from-address');
export const UPLOADS_TOO_SLOW = apiError('uploads/too-slow');
export const DATABASE_DAMAGED = apiError('database/damaged');
export const STALE_COPY = apiError('content/stale');
/** A write (or a page) asked for by someone whose session has ended or was revoked. */
export const SESSION_ENDED = apiError('auth/unauthenticated');

/**
 * What the browser concludes when no answer could be read at all. Never sent by the server; kept here so
 * every failure the admin can meet is worded in one place.
 */
export const REQUEST_FAILURES = {
  network: 'Network error: the request did not reach the server. Nothing was saved.',
  timeout: 'The server took too long to answer. Nothing was saved.',
  aborted: 'The request was cancelled. Nothing was saved.',
  'bad-response': 'The server sent an answer that could not be read.',
} as const;
export type RequestFailureCode = keyof typeof REQUEST_FAILURES;

/** A refusal safe to show: its status, code, words and headers (Retry-After). */
export interface ApiRefusal {
  status: number;
  code: string;
  message: string;
  headers: Record<string, string>;
}

/**
 * The refusal an error thrown by a service stands for, or null for a fault whose details belong in the
 * log only. Read by shape (statusCode, code, message: the server's AppError), so that page actions in
 * app/ can answer with it without importing server code. A client error (4xx) is shown as it is; of the
 * server's own failures only those of the vocabulary that promise nothing was saved are shown.
 */
export function refusalOf(err: unknown): ApiRefusal | null {
  if (typeof err !== 'object' || err === null) return null;
  const { statusCode, code, message, headers } = err as {
    statusCode?: unknown;
    code?: unknown;
    message?: unknown;
    headers?: unknown;
  };
  if (typeof statusCode !== 'number' || typeof code !== 'string' || typeof message !== 'string') return null;
  const shown =
    (statusCode >= 400 && statusCode < 500) ||
    code === STORAGE_FULL.code ||
    code === DATABASE_BUSY.code ||
    code === DATABASE_DAMAGED.code;
  if (!shown) return null;
  const plainHeaders = typeof headers === 'object' && headers !== null ? (headers as Record<string, string>) : {};
  return { status: statusCode, code, message, headers: plainHeaders };
}
