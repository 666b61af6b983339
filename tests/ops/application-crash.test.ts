/**
 * SIGKILL right after the deadline evening's answers, while the applicants' documents are being drawn, then a
 * restart: every accepted application is complete (each document drawn once, from its file as received), no
 * staged file is left, and a photo as received is gone once its pictures exist. On PostgreSQL too when the
 * PostgreSQL pass gives a server.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_FORM_TIMING } from '#common/inquiry.ts';
import { openDb } from '#server/db/db.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { cameraPhoto, formTokens, postApplication, publishOpenSeason } from '../../bench/admissions.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, signIn, startServer } from './server-process.ts';

const APPLICATIONS = 4;
const HEALTH_TOKEN = 'ops-health-token-for-the-document-queue';

let dataDir: string;
let database: ScratchDatabase | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-application-crash-'));
  const pg = testDatabaseServer();
  database = pg ? await createScratchDatabase(pg, 'appcrash') : undefined;
  env = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    HEALTH_TOKEN,
    // The families are one address here (127.0.0.1): its limits are theirs together.
    UPLOAD_FORMS_PER_ADDRESS: String(APPLICATIONS),
    APPLICATION_MAX_PER_HOUR: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
});

afterAll(async () => {
  await database?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function waitingDocuments(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/api/health`, { headers: { authorization: `Bearer ${HEALTH_TOKEN}` } });
  return ((await res.json()) as { documents: { waiting: number } }).documents.waiting;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

describe('a kill -9 between the answers and the drawing', () => {
  it('leaves every accepted application complete after the restart, each document drawn once', async () => {
    const files = {
      photo: await cameraPhoto(),
      gradeSheet: makePdf({ pages: 3 }),
      character: await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#f4f4f4' } })
        .jpeg()
        .toBuffer(),
    };
    let server = await startServer(env);
    try {
      const programme = await publishOpenSeason(server.url, await signIn(server));
      const tokens = await formTokens(server.url, APPLICATIONS);
      await sleep((INQUIRY_FORM_TIMING.minSeconds + 1) * 1000);
      const outcomes = await Promise.all(
        tokens.map((token, i) => postApplication(server.url, programme, String(30_000_000 + i), token, files)),
      );
      expect(outcomes.map((o) => [o.status, o.accepted])).toEqual(tokens.map(() => [200, true]));
      // The answers are in; the drawing of twelve files (a 12-megapixel photo each) has just begun.
      expect(await waitingDocuments(server)).toBeGreaterThan(0);
    } finally {
      await server.stop('SIGKILL');
    }

    const db = openDb({ dataDir, databaseUrl: database?.url });
    try {
      const before = await db.selectFrom('application_documents').select(['state']).execute();
      expect(before).toHaveLength(APPLICATIONS * 3);
      expect(before.filter((d) => d.state === 'processing').length).toBeGreaterThan(0);

      server = await startServer(env);
      try {
        const deadline = Date.now() + 170_000;
        while ((await waitingDocuments(server)) > 0) {
          if (Date.now() > deadline) throw new Error('the documents were not drawn after the restart');
          await sleep(500);
        }
      } finally {
        await server.stop();
      }

      const rows = await db.selectFrom('application_documents').selectAll().execute();
      const uploads = path.join(dataDir, 'uploads');
      const stored = new Set(await filesUnder(uploads));
      for (const row of rows) {
        expect(row, row.kind).toMatchObject({ state: 'ready', failure: '', claimed_by: null });
        // A try cut short by the kill counts once at most.
        expect(row.attempts).toBeLessThanOrEqual(1);
        const variants = JSON.parse(row.variants) as { key: string }[];
        expect(variants.length).toBeGreaterThan(0);
        for (const v of variants) expect(stored.has(v.key), v.key).toBe(true);
        if (row.format === 'pdf') expect(stored.has(row.file_key!)).toBe(true);
        else expect(row.file_key).toBeNull();
        // Drawn once: exactly its pictures (and a PDF as sent) under its folder, no second set beside them.
        const folder = variants[0]!.key.slice(0, variants[0]!.key.lastIndexOf('/') + 1);
        const inFolder = [...stored].filter((k) => k.startsWith(folder));
        expect(inFolder.sort()).toEqual(
          [...variants.map((v) => v.key), ...(row.file_key ? [row.file_key] : [])].sort(),
        );
      }
      // Nothing staged is left, and no photo as received outlived its pictures.
      expect([...stored].filter((k) => k.startsWith('.staging/') || k.includes('/received.jpg'))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
