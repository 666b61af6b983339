import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { HASTY_FORM_SECONDS } from '#server/rate-limit/hasty-forms.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import type { ApplyOutcome, ApplyRequest, SentFile } from './application-intake.service.ts';
import { createIntakeTestApp, jpeg } from './application-intake.test-app.ts';
import { PENDING_LIMITS } from './application-pending.ts';
import { VISITOR } from '#server/test-support/actors.ts';

const MB = 1024 * 1024;
// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
// 20 applications an hour per address, so 40 refused forms' documents drawn: the test draws fewer of them.
const MAX_PER_HOUR = 20;
beforeAll(async () => {
  t = await createIntakeTestApp(clock, { APPLICATION_MAX_PER_HOUR: String(MAX_PER_HOUR) });
}, 60_000);
afterAll(() => t.close());

const intake = () => t.app.services.applicationIntake;
let symbol = 3012300;
/** A form refused for its fields (no consent), of a candidate of its own. */
const refusedValues = () => buildApplicationValues(t.management.id, { symbol_number: String(++symbol), consent: '' });

/** The bytes on disk under the refused forms' folder, whatever the database says. */
async function keptOnDisk(): Promise<number> {
  const root = path.join(t.dataDir, 'uploads', 'applications', 'pending');
  let bytes = 0;
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (entry.isFile()) bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return bytes;
}

/** Real documents: a phone photo and two 1.5 MB PDFs (one blank page each, the rest a comment). */
async function heavyFiles(): Promise<SentFile[]> {
  return [
    { kind: 'photo', name: 'IMG_2041.jpg', body: await jpeg() },
    { kind: 'grade-sheet', name: 'sheet.pdf', body: makePdf({ pages: 1, totalBytes: 1.5 * MB }) },
    { kind: 'character', name: 'character.pdf', body: makePdf({ pages: 1, totalBytes: 1.5 * MB }) },
  ];
}

const request = (formToken: string, clientIp: string, files: SentFile[]): ApplyRequest => ({
  values: refusedValues(),
  files,
  keep: [],
  uploadToken: '',
  formToken,
  honeypot: '',
  lang: 'en',
  clientIp,
});

const refusal = (outcome: ApplyOutcome) => {
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome;
};

describe('refused forms sent with files from one address', () => {
  it('write not a byte for a bad form token, a filled hidden field or a form sent too soon', async () => {
    const files = await heavyFiles();
    const ip = '198.51.100.70';
    for (let i = 0; i < 20; i++) {
      expect(refusal(await intake().apply(request('x', ip, files), VISITOR)).code).toBe('inquiry/form-invalid');
      const token = await intake().issueFormToken();
      expect(refusal(await intake().apply(request(token, ip, files), VISITOR)).code).toBe('inquiry/too-fast');
      clock.advance(HASTY_FORM_SECONDS.application * 1000);
      const bot = refusal(await intake().apply({ ...request(token, ip, files), honeypot: 'x' }, VISITOR));
      expect(bot).toMatchObject({ status: 400, code: 'inquiry/form-invalid', kept: [] });
    }
    expect(await keptOnDisk()).toBe(0);
    expect((await t.app.services.keptFiles.usage()).bytes).toBe(0);
  });

  it('keep under 50 MB for 400 of them (its /64 counted as one address), and nothing past the hour', async () => {
    const files = await heavyFiles();
    const perForm = files.reduce((sum, f) => sum + f.body.length, 0);
    // The script fetches 400 forms, waits out the hasty forms' time and posts them back to back, from
    // addresses of one IPv6 /64.
    const tokens: string[] = [];
    for (let i = 0; i < 400; i++) tokens.push(await intake().issueFormToken());
    clock.advance(HASTY_FORM_SECONDS.application * 1000 + 1000);
    const statuses: number[] = [];
    for (const [i, token] of tokens.entries()) {
      statuses.push(
        refusal(await intake().apply(request(token, `2001:db8:7:9::${(i + 1).toString(16)}`, files), VISITOR)).status,
      );
      clock.advance(100);
    }
    const onDisk = await keptOnDisk();
    const usage = await t.app.services.keptFiles.usage();
    console.info(
      `400 refused forms of ${(perForm / MB).toFixed(1)} MB each: ${(onDisk / MB).toFixed(1)} MB kept on disk, ` +
        `${statuses.filter((s) => s === 400).length} refused for their fields, ${statuses.filter((s) => s === 429).length} with 429`,
    );
    expect(onDisk).toBeLessThan(50 * MB);
    expect(onDisk).toBeLessThanOrEqual(PENDING_LIMITS.addressBytes);
    expect(usage).toMatchObject({ bytes: onDisk, addresses: 1 });
    // The documents of refused forms are drawn for twice the applications' allowance an hour, then 429.
    expect(statuses.filter((s) => s === 400)).toHaveLength(2 * MAX_PER_HOUR);
    expect(statuses.slice(2 * MAX_PER_HOUR).every((s) => s === 429)).toBe(true);
    expect(2 * MAX_PER_HOUR * perForm).toBeGreaterThan(2 * PENDING_LIMITS.addressBytes);

    clock.advance(60 * 60_000);
    await t.app.services.keptFiles.sweep();
    expect(await keptOnDisk()).toBe(0);
    expect((await t.app.services.keptFiles.usage()).files).toBe(0);
  }, 300_000);

  it("keeps one form's files up to its cap, and names the file it did not keep", async () => {
    const token = await intake().issueFormToken();
    clock.advance(HASTY_FORM_SECONDS.application * 1000 + 1000);
    const nine = () => makePdf({ pages: 1, totalBytes: 9 * MB });
    const out = refusal(
      await intake().apply(
        request(token, '198.51.100.71', [
          { kind: 'photo', name: 'IMG_2041.jpg', body: await jpeg() },
          { kind: 'grade-sheet', name: 'page-1.pdf', body: nine() },
          { kind: 'grade-sheet', name: 'page-2.pdf', body: nine() },
          { kind: 'grade-sheet', name: 'page-3.pdf', body: nine() },
        ]),
        VISITOR,
      ),
    );
    expect(out.status).toBe(400);
    expect(out.kept.map((k) => k.name).sort()).toEqual(['img_2041.jpg', 'page-1.pdf', 'page-2.pdf']);
    expect(out.fieldErrors['grade-sheet']).toBe(
      'page-3.pdf: Not kept on the server (too many files waiting from this connection). Please choose it again.',
    );
    expect(await keptOnDisk()).toBeLessThanOrEqual(PENDING_LIMITS.formBytes);
  }, 60_000);
});
