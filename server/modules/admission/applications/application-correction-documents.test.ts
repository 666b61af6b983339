import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { statusByKey } from './application-intake.test-app.ts';

// The office names the documents a correction asks for; the applicant's status (read with the access key)
// offers those. 20 Jul 2027 (4 Shrawan 2084), the 2084/85 season's applications.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
let cookie = '';

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count: 3,
    withFiles: 0,
    override: () => ({ row: { state: 'submitted' } }),
  });
  cookie = await t.signInAs('office@test.np', 'admissions');
}, 120_000);
afterAll(() => t.close());

const ask = (id: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/applications/${id}/state`,
    payload: { to: 'needs-correction', message: 'Send it again: it cannot be read.', ...payload },
    headers: { ...SAME_ORIGIN, cookie },
  });
const detailOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/admin/applications/${id}`, headers: { cookie } })).json();

describe('the documents a correction asks for', () => {
  it('are kept with the correction, in the form order, and offered on the applicant status', async () => {
    const app = f.applications[0]!;
    const res = await ask(app.id, { documents: ['character', 'grade-sheet'] });
    expect(res.statusCode, res.body).toBe(204);
    expect((await detailOf(app.id)).correctionDocuments).toEqual(['grade-sheet', 'character']);
    const key = await giveAccessKey(t.db, app.reference);
    const status = await statusByKey(t.app, app.reference, key, '198.51.100.7');
    expect(status).toMatchObject({ state: 'needs-correction', correctionDocuments: ['grade-sheet', 'character'] });
  });

  it('are none when the office names none (any document may be sent), as for a correction asked before', async () => {
    const app = f.applications[1]!;
    expect((await ask(app.id, {})).statusCode).toBe(204);
    expect((await detailOf(app.id)).correctionDocuments).toEqual([]);
  });

  it('refuses a document that is not one of the form, and changes nothing', async () => {
    const app = f.applications[2]!;
    const res = await ask(app.id, { documents: ['passport'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose documents from the list.');
    const row = await t.db.selectFrom('applications').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'submitted', correction_documents: '' });
  });
});
