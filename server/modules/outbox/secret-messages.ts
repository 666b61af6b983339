/**
 * The messages whose words hold a secret that opens something: a one-time link that sets a staff password
 * (a reset asked for, a link the owner e-mailed) and an application's access key (given with the submission,
 * and when a new one is asked for). Those secrets are stored only as hashes; the message's copy is the one
 * plain copy left, so it is kept no longer than the message needs it: until it is sent, and not at all for a
 * message held back (it is never sent).
 */
const SECRET_EVENT_KINDS: ReadonlySet<string> = new Set([
  'password-reset',
  'staff-link',
  'application-submitted',
  'application-access-key',
]);

/** Whether a message of this event (`kind:id`) holds a secret. */
export const holdsSecret = (event: string): boolean => SECRET_EVENT_KINDS.has(event.split(':')[0] ?? '');

/** What such a message's text and HTML become: the subject, recipient and times stay for the delivery log. */
export const REDACTED = {
  text: '[Removed once sent: this message held a link or key that opens an account or an application.]',
  html: '',
} as const;

/** The text the log keeps of a secret-holding message that is held back, and so never sent. */
export const REDACTED_HELD = {
  text: '[Not kept: this message would have held a link or key that opens an account or an application.]',
  html: '',
} as const;
