import { giveAccessKey } from '#server/test-support/access-key.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { type ApplicationFixture, buildPdf, fixtureJpeg, seedApplications } from '#server/test-support/applications.ts';
import { seatCandidates } from '#server/test-support/entrance-candidates.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';

// Results published on 20 Jul 2027 (4 Shrawan 2084) at 11:45 in Nepal; offers run 7 days, to the end of
// 11 Shrawan (2027-07-27T18:15Z). Science has 2 seats: 0 and 1 are offered, 2 and 3 waitlisted in that order.
const clock = new ManualClock('2027-07-20T06:00:00Z');
const DEADLINE = '2027-07-27T18:15:00.000Z';
let t: AdminTestApp;
let f: ApplicationFixture;
let office = '';
let editor = '';
/** When set, moving a staged file to its key fails, as a disk failing after the row is committed. */
let failPublish = false;

beforeAll(async () => {
  t = await createAdminTestApp(
    SESSIONS_OUTLAST_CLOCK,
    (s) => ({
      ...s,
      publish: (batch, key) => (failPublish ? Promise.reject(new Error('disk gone')) : s.publish(batch, key)),
    }),
    clock,
  );
  f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count: 4,
    withFiles: 0,
    seats: { science: 2 },
    override: () => ({ row: { state: 'fee-verified', category_id: null }, payment: 'verified', programme: 'science' }),
  });
  await t.db
    .updateTable('admission_programmes')
    .set({ seats: 2, scholarship_seats: '{}' })
    .where('id', '=', f.science)
    .execute();
  await seatCandidates(
    t.db,
    f.seasonId,
    [9000, 8000, 7000, 6000].map((marks, i) => ({
      applicationId: f.applications[i]!.id,
      rollNumber: 2001 + i,
      marksHundredths: marks,
    })),
  );
  office = await t.signInAs('office@test.np', 'admissions');
  editor = await t.signInAs('editor@test.np', 'editor');
  const settings = { rules: ['marks', 'older'], passMark: 40, fullMarks: 100, showMarks: false, listNames: true };
  const saved = await as(office, 'PUT', `/api/admin/merit/${f.seasonId}/settings`, {
    ...settings,
    autoOffer: true,
    confirmDays: 7,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // Both empty: published now, in the request.
  const published = await as(office, 'POST', `/api/admin/merit/${f.seasonId}/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie } });
const app = (i: number) => f.applications[i]!;
const row = (i: number) =>
  t.db.selectFrom('applications').selectAll().where('id', '=', app(i).id).executeTakeFirstOrThrow();
const offerOf = (i: number) =>
  t.db
    .selectFrom('offers')
    .selectAll()
    .where('application_id', '=', app(i).id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
const vouchersOf = (i: number) =>
  t.db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', app(i).id)
    .where('kind', '=', 'offer-voucher')
    .orderBy('created_at')
    .execute();
const messagesOf = (step: string, i: number) =>
  t.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('event', '=', `application-${step}:${app(i).id}`)
    .execute();
const auditOf = (kind: string) => t.db.selectFrom('audit_log').selectAll().where('kind', '=', kind).execute();

/** The status page's way: the applicant found by reference and access key, then the voucher sent. */
async function sendVoucher(i: number, number: string, body: Buffer, key?: string) {
  const s = t.app.services;
  const r = await row(i);
  const applicant = await s.applicationIntake.applicantOf(
    r.reference,
    key ?? (await giveAccessKey(t.db, r.reference)),
    `10.1.0.${i}`,
  );
  await s.offerVouchers.send(applicant, applicant.applicationId, number, [{ body }]);
}
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'taken',
    (err: { code?: string }) => err.code ?? String(err),
  );

describe('the voucher sent from the status page', () => {
  it('is refused with a wrong access key or the date of birth, for an application not offered, and for a file that is not a document, storing nothing', async () => {
    const jpeg = await fixtureJpeg();
    expect((await offerOf(0)).state).toBe('open');
    expect(await codeOf(sendVoucher(0, 'NB-1001', jpeg, '2060-01-01'))).toBe('application/not-found');
    expect(await codeOf(sendVoucher(0, 'NB-1001', jpeg, (await row(0)).birth_date))).toBe('application/not-found');
    expect(await codeOf(sendVoucher(2, 'NB-1002', jpeg))).toBe('offer/not-open');
    expect(await codeOf(sendVoucher(0, 'NB-1003', Buffer.from('not a picture at all, only words')))).toBe(
      'application/not-document',
    );
    expect(await codeOf(sendVoucher(0, '', jpeg))).toBe('validation');
    expect(await codeOf(sendVoucher(0, '<script>', jpeg))).toBe('validation');
    // The applicant of another application, proved by its own key, may not send this one's voucher.
    const other = await t.app.services.applicationIntake.applicantOf(
      (await row(2)).reference,
      await giveAccessKey(t.db, (await row(2)).reference),
      '10.1.0.2',
    );
    expect(await codeOf(t.app.services.offerVouchers.send(other, app(0).id, 'NB-1004', [{ body: jpeg }]))).toBe(
      'auth/forbidden',
    );
    expect(await vouchersOf(0)).toHaveLength(0);
    expect((await offerOf(0)).state).toBe('open');
    expect(await messagesOf('offer-voucher-sent', 0)).toHaveLength(0);
  });

  it('takes a photo under applications/: the offer waits for the office, history, audit and message; a second waits', async () => {
    await sendVoucher(0, 'NB-2084-0042', await fixtureJpeg());
    // Accepted as received; its pictures are drawn by the document queue.
    expect((await vouchersOf(0))[0]).toMatchObject({ state: 'processing' });
    await t.app.services.documentQueue.drain();
    const offer = await offerOf(0);
    expect(offer).toMatchObject({ state: 'voucher-sent', voucher_number: 'NB-2084-0042' });
    expect(offer.voucher_at).toBe('2027-07-20T06:00:00.000Z');
    const [doc] = await vouchersOf(0);
    expect(doc).toMatchObject({ format: 'image', file_key: null });
    const keys = (JSON.parse(doc!.variants) as { key: string }[]).map((v) => v.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.startsWith(`applications/${app(0).id}/${doc!.id}/`)).toBe(true);
      await expect(fs.stat(path.join(t.uploadsDir, key))).resolves.toBeTruthy();
    }
    const told = await messagesOf('offer-voucher-sent', 0);
    expect(told.map((m) => m.channel)).toContain('sms');
    // Nothing of the applicant beyond the reference and first name: never the voucher's number or date of birth.
    for (const m of told) expect(m.text).not.toContain('NB-2084-0042');
    expect((await auditOf('offer-voucher-sent')).map((a) => a.subject)).toEqual([app(0).reference]);
    const history = await t.db
      .selectFrom('application_events')
      .select('text')
      .where('application_id', '=', app(0).id)
      .where('kind', '=', 'offer')
      .execute();
    expect(history.map((h) => h.text)).toEqual(['Admission fee voucher sent (number NB-2084-0042)']);
    expect(await codeOf(sendVoucher(0, 'NB-2084-0043', await fixtureJpeg()))).toBe('offer/voucher-waiting');
    expect(await vouchersOf(0)).toHaveLength(1);
    // The status page tells the applicant it arrived.
    const outcome = await t.app.services.merit.outcomeOf(app(0).reference);
    expect(outcome?.offer).toMatchObject({ state: 'voucher-sent', voucherNumber: 'NB-2084-0042' });
  });

  it('shows on the office’s merit review and application page; each opening of it is audited', async () => {
    const review = await t.app.services.merit.review(COMMAND_LINE_ACTOR, f.seasonId);
    const mine = review.offers.find((o) => o.applicationId === app(0).id)!;
    expect(mine).toMatchObject({ state: 'voucher-sent', voucherNumber: 'NB-2084-0042' });
    expect(mine.voucherFile?.documentId).toBe((await vouchersOf(0))[0]!.id);
    const page = await as(office, 'GET', `/api/admin/applications/${app(0).id}`);
    expect(page.statusCode, page.body).toBe(200);
    const docs = page.json().documents as { id: string; kind: string }[];
    expect(docs.map((d) => d.kind)).toContain('offer-voucher');
    const before = (await auditOf('application-document-opened')).length;
    const opened = await as(
      office,
      'GET',
      `/api/admin/applications/${app(0).id}/documents/${mine.voucherFile!.documentId}/${mine.voucherFile!.file}`,
    );
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    const audits = await auditOf('application-document-opened');
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)!.subject).toBe(`${app(0).reference} offer-voucher`);
    const refused = await as(editor, 'POST', `/api/admin/offers/${app(0).id}/voucher-refused`, { reason: '' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the deadline', () => {
  it('refuses a voucher after it; the lapse spares the offer whose voucher came in time and passes the other seat on', async () => {
    clock.set(DEADLINE);
    expect(await codeOf(sendVoucher(1, 'NB-3001', await fixtureJpeg()))).toBe('offer/past-deadline');
    expect(await vouchersOf(1)).toHaveLength(0);
    expect(await t.app.services.merit.lapseDue()).toBe(1);
    expect((await offerOf(0)).state).toBe('voucher-sent');
    expect((await row(0)).state).toBe('offered');
    expect((await offerOf(1)).state).toBe('lapsed');
    expect((await row(1)).state).toBe('withdrawn');
    // The seat given up goes to the first on the waiting list; a voucher does not count as a free seat.
    expect((await row(2)).state).toBe('offered');
    expect((await row(3)).state).toBe('waitlisted');
    expect((await t.app.services.merit.seatsLeft(f.seasonId))[f.science]).toBe(0);
  });
});

describe('the office’s answer', () => {
  it('refuses a voucher: open again, the guardian told why, and a refused voucher after the deadline lapses', async () => {
    const res = await as(office, 'POST', `/api/admin/offers/${app(0).id}/voucher-refused`, {
      reason: 'The amount is not the admission fee.',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await offerOf(0)).state).toBe('open');
    const told = await messagesOf('offer-voucher-refused', 0);
    expect(told.length).toBeGreaterThan(0);
    const mail = told.find((m) => m.channel === 'email');
    if (mail) expect(mail.text).toContain('The amount is not the admission fee.');
    const audits = await auditOf('offer-voucher-refused');
    expect(audits.map((a) => a.subject)).toEqual([app(0).reference]);
    expect(audits[0]!.changes).toContain('NB-2084-0042');
    expect((await t.app.services.merit.outcomeOf(app(0).reference))?.offer).toMatchObject({
      state: 'open',
      voucherRefused: true,
    });
    const again = await as(office, 'POST', `/api/admin/offers/${app(0).id}/voucher-refused`, {});
    expect(again.statusCode).toBe(409);
    // Its deadline has passed: no new voucher, and the lapse takes it now.
    expect(await codeOf(sendVoucher(0, 'NB-2084-0050', await fixtureJpeg()))).toBe('offer/past-deadline');
    expect(await t.app.services.merit.lapseDue()).toBe(1);
    expect((await row(0)).state).toBe('withdrawn');
    expect((await row(3)).state).toBe('offered');
  });

  it('keeps nothing of a voucher whose files could not be stored: the offer stays open, no history, no message', async () => {
    failPublish = true;
    try {
      expect(await codeOf(sendVoucher(3, 'NB-5001', await fixtureJpeg()))).toBe('Error: disk gone');
    } finally {
      failPublish = false;
    }
    expect(await offerOf(3)).toMatchObject({ state: 'open', voucher_number: '' });
    expect(await vouchersOf(3)).toHaveLength(0);
    expect(await messagesOf('offer-voucher-sent', 3)).toHaveLength(0);
    const history = await t.db
      .selectFrom('application_events')
      .select('text')
      .where('application_id', '=', app(3).id)
      .where('kind', '=', 'offer')
      .execute();
    expect(history).toHaveLength(0);
  });

  it('lets the applicant send again until the deadline, and verifies one: admitted, the guardian told', async () => {
    const pdf = buildPdf('Bank voucher NB-4001');
    await sendVoucher(2, 'NB-4001', pdf);
    expect((await as(office, 'POST', `/api/admin/offers/${app(2).id}/voucher-refused`, {})).statusCode).toBe(204);
    await sendVoucher(2, 'NB-4002', pdf);
    expect(await vouchersOf(2)).toHaveLength(2);
    expect((await vouchersOf(2)).map((d) => d.format)).toEqual(['pdf', 'pdf']);
    expect((await offerOf(2)).voucher_number).toBe('NB-4002');
    expect((await messagesOf('offer-voucher-sent', 2)).length).toBeGreaterThanOrEqual(2);
    // "Voucher verified" only while a voucher waits: 3's offer has none.
    const none = await as(office, 'POST', `/api/admin/offers/${app(3).id}/confirm`, { how: 'voucher' });
    expect(none.statusCode).toBe(409);
    const ok = await as(office, 'POST', `/api/admin/offers/${app(2).id}/confirm`, { how: 'voucher' });
    expect(ok.statusCode, ok.body).toBe(204);
    expect(await offerOf(2)).toMatchObject({ state: 'confirmed', confirmed_how: 'voucher' });
    expect((await row(2)).state).toBe('admitted');
    expect((await messagesOf('admitted', 2)).length).toBeGreaterThan(0);
    expect(await codeOf(sendVoucher(2, 'NB-4003', pdf))).toBe('offer/not-open');
  });
});
