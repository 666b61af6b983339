import { expect } from 'vitest';
import type { MeritSettingsInput } from '#common/admission/results.ts';
import { type AdminTestApp, SAME_ORIGIN } from './admin-session.ts';
import { type ApplicationFixture, seedApplications } from './applications.ts';
import { seatCandidates } from './entrance-candidates.ts';
import type { Db } from '#server/db/db.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';

/** The merit list's settings of the seat tests: marks then age, pass mark 40, offers from the waiting list on. */
export const ONE_SEAT_MERIT_SETTINGS: MeritSettingsInput = {
  rules: ['marks', 'older'],
  passMark: 40,
  fullMarks: 100,
  showMarks: false,
  listNames: true,
  autoOffer: true,
  confirmDays: 7,
};

/**
 * The seat tests' season: Science with one seat and `count` fee-verified applicants seated at the entrance with
 * marks in their order (the first highest), roll numbers from `firstRollNumber`.
 */
export async function seedOneSeatCandidates(
  db: Db,
  storage: Storage,
  { count, firstRollNumber }: { count: number; firstRollNumber: number },
): Promise<ApplicationFixture> {
  const f = await seedApplications(db, storage, {
    count,
    withFiles: 0,
    seats: { science: 1 },
    override: () => ({ row: { state: 'fee-verified', category_id: null }, payment: 'verified', programme: 'science' }),
  });
  await db
    .updateTable('admission_programmes')
    .set({ seats: 1, scholarship_seats: '{}' })
    .where('id', '=', f.science)
    .execute();
  await seatCandidates(
    db,
    f.seasonId,
    f.applications.map((a, i) => ({
      applicationId: a.id,
      rollNumber: firstRollNumber + i,
      marksHundredths: 9000 - i * 1000,
    })),
  );
  return f;
}

/**
 * That season with its merit list published through the API: on results day applicant 0 is offered the seat,
 * the others wait in their order. Signs in an admissions clerk ('Office Clerk') and an editor.
 */
export async function publishOneSeatMerit(
  t: AdminTestApp,
  options: { count: number; firstRollNumber: number },
): Promise<{ f: ApplicationFixture; office: string; editor: string }> {
  const f = await seedOneSeatCandidates(t.db, createLocalStorage(t.uploadsDir), options);
  const office = await t.signInAs('office@test.np', 'admissions', 'Office Clerk');
  const editor = await t.signInAs('editor@test.np', 'editor');
  const post = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie: office } });
  expect((await post('PUT', `/api/admin/merit/${f.seasonId}/settings`, ONE_SEAT_MERIT_SETTINGS)).statusCode).toBe(200);
  expect((await post('POST', `/api/admin/merit/${f.seasonId}/publish`, {})).statusCode).toBe(200);
  return { f, office, editor };
}
