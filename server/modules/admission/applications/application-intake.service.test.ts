import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { APPLICATION_FILE_LIMITS } from '#common/admission/application.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { INQUIRY_FORM_TIMING } from '#common/inquiry.ts';
import { hastyPace } from '#server/rate-limit/hasty-forms.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import type { ApplyOutcome, ApplyRequest } from './application-intake.service.ts';
import {
  applyRequest,
  createIntakeTestApp,
  jpeg,
  png,
  requiredFiles,
  statusByKey,
} from './application-intake.test-app.ts';
import { VISITOR } from '#server/test-support/actors.ts';

// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
beforeAll(async () => {
  t = await createIntakeTestApp(clock);
}, 60_000);
afterAll(() => t.close());

const intake = () => t.app.services.applicationIntake;
let symbol = 2012300;
/** A form of its own candidate (a new symbol number each time), with overrides. */
const values = (overrides: Record<string, string> = {}) =>
  buildApplicationValues(t.management.id, { symbol_number: String(++symbol), ...overrides });
const apply = async (overrides: Partial<ApplyRequest> & Pick<ApplyRequest, 'values'>) =>
  intake().apply(await applyRequest(t.app, clock, overrides), VISITOR);
const refusal = (outcome: ApplyOutcome) => {
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome;
};
const accepted = (outcome: ApplyOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message} ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.confirmation;
};
const rowOf = (reference: string) =>
  t.db.selectFrom('applications').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

describe('an application', () => {
  it('is stored with its reference, payment, history and documents, the photo stripped of its metadata', async () => {
    const confirmation = accepted(
      await apply({
        values: values({ first_choice: t.science.id, second_choice: t.management.id, payment_method: 'counter' }),
      }),
    );
    expect(confirmation.reference).toMatch(/^ORB-2084-\d{4}$/u);
    expect(confirmation).toMatchObject({ amount: 500, late: false, programme: { en: 'Science' } });
    // Answered before any picture is drawn: the confirmation says the documents are being prepared.
    expect(confirmation).not.toHaveProperty('photo');

    const row = await rowOf(confirmation.reference);
    expect(row).toMatchObject({
      state: 'submitted',
      late: 0,
      gpa_hundredths: 325,
      birth_date: '2068-05-12',
      eligible: 1,
    });
    const payment = await t.db
      .selectFrom('application_payments')
      .selectAll()
      .where('application_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount: 500, method: 'counter', state: 'unpaid' });
    const events = await t.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', row.id)
      .execute();
    expect(events).toEqual([expect.objectContaining({ kind: 'submitted', actor_name: 'Applicant', user_id: null })]);
    const docs = await t.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', row.id)
      .execute();
    expect(docs.map((d) => d.kind).sort()).toEqual(['character', 'grade-sheet', 'photo']);
    // Accepted as received: each file kept as sent, no picture drawn yet.
    for (const d of docs)
      expect(d).toMatchObject({ state: 'processing', variants: '[]', file_key: expect.any(String) });

    expect(await t.app.services.documentQueue.drain()).toBeGreaterThanOrEqual(3);
    const drawn = await t.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', row.id)
      .execute();
    const photo = drawn.find((d) => d.kind === 'photo')!;
    // The photo as received is gone once its pictures exist: only they (without metadata) are kept.
    expect(photo).toMatchObject({ state: 'ready', file_key: null });
    const [variant] = JSON.parse(photo.variants) as { key: string }[];
    const meta = await sharp(`${t.dataDir}/uploads/${variant!.key}`).metadata();
    expect(meta.exif).toBeUndefined();
    expect(photo).toMatchObject({ width: 600, height: 772 });
  });

  it('warns, and still accepts, when the grades do not meet the first choice, and stores it as not eligible', async () => {
    const confirmation = accepted(
      await apply({ values: values({ first_choice: t.science.id, gpa: '1.90', grade_mathematics: 'C' }) }),
    );
    expect(confirmation.warning).toBe(
      'Science asks for GPA 2.0 and C+ in Science and Mathematics: your grades do not meet it. Management asks for 1.6.',
    );
    expect((await rowOf(confirmation.reference)).eligible).toBe(0);
  });

  it('numbers applications one after the other in the season', async () => {
    const first = accepted(await apply({ values: values() })).reference;
    const second = accepted(await apply({ values: values() })).reference;
    expect(Number(second.slice(-4))).toBe(Number(first.slice(-4)) + 1);
  });

  it('takes a 2-page PDF grade sheet and a bank voucher, and marks the payment voucher-sent', async () => {
    const files = [
      ...(await requiredFiles()).filter((f) => f.kind !== 'grade-sheet'),
      { kind: 'grade-sheet' as const, name: 'see.pdf', body: makePdf({ pages: 2 }) },
      { kind: 'voucher' as const, name: 'voucher.jpg', body: await jpeg() },
    ];
    const confirmation = accepted(
      await apply({
        values: values({ first_choice: t.science.id, payment_method: 'bank', voucher_number: 'NIC-778812' }),
        files,
      }),
    );
    const row = await rowOf(confirmation.reference);
    const payment = await t.db
      .selectFrom('application_payments')
      .selectAll()
      .where('application_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ state: 'voucher-sent', voucher_number: 'NIC-778812' });
    const sheet = await t.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', row.id)
      .where('kind', '=', 'grade-sheet')
      .executeTakeFirstOrThrow();
    expect(sheet).toMatchObject({ format: 'pdf', pages: 2 });
  });

  it('is not-due for a programme without a fee, and asks for no voucher', async () => {
    const confirmation = accepted(await apply({ values: values({ payment_method: 'bank' }) }));
    const row = await rowOf(confirmation.reference);
    const payment = await t.db
      .selectFrom('application_payments')
      .selectAll()
      .where('application_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(payment.state).toBe('not-due');
  });

  it('refuses a bank payment without the voucher number and its photo when there is a fee', async () => {
    const out = refusal(await apply({ values: values({ first_choice: t.science.id, payment_method: 'bank' }) }));
    expect(out.status).toBe(400);
    expect(out.fieldErrors.voucher_number).toMatch(/voucher/u);
    expect(out.fieldErrors.voucher).toMatch(/Photo of the bank voucher: please add it/u);
  });

  it('asks for the proof when a scholarship category is chosen', async () => {
    const out = refusal(await apply({ values: values({ category: t.merit.id }) }));
    expect(out.fieldErrors.proof).toMatch(/Proof for the scholarship category/u);
  });

  it('refuses a bad mobile, a district outside its province and a missing consent, each by field', async () => {
    const out = refusal(await apply({ values: values({ guardian_mobile: '9612345678', province: '4', consent: '' }) }));
    expect(out.fieldErrors).toMatchObject({
      guardian_mobile: 'Enter a Nepali mobile number: 10 digits starting 97 or 98.',
      district: 'Choose a district of the chosen province.',
      consent: "The guardian's consent is needed to send the application.",
    });
  });

  it('refuses a photo that is not an image, a PDF that is not a PDF, a file over 10 MB and too many pages', async () => {
    const over = Buffer.concat([await jpeg(), Buffer.alloc(APPLICATION_FILE_LIMITS.fileBytes)]);
    const out = refusal(
      await apply({
        values: values(),
        files: [
          { kind: 'photo', name: 'photo.pdf', body: makePdf() },
          { kind: 'grade-sheet', name: 'sheet.pdf', body: Buffer.from('%PDF-1.7 this is not a PDF at all') },
          { kind: 'character', name: 'big.jpg', body: over },
        ],
      }),
    );
    expect(out.fieldErrors.photo).toBe('photo.pdf: This file is not a JPEG, PNG or WebP photo.');
    expect(out.fieldErrors['grade-sheet']).toMatch(/^sheet\.pdf: This file could not be read/u);
    expect(out.fieldErrors.character).toBe('big.jpg: This file is larger than 10 MB.');

    const pages = refusal(
      await apply({
        values: values(),
        files: [
          ...(await requiredFiles()).filter((f) => f.kind !== 'grade-sheet'),
          { kind: 'grade-sheet', name: 'a.pdf', body: makePdf({ pages: 4 }) },
          { kind: 'grade-sheet', name: 'b.png', body: await png() },
          { kind: 'grade-sheet', name: 'c.png', body: await png() },
        ],
      }),
    );
    expect(pages.fieldErrors['grade-sheet']).toBe('A document can have at most 5 pages (photos or PDF pages).');
  });

  it('takes a document of exactly 5 pages', async () => {
    const files = [
      ...(await requiredFiles()).filter((f) => f.kind !== 'character'),
      { kind: 'character' as const, name: 'c.pdf', body: makePdf({ pages: 4 }) },
      { kind: 'character' as const, name: 'c5.png', body: await png() },
    ];
    accepted(await apply({ values: values(), files }));
  });

  it('decides a file by its content, not its name: a PNG named .pdf is a photo of a page', async () => {
    const files = [
      ...(await requiredFiles()).filter((f) => f.kind !== 'character'),
      { kind: 'character' as const, name: 'character.pdf', body: await png() },
    ];
    accepted(await apply({ values: values(), files }));
  });

  it('keeps the files of a refused form under its token and takes them with the corrected form', async () => {
    const first = refusal(await apply({ values: values({ gpa: '4.5' }) }));
    expect(first.fieldErrors.gpa).toMatch(/0 to 4/u);
    expect(first.kept.map((k) => k.kind).sort()).toEqual(['character', 'grade-sheet', 'photo']);
    for (const k of first.kept)
      expect(k.key.startsWith(`applications/pending/${first.uploadToken}/${k.kind}/`)).toBe(true);

    const again = await apply({
      values: values({ gpa: '3.5' }),
      files: [],
      keep: first.kept.map((k) => k.key),
      uploadToken: first.uploadToken,
    });
    const confirmation = accepted(again);
    const row = await rowOf(confirmation.reference);
    const docs = await t.db
      .selectFrom('application_documents')
      .select('kind')
      .where('application_id', '=', row.id)
      .execute();
    expect(docs).toHaveLength(3);
    // The kept files are gone once the application holds them.
    expect(
      (
        await intake().apply(
          {
            ...(await applyRequest(t.app, clock, { values: values({ gpa: 'x' }) })),
            files: [],
            uploadToken: first.uploadToken,
          },
          VISITOR,
        )
      ).ok,
    ).toBe(false);
  });

  it('refuses a second application of the same symbol number and date of birth with 409, revealing nothing', async () => {
    const same = values({ first_choice: t.science.id, second_choice: t.management.id });
    const { reference } = accepted(await apply({ values: same }));
    const out = refusal(await apply({ values: { ...same, name_en: 'SOMEONE ELSE' } }));
    expect(out.status).toBe(409);
    expect(out.code).toBe('application/exists');
    expect(out.message).toBe(
      'An application with this symbol number and date of birth has already been sent this season. Check its status at /admission/status.',
    );
    expect(JSON.stringify(out)).not.toContain(reference);
    expect(JSON.stringify(out)).not.toContain('Science');
  });

  it('refuses a form sent at once after opening, and a form whose hidden field was filled in, keeping none of their files', async () => {
    const base = await applyRequest(t.app, clock, { values: values() });
    const formToken = await intake().issueFormToken();
    const fast = refusal(await intake().apply({ ...base, formToken }, VISITOR));
    expect(fast.code).toBe('inquiry/too-fast');
    expect(fast.kept).toEqual([]);
    const bot = refusal(
      await intake().apply({ ...(await applyRequest(t.app, clock, { values: values() })), honeypot: 'x' }, VISITOR),
    );
    expect(bot.status).toBe(400);
    expect(bot.kept).toEqual([]);
  });
});

describe('the season', () => {
  it('flags an application in the late days and adds the late fee', async () => {
    clock.set('2027-07-18T06:00:00Z'); // 2 Shrawan 2084: after the closing day, before the late closing
    const confirmation = accepted(await apply({ values: values({ first_choice: t.science.id }) }));
    expect(confirmation).toMatchObject({ late: true, amount: 800 });
    expect((await rowOf(confirmation.reference)).late).toBe(1);
  });

  it('refuses applications once the late closing has passed, and before opening', async () => {
    clock.set('2027-07-25T06:00:00Z');
    const closed = refusal(await apply({ values: values() }));
    expect(closed).toMatchObject({ status: 409, code: 'application/closed' });
    clock.set('2027-06-01T06:00:00Z');
    expect(refusal(await apply({ values: values() })).code).toBe('application/closed');
    clock.set('2027-06-20T06:00:00Z');
  });
});

describe('the log', () => {
  it('holds nothing of an applicant', async () => {
    const mine = values({ name_en: 'UNIQUELOGNAME SHARMA', guardian_mobile: '9867000111', symbol_number: '0777123' });
    const { reference, accessKey } = accepted(await apply({ values: mine }));
    refusal(await apply({ values: mine }));
    await statusByKey(t.app, reference, accessKey, '198.51.100.20');
    await statusByKey(
      t.app,
      reference,
      accessKey.replace(/^./u, (c) => (c === 'A' ? 'B' : 'A')),
      '198.51.100.20',
    ).catch(() => undefined);
    const log = t.logLines.join('\n');
    for (const secret of ['UNIQUELOGNAME', '9867000111', '0777123', '2068-05-12', reference, accessKey, 'सीता']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('a script, then the parents behind the same address', () => {
  it('lets a script posting forms as soon as it may through only a handful (the defaults: 60 an hour), and the parents after it', async () => {
    const ip = '203.0.113.60';
    const requests = [];
    for (let i = 0; i < 20; i++) requests.push(await applyRequest(t.app, clock, { values: values(), clientIp: ip }));
    // The script fetches 20 forms, waits out the form's minimum age and posts them back to back.
    const tokens = [];
    for (let i = 0; i < 20; i++) tokens.push(await intake().issueFormToken());
    clock.advance(INQUIRY_FORM_TIMING.minSeconds * 1000);
    const scripted: boolean[] = [];
    for (const [i, request] of requests.entries()) {
      scripted.push((await intake().apply({ ...request, formToken: tokens[i]! }, VISITOR)).ok);
      clock.advance(200);
    }
    expect(scripted.filter(Boolean)).toHaveLength(hastyPace(60).burst);
    // Parents take the time a person takes to fill in the form (applyRequest moves the clock past it).
    for (let i = 0; i < 10; i++) accepted(await apply({ values: values(), clientIp: ip }));
  }, 120_000);
});
