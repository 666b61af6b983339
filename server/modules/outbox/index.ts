/**
 * The outbox's face: e-mail and SMS queued, sent and logged, as the rest of the server uses them.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Queueing a message, and the messages of an event others find or cancel
export { enqueue } from './outbox.ts';
export { cancelMessages, deleteUntakenMessages, messagesOfEvent } from './outbox.repository.ts';

// The daily allowance of messages a public form may send
export { HELD_BACK, PUBLIC_MESSAGES_PER_DAY, queuePublicMessage, takePublicAllowance } from './public-messages.ts';

// What a logged message shows in place of a secret
export { REDACTED, REDACTED_HELD } from './secret-messages.ts';

// The e-mail and SMS wording
export {
  applicationNotice,
  applicationNoticeSms,
  inquiryAlert,
  inquiryAlertSms,
  inquiryReply,
  inquiryReplySms,
  passwordResetMail,
  staffLinkMail,
  testMail,
  testSms,
} from './templates.ts';

// The message log and the sender
export { type LoggedMessage, createMessagesService } from './messages.service.ts';
export { createOutboxSender } from './outbox-sender.ts';
