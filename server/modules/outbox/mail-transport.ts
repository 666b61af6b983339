import nodemailer from 'nodemailer';
import type { SmtpSecurity } from '#common/smtp-settings.ts';
import type { Courier, Delivery } from './delivery.ts';

/** How long one SMTP conversation may take; the sender's lease is much longer, so a message is never taken twice. */
export const SMTP_TIMEOUT_MS = 30_000;

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** An SMTP server set in the admin: its password in plain text, held in memory only. */
export interface SmtpServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  password: string;
}

const serverOptions = (server: SmtpServer) => ({
  host: server.host,
  port: server.port,
  secure: server.security === 'ssl',
  requireTLS: server.security === 'starttls',
  ...(server.user ? { auth: { user: server.user, pass: server.password } } : {}),
});

/**
 * E-mail through the SMTP server of SMTP_URL (smtp://user:pass@host:587 upgrades with STARTTLS when the
 * server offers it, smtps:// is TLS from the start) or of the admin's settings. A 5xx answer about the
 * message or its recipient is final; a server down, a timeout or a 4xx is tried again later.
 */
export function createMailCourier(server: string | SmtpServer, from: string): Courier & { close(): void } {
  const transport = nodemailer.createTransport({
    ...(typeof server === 'string' ? { url: server } : serverOptions(server)),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send({ recipient, subject, text, html }): Promise<Delivery> {
      try {
        const info = await transport.sendMail({
          from,
          to: recipient,
          subject,
          text,
          ...(html ? { html } : {}),
          textEncoding: 'base64',
        });
        return { outcome: 'sent', answer: String(info.response ?? 'accepted') };
      } catch (err) {
        const e = err as SmtpError;
        const answer = e.response ?? e.message;
        const final =
          (e.responseCode !== undefined && e.responseCode >= 500 && e.code !== 'EAUTH') || e.code === 'EENVELOPE';
        return { outcome: final ? 'refused' : 'failed', answer: `${e.code ? `${e.code}: ` : ''}${answer}` };
      }
    },
    close: () => transport.close(),
  };
}
