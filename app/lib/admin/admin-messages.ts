/**
 * What the admin is told after each write, worded as the specification shows its toasts. A page action
 * puts these words into its answer, so the toast (with JavaScript) and the page (without) say the same,
 * and they are written only here. `failed: null` means the specification only logs that failure.
 */
export interface WriteMessages {
  done: string | null;
  failed: string | null;
}

export const ADMIN_MESSAGES = {
  noticeCreate: { done: 'Notice created successfully.', failed: 'Failed to create notice.' },
  noticeUpdate: { done: 'Notice updated successfully.', failed: 'Failed to update notice.' },
  noticeDelete: { done: 'Notice deleted successfully.', failed: 'Failed to delete notice.' },
  noticeAttach: { done: 'Attachments added.', failed: 'Failed to attach the file.' },
  noticeDetach: { done: 'Attachment removed.', failed: 'Failed to remove the attachment.' },
  admission: { done: 'Admission status updated successfully.', failed: 'Failed to update admission status.' },
  imageUpload: { done: 'Image Uploaded Successfully', failed: 'Error Uploading Image' },
  // An album photo is processed in the background after it arrives (server/modules/images/photo-queue.ts).
  albumPhotoQueued: {
    done: 'Photo received: it is being processed and joins the album when ready.',
    failed: 'Error Uploading Image',
  },
  albumPhotosQueued: {
    done: 'Photos received: they are being processed and join the album when ready.',
    failed: 'No photo was taken.',
  },
  // The specification shows no toast for deleting a photo and only logs a failure.
  imageDelete: { done: null, failed: null },
  albumCreate: { done: 'Album created.', failed: 'Failed to create the album.' },
  albumUpdate: { done: 'Album saved.', failed: 'Failed to save the album.' },
  albumDelete: { done: 'Album deleted.', failed: 'Failed to delete the album.' },
  photoChange: { done: 'Photo saved.', failed: 'Failed to change the photo.' },
  photosDelete: { done: 'Photos deleted.', failed: 'Failed to delete the photos.' },
  photosMove: { done: 'Photos moved.', failed: 'Failed to move the photos.' },
  photosOrder: { done: 'Order saved.', failed: 'Failed to save the order.' },
  inquiryHandled: { done: null, failed: 'Failed to update inquiry.' },
  inquiryDelete: { done: 'Inquiry deleted successfully.', failed: 'Failed to delete inquiry.' },
  // The write says by which way the reply goes (e-mail or SMS, and to whom).
  inquiryReply: { done: 'Reply saved.', failed: 'Could not send the reply.' },
  inquiryAnsweredByPhone: { done: 'Marked answered by phone.', failed: 'Could not mark the inquiry answered.' },
  inquiryState: { done: 'Inquiry state changed.', failed: 'Could not change the state of the inquiry.' },
  // E-mail and SMS (/admin/messages).
  messageSettings: { done: 'E-mail and SMS settings saved.', failed: 'Could not save the settings.' },
  messageTest: { done: null, failed: 'Could not send the test e-mail.' },
  smtpSettings: { done: 'E-mail (SMTP) settings saved.', failed: 'Could not save the e-mail settings.' },
  smsTest: { done: null, failed: 'Could not send the test SMS.' },
  messageResend: { done: 'The message is queued to be sent again.', failed: 'Could not send the message again.' },
  smsCount: { done: null, failed: 'Could not count the SMS parts.' },
  // The college's content (/admin/content, /admin/banner, /admin/courses, /admin/people, /admin/downloads):
  // the reason follows the failure words on the same line ('Could not save: <reason>.').
  content: { done: 'Saved.', failed: 'Could not save:' },
  // Staff accounts (/admin/staff) and your own account (/admin/account).
  staffAdd: { done: 'Account added. Give the person the one-time link below.', failed: 'Could not add the account.' },
  staffRole: { done: 'Role changed.', failed: 'Could not change the role.' },
  staffDisable: { done: 'Account disabled. Its sessions have ended.', failed: 'Could not disable the account.' },
  staffEnable: { done: 'Account enabled.', failed: 'Could not enable the account.' },
  staffReset: {
    done: 'Password reset. Give the person the new one-time link below.',
    failed: 'Could not reset the password.',
  },
  staffDelete: { done: 'Account deleted.', failed: 'Could not delete the account.' },
  passwordChange: {
    done: 'Password changed. Your other sessions have ended.',
    failed: 'Could not change the password.',
  },
  signOutElsewhere: { done: 'Signed out everywhere else.', failed: 'Could not sign out the other sessions.' },
  // Two-factor sign-in (/admin/account) and requiring it of everyone (/admin/staff, owners).
  twoFactorBegin: {
    done: 'Scan the QR code, then enter the code your app shows.',
    failed: 'Could not start setting up two-factor sign-in.',
  },
  twoFactorConfirm: {
    done: 'Two-factor sign-in is on. Keep your recovery codes safe.',
    failed: 'Could not turn on two-factor sign-in.',
  },
  twoFactorCancel: { done: 'Set-up cancelled. Two-factor sign-in stays off.', failed: 'Could not cancel the set-up.' },
  twoFactorDisable: { done: 'Two-factor sign-in is off.', failed: 'Could not turn off two-factor sign-in.' },
  twoFactorRequire: { done: 'Saved.', failed: 'Could not change the two-factor rule.' },
  // The B.S. calendar's month lengths (/admin/calendar, owners).
  calendarCorrect: { done: 'Saved.', failed: 'Could not save the correction.' },
  calendarConfirm: { done: 'Confirmed.', failed: 'Could not confirm the year.' },
  calendarUnconfirm: { done: 'Confirmation withdrawn.', failed: 'Could not withdraw the confirmation.' },
  backUpNow: { done: 'Backup made and checked.', failed: 'No backup was made.' },
  removeDemo: { done: 'Demo content removed.', failed: 'The demo content could not be removed.' },
  calendarRemove: {
    done: 'Correction removed: the year has the package’s lengths again.',
    failed: 'Could not remove the correction.',
  },
} as const satisfies Record<string, WriteMessages>;

export const LOGIN_SUCCESS = 'Login successful.';

/** The specification's toast when a list of images could not be loaded. */
export const LIST_FAILED = 'Something went wrong.';

/** Above a form whose fields were refused; each field says why beside it. */
export const CORRECT_FIELDS = 'Please correct the marked fields.';

/** Without JavaScript the save button cannot wait for a change, so an unchanged status is answered in words. */
export const admissionUnchanged = (choice: string) =>
  choice
    ? `The status is already ${choice}. Nothing was changed.`
    : 'The status already follows the season’s dates. Nothing was changed.';

/**
 * A failure's words and the server's reason as a toast shows them. Words ending in a colon take the reason
 * on the same line, as one sentence ('Could not save: <reason>.'); other words stand on their own line with
 * the reason below them.
 */
export function failureLines(
  words: string,
  reason: string | null | undefined,
): { line: string; detail: string | null } {
  const because = reason?.trim() ?? '';
  if (!words.endsWith(':')) return { line: words, detail: because === '' ? null : because };
  if (because === '') return { line: words.slice(0, -1) + '.', detail: null };
  return { line: `${words} ${because}${/[.!?]$/u.test(because) ? '' : '.'}`, detail: null };
}

/** Admission seasons (/admin/seasons). */
export const SEASON_MESSAGES = {
  create: { done: 'Season created. Add its programmes and scholarships next.', failed: 'Could not create the season.' },
  update: { done: 'Season saved.', failed: 'Could not save the season.' },
  remove: { done: 'Season deleted.', failed: 'Could not delete the season.' },
  publish: {
    done: 'Season published. Its dates now move the admission status.',
    failed: 'Could not publish the season.',
  },
  withdraw: {
    done: 'Season taken off the public pages. The admission status switch decides again.',
    failed: 'Could not take the season off the public pages.',
  },
  summary: { done: 'Published as a notice.', failed: 'Could not publish the notice.' },
  override: { done: 'Public status saved.', failed: 'Could not set the public status.' },
  payment: { done: 'Payment details saved.', failed: 'Could not save the payment details.' },
  programme: { done: 'Programme saved.', failed: 'Could not save the programme.' },
  programmeRemove: { done: 'Programme removed.', failed: 'Could not remove the programme.' },
  category: { done: 'Scholarship category saved.', failed: 'Could not save the scholarship category.' },
  categoryRemove: { done: 'Scholarship category removed.', failed: 'Could not remove the scholarship category.' },
} as const satisfies Record<string, WriteMessages>;
