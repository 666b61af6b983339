import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { seedApplications } from '#server/test-support/applications.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { queueApplicationNotice } from '#server/modules/admission/applications/application-notices.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { sweepStorage } from '#server/storage/storage-sweep.ts';
import { fileOwners } from '#server/modules/media/index.ts';
import { a } from '#server/test-support/seasons.ts';

// Before the 2084/85 season opens (1 Ashadh 2084 = 15 Jun 2027).
const clock = new ManualClock('2027-06-01T06:00:00Z');
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
});
afterAll(() => t.close());

const SEASON = a.season({ name: '2085/86' });

const programme = (nameEn: string, stream: string, payment?: object) => ({
  nameEn,
  nameNe: '',
  stream,
  seats: 10,
  fees: [],
  admissionFeeForContinuing: false,
  feeApprovedBy: '',
  feeApprovedOn: '',
  feeReference: '',
  minGpa: 1.6,
  minGrades: [],
  scholarshipSeats: {},
  applicationFee: 500,
  ...(payment ? { payment } : {}),
});

const DETAILS = {
  bank: 'Nabil Bank',
  branch: 'Bharatpur',
  accountName: 'Orbit College Pvt. Ltd.',
  accountNumber: '0101-0171-2345-6789',
  referenceEn: "Student's name and {reference}",
  referenceNe: 'विद्यार्थीको नाम र {reference}',
};
const EMPTY = { bank: '', branch: '', accountName: '', accountNumber: '', referenceEn: '', referenceNe: '' };
const LAW_ACCOUNT = {
  ...EMPTY,
  bank: 'Everest Bank',
  accountName: 'Orbit College Law',
  accountNumber: '00200105201234',
};

const put = (url: string, payload: object) => t.asAdmin({ method: 'PUT', url, payload });
const paymentOf = async (id: string) =>
  (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${id}/payment` })).json();
const uploadQr = (id: string, body: Buffer) => {
  const { payload, headers } = multipart([{ body, filename: 'fonepay.png' }]);
  return t.asAdmin({ method: 'POST', url: `/api/admin/seasons/${id}/payment/qr`, payload, headers });
};

let seasonId = '';
let lawId = '';

describe("a season's payment details", () => {
  it('start empty, for a new season and on the public view', async () => {
    const created = await t.asAdmin({ method: 'POST', url: '/api/admin/seasons', payload: SEASON });
    expect(created.statusCode, created.body).toBe(201);
    seasonId = created.json().id;
    expect(await paymentOf(seasonId)).toEqual({ ...EMPTY, qr: null });
    const view = (await t.asAdmin({ method: 'GET', url: `/api/admin/seasons/${seasonId}` })).json();
    expect(view.payment).toEqual({ ...EMPTY, qr: null });
  });

  it('are refused with a clear message, and nothing is saved, when the account number or the set is wrong', async () => {
    const cases: [object, string][] = [
      [{ ...DETAILS, accountNumber: '0101 ABC 45' }, 'The account number takes digits only'],
      [{ ...DETAILS, accountNumber: '१२३४५६७ A' }, 'The account number takes digits only'],
      [{ ...DETAILS, accountNumber: '12-34' }, 'at least 6 digits'],
      [{ ...DETAILS, accountNumber: '1'.repeat(31) }, 'at most 30 characters'],
      [
        { ...DETAILS, accountNumber: '' },
        'Enter the account number: the bank, the account name and the account number go together.',
      ],
      [{ ...EMPTY, bank: 'Nabil Bank' }, 'Enter the account name'],
      [{ ...DETAILS, bank: 'N'.repeat(101) }, 'The bank can be at most 100 characters.'],
      [{ ...DETAILS, referenceEn: 'r'.repeat(201) }, 'What to write as the reference can be at most 200 characters.'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(`/api/admin/seasons/${seasonId}/payment`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect(await paymentOf(seasonId)).toEqual({ ...EMPTY, qr: null });
  });

  it('are saved and audited, and a season and a programme with its own account are shown to the public', async () => {
    const saved = await put(`/api/admin/seasons/${seasonId}/payment`, DETAILS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...DETAILS, qr: null });
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['kind', 'subject'])
      .where('subject', 'like', '%payment details%')
      .execute();
    expect(audited).toEqual([{ kind: 'season-changed', subject: 'Season 2085/86: payment details' }]);
    // Typed in Devanagari digits, the account number is read and stored in Latin ones.
    const devanagari = await put(`/api/admin/seasons/${seasonId}/payment`, {
      ...DETAILS,
      accountNumber: '०१०१-०१७१-२३४५-६७८९',
    });
    expect(devanagari.json().accountNumber).toBe(DETAILS.accountNumber);

    const science = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/seasons/${seasonId}/programmes`,
      payload: programme('Science', 'Science'),
    });
    expect(science.statusCode, science.body).toBe(201);
    const refused = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/seasons/${seasonId}/programmes`,
      payload: programme('Law', 'Law', { ...LAW_ACCOUNT, accountNumber: 'twelve' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('The account number takes digits only');
    const law = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/seasons/${seasonId}/programmes`,
      payload: programme('Law', 'Law', LAW_ACCOUNT),
    });
    expect(law.statusCode, law.body).toBe(201);
    lawId = law.json().id;
    expect(law.json().payment).toEqual(LAW_ACCOUNT);

    // A programme saved without payment details keeps the ones it has.
    const { payment: _, ...withoutPayment } = programme('Law', 'Law');
    expect((await put(`/api/admin/programmes/${lawId}`, withoutPayment)).json().payment).toEqual(LAW_ACCOUNT);

    const published = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/seasons/${seasonId}/publish`,
      payload: { belowMinimum: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const view = (await t.anonymous({ method: 'GET', url: '/api/admission/season' })).json();
    expect(view.payment).toEqual({ ...DETAILS, qr: null });
    expect(view.programmes.map((p: { nameEn: string; payment: object }) => [p.nameEn, p.payment])).toEqual([
      ['Science', EMPTY],
      ['Law', LAW_ACCOUNT],
    ]);
  });

  it('stores the payment QR image through the image pipeline, without its metadata, served resized', async () => {
    const original = await sharp(
      await buildImage({ width: 1200, height: 1200, format: 'jpeg', takenAt: '2024:03:05 10:11:12' }),
    )
      .withExif({ IFD0: { Artist: 'Office phone' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await uploadQr(seasonId, original);
    expect(res.statusCode, res.body).toBe(200);
    const qr = res.json().qr;
    expect(qr.src).toMatch(/^\/media\/payment\/[0-9a-f-]{36}\/[0-9a-f]{16}-400\.jpg$/u);
    expect(qr).toMatchObject({ width: 400, height: 400 });
    expect(res.json().accountNumber).toBe(DETAILS.accountNumber);

    const served = await t.anonymous({ method: 'GET', url: qr.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.width).toBe(400);
    expect(meta.exif).toBeUndefined();

    const files = (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('payment/'));
    expect(files.length).toBeGreaterThan(0);
    expect((await t.anonymous({ method: 'GET', url: '/api/admission/season' })).json().payment.qr).toEqual(qr);

    // Saving the account again keeps the image; a file that is no image is refused and changes nothing.
    expect((await put(`/api/admin/seasons/${seasonId}/payment`, DETAILS)).json().qr).toEqual(qr);
    const notImage = await uploadQr(seasonId, Buffer.from('not an image at all'));
    expect(notImage.statusCode).toBe(415);
    expect((await paymentOf(seasonId)).qr).toEqual(qr);

    // The storage sweep keeps the QR's files and removes one no season refers to.
    const storage = createLocalStorage(t.uploadsDir);
    await storage.put('payment/left-over/abc-400.jpg', Buffer.from('x'), 'image/jpeg');
    const report = await sweepStorage(storage, fileOwners(t.db), { minAgeMs: 0 });
    expect(report.missing).toEqual([]);
    expect(report.orphans).toEqual(['payment/left-over/abc-400.jpg']);
    expect((await listFiles(t.uploadsDir)).filter((f) => f.startsWith('payment/'))).toEqual(files);

    // Removing it deletes its files.
    const removed = await t.asAdmin({ method: 'DELETE', url: `/api/admin/seasons/${seasonId}/payment/qr` });
    expect(removed.json().qr).toBeNull();
    expect((await listFiles(t.uploadsDir)).filter((f) => f.startsWith('payment/'))).toEqual([]);
  });

  it('are for the office only: the public cannot read or change them by the admin API', async () => {
    expect((await t.anonymous({ method: 'GET', url: `/api/admin/seasons/${seasonId}/payment` })).statusCode).toBe(401);
    const res = await t.anonymous({ method: 'PUT', url: `/api/admin/seasons/${seasonId}/payment`, payload: EMPTY });
    expect(res.statusCode).toBe(401);
  });
});

describe("an application's payment details and the offer's messages", () => {
  it("give the first choice's own account when it has one, else the season's, and the offer names them", async () => {
    const fixture = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
      count: 2,
      withFiles: 0,
      override: (i) => ({ programme: i === 0 ? 'science' : 'management' }),
    });
    await t.db
      .updateTable('admission_seasons')
      .set({ payment: JSON.stringify({ ...DETAILS, qr: null }) })
      .where('id', '=', fixture.seasonId)
      .execute();
    await t.db
      .updateTable('admission_programmes')
      .set({ payment: JSON.stringify({ ...LAW_ACCOUNT, qr: null }) })
      .where('id', '=', fixture.management)
      .execute();
    const [science, management] = fixture.applications;
    expect(await t.app.services.payments.ofApplication(science!.id)).toEqual({ ...DETAILS, qr: null });
    expect(await t.app.services.payments.ofApplication(management!.id)).toMatchObject(LAW_ACCOUNT);

    const app = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', management!.id)
      .executeTakeFirstOrThrow();
    await queueApplicationNotice(
      t.db,
      'https://orbit.example',
      { ...app, email: 'guardian@example.com' },
      'offered',
      clock.now(),
    );
    const messages = await t.db
      .selectFrom('outbox_messages')
      .select(['channel', 'text'])
      .where('event', '=', `application-offered:${app.id}`)
      .orderBy('channel')
      .execute();
    const email = messages.find((m) => m.channel === 'email')!.text;
    const sms = messages.find((m) => m.channel === 'sms')!.text;
    expect(email).toContain('Bank: Everest Bank');
    expect(email).toContain('Account number: 00200105201234');
    expect(sms).toContain('Everest Bank');
    expect(sms).toContain('00200105201234');
    expect(sms).not.toContain('Orbit College Law');
  });
});
