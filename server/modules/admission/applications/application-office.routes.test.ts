import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { statusByKey } from './application-intake.test-app.ts';

// The 2084/85 season's applications, seen by the office on 20 Jul 2027 (4 Shrawan 2084).
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
const cookies: Record<'admissions' | 'editor', string> = { admissions: '', editor: '' };

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count: 30,
    withFiles: 3,
    seats: { science: 3 },
    override: (i) => {
      if (i === 0) return { row: { name_en: '=HYPERLINK("http://evil")', name_ne: 'सीता शर्मा', state: 'submitted' } };
      if (i === 1) return { row: { state: 'documents-verified' }, payment: 'voucher-sent', programme: 'science' };
      if (i === 2) return { row: { state: 'documents-verified' }, programme: 'management' };
      if (i === 3) return { row: { state: 'fee-verified' }, programme: 'science', payment: 'verified' };
      return undefined;
    },
  });
  cookies.admissions = await t.signInAs('office@test.np', 'admissions');
  cookies.editor = await t.signInAs('editor@test.np', 'editor');
}, 120_000);
afterAll(() => t.close());

const asOffice = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie: cookies.admissions } });
const list = async (query = '') => {
  const res = await asOffice('GET', `/api/admin/applications?season=${f.seasonId}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const app = (i: number) => f.applications[i]!;
const stateOf = async (i: number) =>
  (await t.db.selectFrom('applications').select('state').where('id', '=', app(i).id).executeTakeFirstOrThrow()).state;
const auditOf = (kind: string) =>
  t.db.selectFrom('audit_log').selectAll().where('kind', '=', kind).orderBy('at').execute();

/** RFC 4180 read back: quoted cells, doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('who may see applications', () => {
  it('lets the admissions role and an owner in, answers an editor 403 and the signed-out 401', async () => {
    expect((await asOffice('GET', '/api/admin/applications')).statusCode).toBe(200);
    expect((await t.asAdmin({ method: 'GET', url: '/api/admin/applications' })).statusCode).toBe(200);
    for (const url of [
      '/api/admin/applications',
      `/api/admin/applications/${app(0).id}`,
      '/api/admin/applications/export.csv',
    ]) {
      const editor = await t.app.inject({ method: 'GET', url, headers: { ...SAME_ORIGIN, cookie: cookies.editor } });
      expect(editor.statusCode, url).toBe(403);
      expect(editor.body).not.toContain('SITA');
      expect((await t.anonymous({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${app(5).id}/notes`,
      headers: { ...SAME_ORIGIN, cookie: cookies.editor },
      payload: { text: 'Called the father' },
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('the list', () => {
  it('pages by 50, newest first, and counts every state of the season', async () => {
    const page = await list();
    expect(page.total).toBe(30);
    expect(page.items).toHaveLength(30);
    expect(page.items[0].reference).toBe('ORB-2084-0030');
    const counted = Object.values(page.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted).toBe(30);
  });

  it('filters by state while the counts keep every state for the other filters', async () => {
    const page = await list('state=rejected&programme=' + f.science);
    expect(page.items.every((i: { state: string; programme: string }) => i.state === 'rejected')).toBe(true);
    expect(page.items.every((i: { programme: string }) => i.programme === 'Science')).toBe(true);
    expect(page.counts.submitted).toBeGreaterThan(0);
    expect(page.total).toBe(page.counts.rejected);
  });

  it('filters by payment, eligibility, category and the B.S. days submitted', async () => {
    const unpaid = await list('payment=unpaid');
    expect(unpaid.items.length).toBeGreaterThan(0);
    expect(unpaid.items.every((i: { payment: string }) => i.payment === 'unpaid')).toBe(true);
    const notEligible = await list('eligible=no');
    expect(notEligible.items.every((i: { eligible: boolean }) => !i.eligible)).toBe(true);
    expect((await list('eligible=yes')).total + notEligible.total).toBe(30);
    expect((await list(`category=${f.categoryId}`)).total).toBe(5); // indexes 0, 7, 14, 21, 28
    // One an hour from 9:45 on 15 Jun 2027 (1 Ashadh 2084) in Nepal: 15 that day, until 23:45.
    expect((await list('from=2084-03-01&to=2084-03-01')).total).toBe(15);
    expect((await list('from=2084-03-02')).total).toBe(15);
    // Typed on a Nepali keyboard: the same days.
    expect((await list(`from=${encodeURIComponent('२०८४-०३-०१')}&to=${encodeURIComponent('२०८४-०३-०१')}`)).total).toBe(
      15,
    );
    expect((await list('to=2084-02-31')).total).toBe(0);
    const refused = await asOffice('GET', '/api/admin/applications?from=2084-03-05&to=2084-03-01');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The first day comes after the last.');
  });

  it('searches a name in English or Devanagari, a symbol number, a reference and a mobile number', async () => {
    expect((await list('q=sita')).items.map((i: { reference: string }) => i.reference)).toContain('ORB-2084-0011');
    expect((await list(`q=${encodeURIComponent('सीता शर्मा')}`)).items[0].reference).toBe('ORB-2084-0001');
    expect((await list('q=02000005A')).items.map((i: { reference: string }) => i.reference)).toEqual(['ORB-2084-0006']);
    expect((await list('q=orb 2084 7')).items.map((i: { reference: string }) => i.reference)).toEqual([
      'ORB-2084-0007',
    ]);
    expect((await list('q=%2B977 9841000008')).items.map((i: { reference: string }) => i.reference)).toEqual([
      'ORB-2084-0009',
    ]);
    expect((await list('q=100%25')).total).toBe(0);
  });
});

describe('moving applications', () => {
  it('refuses an offer before the fee is verified, and allows it at once when there is no fee', async () => {
    const refused = await asOffice('POST', `/api/admin/applications/${app(1).id}/state`, { to: 'offered' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'application/move-refused' });
    expect(refused.json().error.message).toMatch(/fee is not verified/u);
    // Management has no application fee.
    const noFee = await asOffice('POST', `/api/admin/applications/${app(2).id}/state`, { to: 'offered' });
    expect(noFee.statusCode, noFee.body).toBe(204);
  });

  it('refuses admission without an offer', async () => {
    const res = await asOffice('POST', `/api/admin/applications/${app(3).id}/state`, { to: 'admitted' });
    expect(res.statusCode).toBe(409);
    expect(await stateOf(3)).toBe('fee-verified');
  });

  it('asks for a correction only with a message, which the applicant then reads', async () => {
    const id = app(0).id;
    const bare = await asOffice('POST', `/api/admin/applications/${id}/state`, { to: 'needs-correction' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe('Write what the applicant should correct.');
    const asked = await asOffice('POST', `/api/admin/applications/${id}/state`, {
      to: 'needs-correction',
      message: 'The character certificate is cut off: photograph all of it.',
    });
    expect(asked.statusCode).toBe(204);
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      state: 'needs-correction',
      correction: 'The character certificate is cut off: photograph all of it.',
    });
    const detail = (await asOffice('GET', `/api/admin/applications/${id}`)).json();
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'state',
      from: 'submitted',
      to: 'needs-correction',
      actor: 'office@test.np',
    });
    const entries = await auditOf('application-changed');
    expect(entries.at(-1)).toMatchObject({ subject: app(0).reference, actor_name: 'office@test.np' });
  });

  it('verifies the voucher, which moves verified documents on to fee-verified, then offers the seat', async () => {
    const id = app(1).id;
    const verified = await asOffice('POST', `/api/admin/applications/${id}/payment`, { decision: 'verified' });
    expect(verified.statusCode, verified.body).toBe(204);
    expect(await stateOf(1)).toBe('fee-verified');
    const detail = (await asOffice('GET', `/api/admin/applications/${id}`)).json();
    expect(detail.payment.state).toBe('verified');
    expect(detail.moves).toContain('offered');
    const noFee = await asOffice('POST', `/api/admin/applications/${app(2).id}/payment`, { decision: 'verified' });
    expect(noFee.statusCode).toBe(409);
  });

  it("refuses an offer beyond the programme's seats with 409 until confirmed", async () => {
    // Science has 3 seats; of the fixture's offered and admitted Science applications, count them first.
    const seats = (await asOffice('GET', `/api/admin/applications/${app(1).id}`)).json().seats;
    expect(seats).toMatchObject({ programme: 'Science', seats: 3 });
    const free = seats.left;
    const fill = f.applications.filter((a, i) => i > 3 && a.state === 'fee-verified' && i % 3 !== 2).slice(0, free);
    for (const a of fill) {
      expect((await asOffice('POST', `/api/admin/applications/${a.id}/state`, { to: 'offered' })).statusCode).toBe(204);
    }
    const over = await asOffice('POST', `/api/admin/applications/${app(1).id}/state`, { to: 'offered' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('application/over-seats');
    const confirmed = await asOffice('POST', `/api/admin/applications/${app(1).id}/state`, {
      to: 'offered',
      confirmOverSeats: true,
    });
    expect(confirmed.statusCode).toBe(204);
    const after = (await asOffice('GET', `/api/admin/applications/${app(1).id}`)).json().seats;
    expect(after.left).toBe(0);
    expect(after.offered + after.admitted).toBeGreaterThan(3);
  });

  it('moves a selection and says which were refused and why', async () => {
    const ids = [app(10).id, app(5).id, app(9).id, 'no-such-application'];
    // 10: submitted; 5: documents-verified already (not a move); 9: rejected (closed).
    const res = await asOffice('POST', '/api/admin/applications/state', { ids, to: 'documents-verified' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.moved).toEqual([app(10).id]);
    expect(body.refused).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: app(9).id, reason: 'not-a-move' }),
        expect.objectContaining({ id: 'no-such-application', reason: 'not-found' }),
      ]),
    );
    expect(await stateOf(10)).toBe('documents-verified');
    expect(await stateOf(9)).toBe('rejected');
  });

  it('keeps a note in the history', async () => {
    const res = await asOffice('POST', `/api/admin/applications/${app(4).id}/notes`, {
      text: 'Father called at 2 pm.',
    });
    expect(res.statusCode).toBe(204);
    const detail = (await asOffice('GET', `/api/admin/applications/${app(4).id}`)).json();
    expect(detail.events.at(-1)).toMatchObject({
      kind: 'note',
      text: 'Father called at 2 pm.',
      actor: 'office@test.np',
    });
    expect((await asOffice('POST', `/api/admin/applications/${app(4).id}/notes`, { text: ' ' })).statusCode).toBe(400);
  });
});

describe('a new access key from the office', () => {
  it("is queued to the guardian's contacts only, audited with who sent it; an editor is refused", async () => {
    const url = `/api/admin/applications/${app(5).id}/access-key`;
    const editor = await t.app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie: cookies.editor } });
    expect(editor.statusCode).toBe(403);
    const res = await asOffice('POST', url);
    expect(res.statusCode, res.body).toBe(204);
    // The office never sees the key: the answer is empty and the key is only in the guardian's message.
    expect(res.body).toBe('');
    const row = await t.db
      .selectFrom('applications')
      .select(['access_key_hash', 'guardian_mobile', 'reference'])
      .where('id', '=', app(5).id)
      .executeTakeFirstOrThrow();
    expect(row.access_key_hash).toMatch(/^[0-9a-f]{64}$/u);
    const messages = await t.db
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'text'])
      .where('event', 'like', `application-access-key:${app(5).id}%`)
      .execute();
    expect(messages.find((m) => m.channel === 'sms')).toMatchObject({ recipient: row.guardian_mobile });
    const key = /([0-9A-Z]{4}(?:-[0-9A-Z]{4}){6})/u.exec(messages[0]!.text)![1]!;
    expect((await statusByKey(t.app, row.reference, key, '198.51.100.7')).reference).toBe(row.reference);
    const [entry] = (await auditOf('application-key-sent')).filter((a) => a.subject === row.reference);
    expect(entry).toMatchObject({ actor_name: expect.stringContaining('office@test.np') });
  });
});

describe("an applicant's documents", () => {
  it('serves a document file and writes each opening to the audit log with the reference and the kind only', async () => {
    const detail = (await asOffice('GET', `/api/admin/applications/${app(0).id}`)).json();
    const sheet = detail.documents.find((d: { kind: string }) => d.kind === 'grade-sheet');
    expect(sheet).toMatchObject({ format: 'pdf', full: 'document.pdf' });
    const before = (await auditOf('application-document-opened')).length;
    const pdf = await asOffice('GET', `/api/admin/applications/${app(0).id}/documents/${sheet.id}/document.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const thumb = await asOffice(
      'GET',
      `/api/admin/applications/${app(0).id}/documents/${sheet.id}/${sheet.pictures[0].file}`,
    );
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const entries = await auditOf('application-document-opened');
    expect(entries).toHaveLength(before + 2);
    expect(entries.at(-1)).toMatchObject({ subject: `${app(0).reference} grade-sheet` });
    expect(entries.at(-1)!.subject).not.toMatch(/SITA|सीता/u);
  });

  it('writes each opening of an application to the audit log with its reference only; a refused one writes nothing', async () => {
    const before = (await auditOf('application-opened')).length;
    expect((await asOffice('GET', `/api/admin/applications/${app(2).id}`)).statusCode).toBe(200);
    const entries = await auditOf('application-opened');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({ subject: app(2).reference, actor_name: 'office@test.np' });
    const byEditor = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/${app(2).id}`,
      headers: { ...SAME_ORIGIN, cookie: cookies.editor },
    });
    expect(byEditor.statusCode).toBe(403);
    expect((await asOffice('GET', '/api/admin/applications/no-such-application')).statusCode).toBe(404);
    expect(await auditOf('application-opened')).toHaveLength(before + 1);
  });

  it("refuses another document's file, another application's document and any path", async () => {
    const [photo, sheet] = app(0).documentIds;
    const otherPhoto = app(1).documentIds[0];
    const refused = [
      `/api/admin/applications/${app(0).id}/documents/${photo}/document.pdf`,
      `/api/admin/applications/${app(0).id}/documents/${otherPhoto}/page-240.jpg`,
      `/api/admin/applications/${app(1).id}/documents/${sheet}/document.pdf`,
      `/api/admin/applications/${app(0).id}/documents/${sheet}/..%2F..%2F${app(1).id}`,
    ];
    const before = (await auditOf('application-document-opened')).length;
    for (const url of refused) {
      const res = await asOffice('GET', url);
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect(await auditOf('application-document-opened')).toHaveLength(before);
  });
});

describe('the CSV export', () => {
  it('starts with a byte-order mark, quotes by RFC 4180, neutralises formulas and keeps Devanagari', async () => {
    const res = await asOffice('GET', `/api/admin/applications/export.csv?season=${f.seasonId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="applications-2084-85-office.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]!.slice(0, 3)).toEqual(['Reference', 'Name', 'Name (Devanagari)']);
    expect(rows).toHaveLength(31);
    const first = rows.find((r) => r[0] === app(0).reference)!;
    expect(first[1]).toBe(`'=HYPERLINK("http://evil")`);
    expect(first[2]).toBe('सीता शर्मा');
    expect(res.rawPayload.toString('utf8')).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const entry = (await auditOf('applications-exported')).at(-1)!;
    expect(entry.subject).toBe('30 applications (office layout)');
    expect(entry.changes).toContain('season=2084/85');
  });

  it("puts the columns in the order of NEB's registration entry", async () => {
    const res = await asOffice(
      'GET',
      `/api/admin/applications/export.csv?season=${f.seasonId}&layout=neb&state=rejected`,
    );
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]!.slice(0, 10)).toEqual([
      'Name (English)',
      'Name (Devanagari)',
      'Date of birth (B.S.)',
      'Gender',
      "Father's name",
      "Mother's name",
      'SEE symbol number',
      'SEE year',
      'School',
      'GPA',
    ]);
    const rejected = (await list('state=rejected')).total;
    expect(rows).toHaveLength(rejected + 1);
    expect((await auditOf('applications-exported')).at(-1)!.changes).toContain('state=rejected');
  });
});

describe('the same SEE symbol number twice', () => {
  it('flags both applications to the office in the list and on each page, linked, and never when one is withdrawn', async () => {
    const [first, second] = [app(24), app(25)];
    const symbolOf = async (id: string) =>
      await t.db
        .selectFrom('applications')
        .select(['symbol_number', 'state'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await symbolOf(second.id);
    // Another name and date of birth with the first one's symbol number: accepted, for the office to judge.
    await t.db
      .updateTable('applications')
      .set({ symbol_number: (await symbolOf(first.id)).symbol_number })
      .where('id', '=', second.id)
      .execute();
    try {
      const items = (await list()).items as { id: string; sameSymbolNumberAs: { id: string; reference: string }[] }[];
      const flagOf = (id: string) => items.find((i) => i.id === id)?.sameSymbolNumberAs;
      expect(flagOf(first.id)).toEqual([{ id: second.id, reference: 'ORB-2084-0026' }]);
      expect(flagOf(second.id)).toEqual([{ id: first.id, reference: 'ORB-2084-0025' }]);
      expect(items.filter((i) => i.sameSymbolNumberAs.length > 0)).toHaveLength(2);
      const detail = await asOffice('GET', `/api/admin/applications/${first.id}`);
      expect(detail.json().sameSymbolNumberAs).toEqual([{ id: second.id, reference: 'ORB-2084-0026' }]);
      await t.db.updateTable('applications').set({ state: 'withdrawn' }).where('id', '=', second.id).execute();
      expect((await asOffice('GET', `/api/admin/applications/${first.id}`)).json().sameSymbolNumberAs).toEqual([]);
    } finally {
      await t.db.updateTable('applications').set(before).where('id', '=', second.id).execute();
    }
  });
});
