// The end-to-end tests' mailbox: a real SMTP server (smtp-server) on a local port that the e2e server's
// SMTP_URL names; each message it receives is written whole (.eml) into a folder the tests read.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Listens on `port`, writing every message into `dir` (emptied first); resolves once listening. */
export function startMailbox(port, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Its built-in certificate has expired: no STARTTLS, as in the API tests.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${String(count).padStart(4, '0')}.eml`;
        fs.writeFile(path.join(dir, name), Buffer.concat(chunks), callback);
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
