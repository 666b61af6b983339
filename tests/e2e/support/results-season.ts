import { type Browser, expect } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { seatCandidates } from '#server/test-support/entrance-candidates.ts';
import { BASE_URL, E2E_DATA_DIR } from './env.ts';
import { signInByApi } from './pages.ts';

/**
 * Results day's applicants on the e2e server: Science candidates whose documents and fee are verified, with
 * roll numbers from `roll` and the given marks written into its database, and no scholarship seats. Returns
 * the fixture, each applicant's B.S. date of birth (what the results look-up asks) and access key (what the
 * status page asks, with the reference).
 */
export async function seedResultsSeason(options: {
  roll: number;
  marks: readonly number[];
  seats: number;
}): Promise<{ f: ApplicationFixture; births: string[]; keys: string[] }> {
  const conn = openDb({ dataDir: E2E_DATA_DIR });
  try {
    const f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: options.marks.length,
      withFiles: 0,
      seats: { science: options.seats },
      override: () => ({
        row: { state: 'fee-verified', category_id: null },
        payment: 'verified',
        programme: 'science',
      }),
    });
    await conn
      .updateTable('admission_programmes')
      .set({ scholarship_seats: '{}' })
      .where('id', '=', f.science)
      .execute();
    await seatCandidates(
      conn,
      f.seasonId,
      options.marks.map((m, i) => ({
        applicationId: f.applications[i]!.id,
        rollNumber: options.roll + i,
        marksHundredths: m,
      })),
    );
    const births: string[] = [];
    const keys: string[] = [];
    for (const a of f.applications) {
      keys.push(await giveAccessKey(conn, a.reference));
      births.push(
        (await conn.selectFrom('applications').select('birth_date').where('id', '=', a.id).executeTakeFirstOrThrow())
          .birth_date,
      );
    }
    return { f, births, keys };
  } finally {
    await conn.destroy();
  }
}

/**
 * Removes a results season seeded above, its results notices in English and Nepali (through the admin API) and
 * every row of it, signed in on a page of its own. A notice left behind would stay on the shared server's board for
 * the specs after this one.
 */
export async function dropResultsSeason(browser: Browser, f: ApplicationFixture): Promise<void> {
  const page = await browser.newPage();
  try {
    await signInByApi(page);
    const conn = openDb({ dataDir: E2E_DATA_DIR });
    try {
      const settings = await conn
        .selectFrom('merit_settings')
        .select('notice_id')
        .where('season_id', '=', f.seasonId)
        .executeTakeFirst();
      const season = await conn
        .selectFrom('admission_seasons')
        .select('name')
        .where('id', '=', f.seasonId)
        .executeTakeFirst();
      const references = season
        ? [`RESULTS-${season.name}`, `RESULTS-${season.name}-NE`].map((r) => r.slice(0, 30))
        : [];
      const notices =
        references.length > 0
          ? await conn.selectFrom('notices').select('id').where('reference_no', 'in', references).execute()
          : [];
      const noticeIds = new Set([...notices.map((n) => n.id), ...(settings?.notice_id ? [settings.notice_id] : [])]);
      for (const id of noticeIds) {
        await page.request.delete(`/api/admin/notices/${id}`, { headers: { origin: BASE_URL } });
      }
      const ids = f.applications.map((a) => a.id);
      await conn.deleteFrom('offers').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('merit_entries').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('merit_settings').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('entrance_candidates').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('entrance_sessions').where('season_id', '=', f.seasonId).execute();
      for (const table of ['application_events', 'application_payments', 'application_documents'] as const) {
        await conn.deleteFrom(table).where('application_id', 'in', ids).execute();
      }
      await conn.deleteFrom('applications').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('admission_programmes').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('scholarship_categories').where('season_id', '=', f.seasonId).execute();
      await conn.deleteFrom('admission_seasons').where('id', '=', f.seasonId).execute();
    } finally {
      await conn.destroy();
    }
  } finally {
    await page.close();
  }
}

/** Publishes a seeded season's merit list now through the admin API, signed in on a page of its own. */
export async function publishMeritNow(browser: Browser, seasonId: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await signInByApi(page);
    const res = await page.request.post(`/api/admin/merit/${seasonId}/publish`, {
      headers: { origin: BASE_URL },
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await page.close();
  }
}
