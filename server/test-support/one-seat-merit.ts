import { expect } from 'vitest';
import { type AdminTestApp, SAME_ORIGIN } from './admin-session.ts';
import { type ApplicationFixture, seedApplications } from './applications.ts';
import { seatCandidates } from './entrance-candidates.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';

/**
 * The seat tests' season: Science with one seat and `count` fee-verified applicants ranked by their marks in
 * order, and the merit list published (offers from the waiting list on, seven days to confirm). On results
 * day applicant 0 is offered the seat; the others wait in their order. Signs in an admissions clerk ('Office
 * Clerk') and an editor.
 */
export async function publishOneSeatMerit(
  t: AdminTestApp,
  { count, firstRollNumber }: { count: number; firstRollNumber: number },
): Promise<{ f: ApplicationFixture; office: string; editor: string }> {
  const f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count,
    withFiles: 0,
    seats: { science: 1 },
    override: () => ({ row: { state: 'fee-verified', category_id: null }, payment: 'verified', programme: 'science' }),
  });
  await t.db
    .updateTable('admission_programmes')
    .set({ seats: 1, scholarship_seats: '{}' })
    .where('id', '=', f.science)
    .execute();
  await seatCandidates(
    t.db,
    f.seasonId,
    f.applications.map((a, i) => ({
      applicationId: a.id,
      rollNumber: firstRollNumber + i,
      marksHundredths: 9000 - i * 1000,
    })),
  );
  const office = await t.signInAs('office@test.np', 'admissions', 'Office Clerk');
  const editor = await t.signInAs('editor@test.np', 'editor');
  const settings = {
    rules: ['marks', 'older'],
    passMark: 40,
    fullMarks: 100,
    showMarks: false,
    listNames: true,
    autoOffer: true,
    confirmDays: 7,
  };
  const post = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { ...SAME_ORIGIN, cookie: office } });
  expect((await post('PUT', `/api/admin/merit/${f.seasonId}/settings`, settings)).statusCode).toBe(200);
  expect((await post('POST', `/api/admin/merit/${f.seasonId}/publish`, {})).statusCode).toBe(200);
  return { f, office, editor };
}
