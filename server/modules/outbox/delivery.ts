/**
 * What one try to send a message came to: delivered, refused for good (a malformed address, a number the
 * provider rejects: another try would be refused too), or failed for now (a server down, no credit).
 * `answer` is the server's or provider's reply in words, kept in the delivery log.
 */
export type Delivery =
  { outcome: 'sent'; answer: string } | { outcome: 'refused'; answer: string } | { outcome: 'failed'; answer: string };

/** One way out: e-mail through SMTP, or SMS through a provider. */
export interface Courier {
  send(message: { recipient: string; subject: string; text: string; html: string }): Promise<Delivery>;
}
