import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received, parsed, in order. */
  received: ParsedMail[];
  /** Stops listening (messages sent meanwhile fail to connect); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server on a local port that parses what it receives (mailparser). Its built-in TLS
 * certificate has expired, so STARTTLS is not offered. Recipients in `refuse` are answered 550; `users`
 * are the accounts AUTH accepts.
 */
export async function startTestSmtpServer(
  options: { refuse?: string[]; port?: number; users?: Record<string, string> } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const { users } = options;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // With `users`, AUTH PLAIN/LOGIN takes exactly those names and passwords (535 for any other).
      ...(users
        ? {
            allowInsecureAuth: true,
            onAuth(auth, _session, callback) {
              if (auth.username !== undefined && users[auth.username] === auth.password)
                callback(null, { user: auth.username });
              else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
            },
          }
        : {}),
      onRcptTo(address, _session, callback) {
        if (options.refuse?.includes(address.address)) {
          const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(err);
          return;
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
  let server = make();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = make();
      await listen(port);
    },
  };
}
