import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import sharp from 'sharp';
import {
  type ApplicationState,
  type PaymentState,
  DEFAULT_REFERENCE_PREFIX,
  applicationReference,
} from '#common/admission/application.ts';
import type { Db } from '#server/db/db.ts';
import type {
  ApplicationDocumentsTable,
  ApplicationEventsTable,
  ApplicationPaymentsTable,
  ApplicationsTable,
} from '#server/db/schema.ts';
import { documentPrefix } from '#server/modules/admission/index.ts';
import type { StoredVariant } from '#server/images/variants.ts';
import type { Storage } from '#server/storage/storage.ts';
import { FULL_CALENDAR, a } from './seasons.ts';

/**
 * A published 2084/85 season with two programmes (Science with an application fee, Management without)
 * and a scholarship category, and `count` applications written straight through Kysely: their payments,
 * their history and, for the first `withFiles`, documents whose files are really in storage (a JPEG photo
 * and character certificate, a PDF grade sheet with its first page drawn). Rows go in batches in one
 * transaction, so 5,000 take a few seconds.
 */

export const FIXTURE_SEASON = a.season({
  lateClosesOn: FULL_CALENDAR.lateClosesOn,
  lateFee: FULL_CALENDAR.lateFee,
  admissionDeadline: FULL_CALENDAR.admissionDeadline,
  documentsEn: 'SEE grade sheet and character certificate',
});

const GIVEN = [
  ['SITA', 'सीता'],
  ['RAM', 'राम'],
  ['GITA', 'गीता'],
  ['HARI', 'हरि'],
  ['ANITA', 'अनिता'],
  ['BIKASH', 'विकास'],
  ['PRAKASH', 'प्रकाश'],
  ['SARITA', 'सरिता'],
  ['SUNIL', 'सुनिल'],
  ['KABITA', 'कविता'],
] as const;
const FAMILY = [
  ['SHARMA', 'शर्मा'],
  ['THAPA', 'थापा'],
  ['GURUNG', 'गुरुङ'],
  ['KHADKA', 'खड्का'],
  ['POUDEL', 'पौडेल'],
  ['RAI', 'राई'],
  ['TAMANG', 'तामाङ'],
  ['ADHIKARI', 'अधिकारी'],
  ['SHRESTHA', 'श्रेष्ठ'],
] as const;
const DISTRICTS = ['Chitwan', 'Kathmandu', 'Kaski', 'Makwanpur', 'Nawalpur', 'Tanahun'] as const;

export interface FixtureOverride {
  row?: Partial<Insertable<ApplicationsTable>>;
  payment?: PaymentState;
  programme?: 'science' | 'management';
}

export interface ApplicationFixtureOptions {
  count?: number;
  /** How many of the first applications get documents with stored files (default: up to 12). */
  withFiles?: number;
  seats?: { science?: number; management?: number };
  /** Science's application fee in rupees (Management's is 0). */
  scienceFee?: number;
  /** Per application (by its index): fields, the payment state and the programme. */
  override?: (index: number) => FixtureOverride | undefined;
}

export interface FixtureApplication {
  id: string;
  reference: string;
  number: number;
  state: ApplicationState;
  payment: PaymentState;
  nameEn: string;
  nameNe: string;
  documentIds: string[];
}

export interface ApplicationFixture {
  seasonId: string;
  science: string;
  management: string;
  categoryId: string;
  applications: FixtureApplication[];
}

const DEFAULT_STATES: readonly ApplicationState[] = [
  'submitted',
  'submitted',
  'submitted',
  'submitted',
  'needs-correction',
  'documents-verified',
  'fee-verified',
  'offered',
  'waitlisted',
  'rejected',
];

/** A one-page PDF with correct cross-references (page 1 reads "SEE grade sheet"). */
export function buildPdf(text = 'SEE grade sheet'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 18 Tf 20 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 18 Tf 20 100 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

let jpegOnce: Promise<Buffer> | null = null;
/** A small JPEG (a face-sized 240×300 picture), made once per process. */
export const fixtureJpeg = (): Promise<Buffer> =>
  (jpegOnce ??= sharp({ create: { width: 240, height: 300, channels: 3, background: '#3a6ea5' } })
    .jpeg({ quality: 70 })
    .toBuffer());

const SUBMITTED_FROM = Date.parse('2027-06-15T04:00:00Z');
const HOUR = 3_600_000;

export async function seedApplications(
  db: Db,
  storage: Storage,
  options: ApplicationFixtureOptions = {},
): Promise<ApplicationFixture> {
  const count = options.count ?? 12;
  const withFiles = Math.min(count, options.withFiles ?? 12);
  const now = new Date('2027-06-01T06:00:00Z').toISOString();
  const seasonId = randomUUID();
  const science = randomUUID();
  const management = randomUUID();
  const categoryId = randomUUID();
  const scienceFee = options.scienceFee ?? 500;
  const programme = (id: string, position: number, nameEn: string, nameNe: string, seats: number, fee: number) => ({
    id,
    season_id: seasonId,
    position,
    name_en: nameEn,
    name_ne: nameNe,
    stream: nameEn,
    seats,
    fees: '[]',
    admission_fee_for_continuing: 0,
    fee_approved_by: '',
    fee_approved_on: '',
    fee_reference: '',
    min_gpa_hundredths: nameEn === 'Science' ? 200 : 160,
    min_grades: '[]',
    scholarship_seats: JSON.stringify({ [categoryId]: 5 }),
    application_fee: fee,
    created_at: now,
    updated_at: now,
  });

  const applications: Insertable<ApplicationsTable>[] = [];
  const payments: Insertable<ApplicationPaymentsTable>[] = [];
  const events: Insertable<ApplicationEventsTable>[] = [];
  const documents: Insertable<ApplicationDocumentsTable>[] = [];
  const files: { key: string; body: 'jpeg' | 'pdf'; type: string }[] = [];
  const made: FixtureApplication[] = [];

  for (let i = 0; i < count; i++) {
    const o = options.override?.(i) ?? {};
    const id = randomUUID();
    const number = i + 1;
    const [givenEn, givenNe] = GIVEN[i % GIVEN.length]!;
    const [familyEn, familyNe] = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]!;
    const isScience = (o.programme ?? (i % 3 === 2 ? 'management' : 'science')) === 'science';
    const state = (o.row?.state as ApplicationState | undefined) ?? DEFAULT_STATES[i % DEFAULT_STATES.length]!;
    const fee = isScience ? scienceFee : 0;
    const settled = ['fee-verified', 'offered', 'waitlisted', 'admitted'].includes(state);
    const payment: PaymentState =
      o.payment ?? (fee === 0 ? 'not-due' : settled ? 'verified' : i % 2 === 0 ? 'voucher-sent' : 'unpaid');
    const submittedAt = new Date(SUBMITTED_FROM + (i % 700) * HOUR + i * 1000).toISOString();
    const gpa = 160 + ((i * 37) % 241);
    const row: Insertable<ApplicationsTable> = {
      id,
      season_id: seasonId,
      reference: applicationReference(DEFAULT_REFERENCE_PREFIX, 2084, number),
      number,
      state,
      language: i % 4 === 0 ? 'ne' : 'en',
      late: 0,
      name_en: `${givenEn} ${familyEn}`,
      name_ne: `${givenNe} ${familyNe}`,
      birth_date: `2068-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      gender: i % 2 === 0 ? 'female' : 'male',
      citizenship: '',
      father_name: `${FAMILY[i % FAMILY.length]![0]} BAHADUR ${familyEn}`,
      mother_name: `MAYA ${familyEn}`,
      guardian_name: `${FAMILY[i % FAMILY.length]![0]} BAHADUR ${familyEn}`,
      guardian_relation: 'father',
      guardian_mobile: `98${String(41_000_000 + i).padStart(8, '0')}`,
      email: '',
      province: 3,
      district: DISTRICTS[i % DISTRICTS.length]!,
      municipality: 'Bharatpur Metropolitan City',
      ward: (i % 29) + 1,
      see_year: 2083,
      symbol_number: `0${String(2_000_000 + i).padStart(7, '0')}A`,
      school: 'Shree Janata Secondary School',
      school_district: DISTRICTS[(i + 1) % DISTRICTS.length]!,
      gpa_hundredths: gpa,
      grades: JSON.stringify({ English: 'B+', Nepali: 'A', Mathematics: 'B', Science: 'C+', 'Social Studies': 'B' }),
      first_choice: isScience ? science : management,
      second_choice: isScience ? management : null,
      category_id: i % 7 === 0 ? categoryId : null,
      heard_from: 'friends',
      eligible: gpa >= (isScience ? 200 : 160) ? 1 : 0,
      correction: state === 'needs-correction' ? 'The grade sheet photo is blurred: send it again.' : '',
      consent_at: submittedAt,
      submitted_at: submittedAt,
      updated_at: submittedAt,
      documents_purged_at: null,
      ...o.row,
    };
    applications.push(row);
    payments.push({
      application_id: id,
      amount: fee,
      method: 'bank',
      state: payment,
      voucher_number: payment === 'unpaid' || payment === 'not-due' ? '' : `NIC-${100_000 + i}`,
      updated_at: submittedAt,
    });
    events.push({
      id: randomUUID(),
      application_id: id,
      at: submittedAt,
      user_id: null,
      actor_name: 'the applicant',
      kind: 'submitted',
      from_state: '',
      to_state: 'submitted',
      text: '',
    });
    if (row.state !== 'submitted') {
      events.push({
        id: randomUUID(),
        application_id: id,
        at: new Date(Date.parse(submittedAt) + HOUR).toISOString(),
        user_id: null,
        actor_name: 'the office',
        kind: 'state',
        from_state: 'submitted',
        to_state: row.state,
        text: row.correction ?? '',
      });
    }
    const documentIds: string[] = [];
    if (i < withFiles) {
      for (const [kind, format] of [
        ['photo', 'image'],
        ['grade-sheet', 'pdf'],
        ['character', 'image'],
      ] as const) {
        const docId = randomUUID();
        documentIds.push(docId);
        const prefix = documentPrefix(id, docId);
        const picture: StoredVariant = {
          format: 'jpeg',
          width: 240,
          height: 300,
          key: `${prefix}/page-240.jpg`,
          bytes: 0,
        };
        files.push({ key: picture.key, body: 'jpeg', type: 'image/jpeg' });
        const fileKey = format === 'pdf' ? `${prefix}/document.pdf` : null;
        if (fileKey) files.push({ key: fileKey, body: 'pdf', type: 'application/pdf' });
        documents.push({
          id: docId,
          application_id: id,
          kind,
          position: 0,
          format,
          file_key: fileKey,
          bytes: 0,
          pages: format === 'pdf' ? 1 : null,
          width: 240,
          height: 300,
          variants: JSON.stringify([picture]),
          created_at: submittedAt,
        });
      }
    }
    made.push({
      id,
      reference: row.reference,
      number,
      state: row.state as ApplicationState,
      payment,
      nameEn: row.name_en,
      nameNe: row.name_ne,
      documentIds,
    });
  }

  const jpeg = await fixtureJpeg();
  const pdf = buildPdf();
  for (const d of documents) {
    const variants = JSON.parse(d.variants) as StoredVariant[];
    d.variants = JSON.stringify(variants.map((v) => ({ ...v, bytes: jpeg.length })));
    d.bytes = d.file_key ? pdf.length : jpeg.length;
  }
  for (const f of files) await storage.put(f.key, f.body === 'jpeg' ? jpeg : pdf, f.type);

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('admission_seasons')
      .values({
        id: seasonId,
        name: FIXTURE_SEASON.name,
        opens_on: FIXTURE_SEASON.opensOn,
        closes_on: FIXTURE_SEASON.closesOn,
        late_closes_on: FIXTURE_SEASON.lateClosesOn,
        late_fee: FIXTURE_SEASON.lateFee,
        entrance_on: FIXTURE_SEASON.entranceOn,
        results_on: FIXTURE_SEASON.resultsOn,
        admission_deadline: FIXTURE_SEASON.admissionDeadline,
        expected_enrolment: FIXTURE_SEASON.expectedEnrolment,
        documents_en: FIXTURE_SEASON.documentsEn,
        documents_ne: FIXTURE_SEASON.documentsNe,
        status_override: '',
        published_at: now,
        quota_published_on: '2084-02-18',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('scholarship_categories')
      .values({
        id: categoryId,
        season_id: seasonId,
        position: 0,
        name_en: 'Open merit',
        name_ne: 'खुला योग्यता',
        proof_en: '',
        proof_ne: '',
      })
      .execute();
    await trx
      .insertInto('admission_programmes')
      .values([
        programme(science, 0, 'Science', 'विज्ञान', options.seats?.science ?? 40, scienceFee),
        programme(management, 1, 'Management', 'व्यवस्थापन', options.seats?.management ?? 60, 0),
      ])
      .execute();
    // Batches small enough for SQLite's 32,766 bound parameters per statement.
    for (const [table, rows] of [
      ['applications', applications],
      ['application_payments', payments],
      ['application_events', events],
      ['application_documents', documents],
    ] as const) {
      for (let at = 0; at < rows.length; at += 200) {
        await trx
          .insertInto(table)
          .values(rows.slice(at, at + 200) as never)
          .execute();
      }
    }
  });
  return { seasonId, science, management, categoryId, applications: made };
}

/** Removes what `seedApplications` made (a test sharing a database with others leaves it as it found it). */
export async function removeApplications(db: Db, fixture: ApplicationFixture): Promise<void> {
  const ids = fixture.applications.map((a) => a.id);
  if (ids.length > 0) {
    for (const table of ['application_events', 'application_payments', 'application_documents'] as const) {
      await db.deleteFrom(table).where('application_id', 'in', ids).execute();
    }
  }
  await db.deleteFrom('applications').where('season_id', '=', fixture.seasonId).execute();
  await db.deleteFrom('admission_programmes').where('season_id', '=', fixture.seasonId).execute();
  await db.deleteFrom('scholarship_categories').where('season_id', '=', fixture.seasonId).execute();
  await db.deleteFrom('admission_seasons').where('id', '=', fixture.seasonId).execute();
}
