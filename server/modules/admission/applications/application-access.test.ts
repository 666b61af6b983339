import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import type { ApplyOutcome, ApplyRequest } from './application-intake.service.ts';
import { applyRequest, createIntakeTestApp, png, statusByKey } from './application-intake.test-app.ts';
import { publicActor } from '#server/auth/actor.ts';
import { VISITOR } from '#server/test-support/actors.ts';

// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
beforeAll(async () => {
  t = await createIntakeTestApp(clock);
}, 60_000);
afterAll(() => t.close());

const intake = () => t.app.services.applicationIntake;
let symbol = 4012300;
/** A form of its own candidate and guardian (a new symbol and mobile number: messages to one are capped a day). */
const values = (overrides: Record<string, string> = {}) =>
  buildApplicationValues(t.management.id, {
    symbol_number: String(++symbol),
    guardian_mobile: `98${String(symbol).padStart(8, '0')}`,
    ...overrides,
  });
const apply = async (overrides: Partial<ApplyRequest> & Pick<ApplyRequest, 'values'>) =>
  intake().apply(await applyRequest(t.app, clock, overrides), VISITOR);
const accepted = (outcome: ApplyOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message} ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.confirmation;
};
const rowOf = (reference: string) =>
  t.db.selectFrom('applications').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
/** The answer's HTTP status: 200, or the refusal's. */
const statusCodeOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { statusCode: number }) => e.statusCode,
  );
/** Another key of the same form: its first character changed. */
const wrongKey = (key: string, i = 0) => `${'ABCDEFGH'[i % 8] === key[0] ? 'Z' : 'ABCDEFGH'[i % 8]}${key.slice(1)}`;
/** The i-th address of one IPv6 /64 (a subscriber's own), as a script would rotate through them. */
const inSubnet = (i: number) => `2001:db8:40:7:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}:1:1`;
const eventsOf = async (reference: string) =>
  t.db
    .selectFrom('application_events')
    .select(['kind', 'text'])
    .where('application_id', '=', (await rowOf(reference)).id)
    .execute();

describe('the access key', () => {
  it('is given once on the confirmation and in the messages, and only its hash is stored', async () => {
    const { reference, accessKey } = accepted(await apply({ values: values({ email: 'family@example.com' }) }));
    expect(accessKey).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/u);
    const row = await rowOf(reference);
    expect(row.access_key_hash).toMatch(/^[0-9a-f]{64}$/u);
    expect(JSON.stringify(row)).not.toContain(accessKey.replace(/-/gu, ''));
    const messages = await t.db
      .selectFrom('outbox_messages')
      .select(['channel', 'text'])
      .where('event', '=', `application-submitted:${row.id}`)
      .execute();
    expect(messages.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of messages) expect(m.text).toContain(accessKey);
  });

  it('opens the status, typed as people type it; the date of birth does not', async () => {
    const { reference, accessKey } = accepted(await apply({ values: values({ first_choice: t.science.id }) }));
    const typed = accessKey.toLowerCase().replace(/-/gu, ' ');
    const status = await statusByKey(t.app, reference.toLowerCase().replace(/-/gu, ' '), typed, '198.51.100.1');
    expect(status).toMatchObject({ reference, state: 'submitted', programme: { en: 'Science' } });
    expect(await statusCodeOf(statusByKey(t.app, reference, '2068-05-12', '198.51.100.1'))).toBe(404);
    expect(await statusCodeOf(intake().applicantOf(reference, '', '198.51.100.1'))).toBe(404);
  });

  it('answers the same for an unknown reference and a wrong key', async () => {
    const { reference, accessKey } = accepted(await apply({ values: values() }));
    const ip = '198.51.100.2';
    const wrong = await statusByKey(t.app, reference, wrongKey(accessKey), ip).catch((e: unknown) => e);
    const unknown = await statusByKey(t.app, 'ORB-2084-9999', accessKey, ip).catch((e: unknown) => e);
    expect(wrong).toMatchObject({ statusCode: 404, code: 'application/not-found' });
    expect(unknown).toMatchObject({ statusCode: 404, message: (wrong as Error).message });
  });
});

describe('a walk on one application', () => {
  it('from one IPv6 /64 finds nothing in 1,042 tries, pauses that application for everyone and tells the office', async () => {
    const { reference, accessKey } = accepted(await apply({ values: values() }));
    const answers: number[] = [];
    for (let i = 0; i < 1042; i++) {
      // Every try from another address of the /64; dates of birth, then made-up keys.
      const guess =
        i % 2 === 0 ? `2067-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')}` : wrongKey(accessKey, i);
      answers.push(await statusCodeOf(statusByKey(t.app, reference, guess, inSubnet(i))));
      clock.advance(25);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(0);
    // Five misses, then the application's look-ups wait: the right key too, from anywhere.
    expect(answers.filter((s) => s === 404)).toHaveLength(5);
    const paused = await statusByKey(t.app, reference, accessKey, '192.0.2.77').catch((e: unknown) => e);
    expect(paused).toMatchObject({ statusCode: 429, code: 'application/lookups-limited' });
    const wait = Number((paused as { headers: Record<string, string> }).headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(12 * 60);
    const told = (await eventsOf(reference)).filter((e) => e.kind === 'look-ups-paused');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).not.toContain(accessKey);
    // Twelve minutes later one look-up may come: the family's own key opens it.
    clock.advance(12 * 60_000);
    expect((await statusByKey(t.app, reference, accessKey, '192.0.2.77')).reference).toBe(reference);
  }, 120_000);

  it('does not hold the other applications, nor the parents behind the address', async () => {
    const ip = '2001:db8:41:7::1';
    const mine = accepted(await apply({ values: values() }));
    const others = [];
    for (let i = 0; i < 3; i++) others.push(accepted(await apply({ values: values() })));
    // Someone behind the same /64 mistypes many references until the address's allowance is gone.
    let limited = 0;
    for (let i = 0; i < 40; i++) {
      const code = await statusCodeOf(
        statusByKey(t.app, `ORB-2084-${9000 + i}`, mine.accessKey, `2001:db8:41:7::${i + 2}`),
      );
      if (code === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    // A parent who types their own reference and key is served at once.
    for (const o of [mine, ...others])
      expect((await statusByKey(t.app, o.reference, o.accessKey, ip)).reference).toBe(o.reference);
    // A mistyping parent behind it waits minutes, not an hour.
    const refused = await statusByKey(t.app, others[0]!.reference, wrongKey(others[0]!.accessKey), ip).catch(
      (e: { headers: Record<string, string> }) => e,
    );
    expect(Number((refused as { headers: Record<string, string> }).headers['retry-after'])).toBeLessThanOrEqual(6 * 60);
  });
});

describe('a lost key', () => {
  it('is replaced when the reference and date of birth match, sent only to the guardian; the old one stops', async () => {
    const { reference, accessKey } = accepted(await apply({ values: values({ email: 'guardian@example.com' }) }));
    const row = await rowOf(reference);
    const sent = () =>
      t.db
        .selectFrom('outbox_messages')
        .select(['channel', 'recipient', 'text'])
        .where('event', 'like', `application-access-key:${row.id}%`)
        .execute();
    // A wrong date of birth answers the same, and sends nothing.
    await intake().sendNewKey(publicActor('198.51.100.30'), reference, '2068-05-13');
    expect(await sent()).toEqual([]);
    await intake().sendNewKey(publicActor('198.51.100.30'), reference, '२०६८-०५-१२');
    const messages = await sent();
    expect(messages.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', 'guardian@example.com'],
      ['sms', row.guardian_mobile],
    ]);
    const newKey = /([0-9A-Z]{4}(?:-[0-9A-Z]{4}){6})/u.exec(messages[0]!.text)![1]!;
    expect(newKey).not.toBe(accessKey);
    expect(await statusCodeOf(statusByKey(t.app, reference, accessKey, '198.51.100.31'))).toBe(404);
    expect((await statusByKey(t.app, reference, newKey, '198.51.100.31')).reference).toBe(reference);
    expect((await eventsOf(reference)).map((e) => e.kind)).toContain('access-key');
  });

  it('is sent at most three times back to back, then once in eight hours', async () => {
    const { reference } = accepted(await apply({ values: values() }));
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push(await statusCodeOf(intake().sendNewKey(publicActor(`198.51.100.${40 + i}`), reference, '2068-05-12')));
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    clock.advance(8 * 3_600_000);
    expect(await statusCodeOf(intake().sendNewKey(publicActor('198.51.100.50'), reference, '2068-05-12'))).toBe(200);
  });
});

describe('a correction', () => {
  it('replaces the document while a correction is asked, back to submitted, the old files deleted', async () => {
    const { reference, accessKey } = accepted(await apply({ values: values() }));
    const row = await rowOf(reference);
    const ip = '198.51.100.9';
    const applicant = await intake().applicantOf(reference, accessKey, ip);
    const notAsked = await intake()
      .replaceDocuments(applicant, row.id, 'grade-sheet', [{ kind: 'grade-sheet', name: 'x.png', body: await png() }])
      .catch((e: unknown) => e);
    expect(notAsked).toMatchObject({ statusCode: 409, code: 'application/not-correctable' });

    // The office asks for a clearer grade sheet (its own service is another module's: the row is set here).
    await t.db
      .updateTable('applications')
      .set({ state: 'needs-correction', correction: 'The grade sheet is blurred.' })
      .where('id', '=', row.id)
      .execute();
    expect((await statusByKey(t.app, reference, accessKey, ip)).correction).toBe('The grade sheet is blurred.');
    const old = await t.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', row.id)
      .where('kind', '=', 'grade-sheet')
      .executeTakeFirstOrThrow();
    // Not drawn yet (the document queue was not run): the file as received is its one file.
    const oldKey = old.file_key!;

    const after = await intake().replaceDocuments(applicant, row.id, 'grade-sheet', [
      { kind: 'grade-sheet', name: 'clear.pdf', body: makePdf({ pages: 2 }) },
    ]);
    expect(after.state).toBe('submitted');
    const now = await t.db
      .selectFrom('application_documents')
      .selectAll()
      .where('application_id', '=', row.id)
      .where('kind', '=', 'grade-sheet')
      .execute();
    expect(now).toEqual([expect.objectContaining({ format: 'pdf', pages: 2, state: 'processing' })]);
    const fs = await import('node:fs/promises');
    await expect(fs.access(`${t.dataDir}/uploads/${oldKey}`)).rejects.toThrow();
    const events = await t.db
      .selectFrom('application_events')
      .select(['kind', 'from_state', 'to_state'])
      .where('application_id', '=', row.id)
      .orderBy('kind')
      .execute();
    expect(events).toEqual([
      { kind: 'document', from_state: '', to_state: '' },
      { kind: 'state', from_state: 'needs-correction', to_state: 'submitted' },
      { kind: 'submitted', from_state: '', to_state: 'submitted' },
    ]);
  });
});

describe("an applicant's own application, and no other", () => {
  it("refuses an applicant of one application another's status, correction and admit card", async () => {
    const mine = accepted(await apply({ values: values() }));
    const theirs = await rowOf(accepted(await apply({ values: values() })).reference);
    await t.db
      .updateTable('applications')
      .set({ state: 'needs-correction', correction: 'The grade sheet is blurred.' })
      .where('id', '=', theirs.id)
      .execute();
    const applicant = await intake().applicantOf(mine.reference, mine.accessKey, '198.51.100.60');
    const forbidden = { statusCode: 403, code: 'auth/forbidden' };
    await expect(intake().status(applicant, theirs.id)).rejects.toMatchObject(forbidden);
    await expect(
      intake().replaceDocuments(applicant, theirs.id, 'grade-sheet', [
        { kind: 'grade-sheet', name: 'clear.pdf', body: makePdf({ pages: 1 }) },
      ]),
    ).rejects.toMatchObject(forbidden);
    await expect(t.app.services.entrance.admitCard(applicant, theirs.id)).rejects.toMatchObject(forbidden);
    // Nothing of theirs changed; their own status still opens for the applicant.
    expect((await rowOf(theirs.reference)).state).toBe('needs-correction');
    expect((await intake().status(applicant, applicant.applicationId)).reference).toBe(mine.reference);
  });
});
