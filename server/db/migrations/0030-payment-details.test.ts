import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '#server/db/db.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { readPayment } from '#server/modules/admission/index.ts';

// A database as the release before payment details left it, with a season and a programme in it.
const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0030'));
const AT = '2027-05-01T00:00:00.000Z';
const SEASON = {
  id: 's1',
  name: '2084/85',
  opens_on: '2084-03-01',
  closes_on: '2084-03-31',
  late_closes_on: '',
  late_fee: 0,
  entrance_on: '',
  results_on: '',
  admission_deadline: '',
  expected_enrolment: 0,
  documents_en: 'SEE grade sheet',
  documents_ne: '',
  status_override: '',
  published_at: AT,
  quota_published_on: '2084-02-18',
  created_at: AT,
  updated_at: AT,
};
const PROGRAMME = {
  id: 'p1',
  season_id: 's1',
  position: 1,
  name_en: 'Science',
  name_ne: 'विज्ञान',
  stream: 'Science',
  seats: 40,
  fees: '[]',
  admission_fee_for_continuing: 0,
  fee_approved_by: '',
  fee_approved_on: '',
  fee_reference: '',
  min_gpa_hundredths: 200,
  min_grades: '[]',
  scholarship_seats: '{}',
  application_fee: 500,
  created_at: AT,
  updated_at: AT,
};

let dir = '';
let db: Db;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-0030-'));
  db = openDb({ dataDir: dir, poolSize: 2 });
  await migrateToLatest(db, { migrations: before });
  await db.insertInto('admission_seasons').values(SEASON).execute();
  await db.insertInto('admission_programmes').values(PROGRAMME).execute();
});
afterAll(async () => {
  await db.destroy();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('0030-payment-details', () => {
  it('keeps every season and programme, value for value, and gives them empty payment details', async () => {
    expect(await migrateToLatest(db)).toContain('0030-payment-details');
    const season = await db.selectFrom('admission_seasons').selectAll().executeTakeFirstOrThrow();
    const programme = await db.selectFrom('admission_programmes').selectAll().executeTakeFirstOrThrow();
    expect(season).toMatchObject({ ...SEASON, payment: '' });
    expect(programme).toMatchObject({ ...PROGRAMME, payment: '' });
    expect(readPayment(season.payment)).toMatchObject({ bank: '', accountNumber: '', qr: null });
  });
});
