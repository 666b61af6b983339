import { HASTY_FORM_SECONDS } from '#server/rate-limit/hasty-forms.ts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { buildApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { type WriteFile, createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { createTestDb } from '#server/test-support/test-app.ts';
import type { ManualClock } from '#server/test-support/manual-clock.ts';
import type { ApplicationStatus, ApplyRequest, SentFile } from './application-intake.service.ts';

/**
 * The real app (no pages) on a fresh database, its logger writing into memory, with a published 2084/85
 * season: Science (application fee Rs 500, GPA 2.0 and C+ in Science and Mathematics), Management (no fee,
 * GPA 1.6) and an Open merit category. Applications open 1 Ashadh 2084 (15 Jun 2027) and close 31 Ashadh
 * (15 Jul 2027), late until 5 Shrawan (21 Jul 2027) with a late fee of Rs 300. `writeFile` writes the
 * uploads' files (a full disk is one that throws ENOSPC).
 */
export async function createIntakeTestApp(
  clock: ManualClock,
  env: Record<string, string> = {},
  writeFile?: WriteFile,
  /** Another storage than the data folder's uploads (a bucket). */
  storage?: Storage,
) {
  const testDb = await createTestDb();
  const logLines: string[] = [];
  const app: FastifyInstance = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', DATA_DIR: testDb.dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'trace', ...env }),
    db: testDb.db,
    storage: storage ?? createLocalStorage(`${testDb.dataDir}/uploads`, writeFile),
    pages: false,
    clock,
    logStream: { write: (line) => logLines.push(line) },
  });
  const seasons = app.services.seasons;
  const season = await seasons.create(COMMAND_LINE_ACTOR, {
    name: '2084/85',
    opensOn: '2084-03-01',
    closesOn: '2084-03-31',
    lateClosesOn: '2084-04-05',
    lateFee: 300,
    entranceOn: '',
    resultsOn: '',
    admissionDeadline: '2084-04-30',
    expectedEnrolment: 0,
    documentsEn: '',
    documentsNe: '',
  });
  const merit = await seasons.addCategory(COMMAND_LINE_ACTOR, season.id, {
    nameEn: 'Open merit',
    nameNe: 'खुला योग्यता',
    proofEn: 'SEE grade sheet',
    proofNe: '',
  });
  const programme = {
    nameNe: '',
    seats: 40,
    fees: [],
    admissionFeeForContinuing: false,
    feeApprovedBy: '',
    feeApprovedOn: '',
    feeReference: '',
    scholarshipSeats: { [merit.id]: 10 },
  };
  const science = await seasons.addProgramme(COMMAND_LINE_ACTOR, season.id, {
    ...programme,
    nameEn: 'Science',
    stream: 'Science',
    minGpa: 2,
    minGrades: [
      { subject: 'Science', grade: 'C+' },
      { subject: 'Mathematics', grade: 'C+' },
    ],
    applicationFee: 500,
  });
  const management = await seasons.addProgramme(COMMAND_LINE_ACTOR, season.id, {
    ...programme,
    nameEn: 'Management',
    stream: 'Management',
    minGpa: 1.6,
    minGrades: [],
    applicationFee: 0,
  });
  await seasons.publish(COMMAND_LINE_ACTOR, season.id, { belowMinimum: true });
  return {
    app,
    db: testDb.db,
    dataDir: testDb.dataDir,
    logLines,
    season,
    science,
    management,
    merit,
    async close() {
      await app.close();
      await testDb.cleanup();
    },
  };
}

/** A phone photo: a JPEG of the given size (with EXIF, which the pipeline removes). */
export const jpeg = (width = 300, height = 400): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 120 } } })
    .withMetadata({ exif: { IFD0: { Artist: 'Sita Sharma', Copyright: 'GPS 27.68N 84.43E' } } })
    .jpeg({ quality: 90 })
    .toBuffer();

export const png = (width = 300, height = 400): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .png()
    .toBuffer();

/** The documents every application needs: a photo, a grade sheet and a character certificate. */
export async function requiredFiles(): Promise<SentFile[]> {
  return [
    { kind: 'photo', name: 'IMG_2041.jpg', body: await jpeg() },
    { kind: 'grade-sheet', name: 'grade sheet.png', body: await png() },
    { kind: 'character', name: 'character.jpg', body: await jpeg(400, 300) },
  ];
}

/** An application request with a form token as old as a person takes to fill the form (the clock moves past it). */
export async function applyRequest(
  app: FastifyInstance,
  clock: ManualClock,
  overrides: Partial<ApplyRequest> & Pick<ApplyRequest, 'values'>,
): Promise<ApplyRequest> {
  const formToken = await app.services.applicationIntake.issueFormToken();
  clock.advance(HASTY_FORM_SECONDS.application * 1000 + 10_000);
  return {
    files: await requiredFiles(),
    keep: [],
    uploadToken: '',
    formToken,
    honeypot: '',
    lang: 'en',
    clientIp: '192.0.2.10',
    ...overrides,
  };
}

/** Where an application stands, asked as the status page asks: the applicant proved by reference and key first. */
export async function statusByKey(
  app: FastifyInstance,
  reference: string,
  key: string,
  clientIp: string,
): Promise<ApplicationStatus> {
  const intake = app.services.applicationIntake;
  const applicant = await intake.applicantOf(reference, key, clientIp);
  return intake.status(applicant, applicant.applicationId);
}
