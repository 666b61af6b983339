import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { E2E_MAILBOX_DIR } from './env.ts';

/** Every message the test SMTP server has received so far (scripts/e2e-mailbox.mjs), parsed. */
export async function mailbox(): Promise<ParsedMail[]> {
  const files = fs.existsSync(E2E_MAILBOX_DIR) ? fs.readdirSync(E2E_MAILBOX_DIR).sort() : [];
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(E2E_MAILBOX_DIR, f)))));
}

export const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));

/** The one message to `to` whose subject is `subject`, waiting for the background sender (it polls every few seconds). */
export async function receivedMail(to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await mailbox()).filter((m) => m.subject === subject && addressesOf(m).includes(to));
        return found.length;
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(1);
  return found[0]!;
}
