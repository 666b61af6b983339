// `npm run bench -- backup`: the server's own backup on a college's data folder of a few years: 1 GB of
// photos (noise JPEGs, which neither gzip nor anything else can shrink, written straight into the uploads
// folder) and 5,000 applications (the tests' fixture, as the office bench writes them). The built server on
// it; an owner asks for a backup now, and meanwhile autocannon reads `/` at 10 connections. Prints the
// backup's time and size and `/`'s p99 during the backup beside the same without one.
// A figure to read, never a test: it does not fail on slowness.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { seedApplications } from '#server/test-support/applications.ts';
import { PROJECT_ROOT, startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { autocannon } from './lib/throughput.ts';

export const BACKUP_TARGETS = { homeP99Ms: 50 } as const;
const PHOTO_BYTES = Number(process.env.BACKUP_BENCH_PHOTO_MB ?? 1024) * 1024 * 1024;
const APPLICATIONS = Number(process.env.APPLICATIONS ?? 5000);
const CONNECTIONS = 10;
/** How long `/` is read during the backup (the backup of 1 GB lasts longer than this). */
const LOAD_SECONDS = Number(process.env.BACKUP_BENCH_LOAD_SECONDS ?? 20);

export interface BackupReport {
  photos: number;
  photoMb: number;
  applications: number;
  ok: boolean;
  error?: string | undefined;
  seconds: number;
  sizeMb: number;
  homeP99Ms: number;
  homeP50Ms: number;
  homeRequests: number;
  homeErrors: number;
  /** The same load on `/` without a backup, for comparison. */
  idleP99Ms: number;
  /** Whether the load ended before the backup did, so every request was measured during it. */
  loadWithinBackup: boolean;
}

/** A photo-sized JPEG of noise: what a camera's detail costs in bytes, and incompressible. */
function noiseJpeg(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(width, height);
  const noise = randomBytes(image.data.length);
  image.data.set(noise);
  for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
  ctx.putImageData(image, 0, 0);
  return canvas.encodeSync('jpeg', 92);
}

/** Writes `total` bytes of distinct noise JPEGs into the uploads folder, as the gallery stores its sizes. */
function writePhotos(uploads: string, total: number): number {
  const originals = Array.from({ length: 6 }, () => noiseJpeg(1600, 1200));
  let written = 0;
  let count = 0;
  while (written < total) {
    const folder = path.join(uploads, 'img', `bench-${String(count).padStart(5, '0')}`);
    fs.mkdirSync(folder, { recursive: true });
    // Each file differs from every other (a random tail after the image's end marker, which viewers ignore).
    const file = Buffer.concat([originals[count % originals.length]!, randomBytes(4096)]);
    fs.writeFileSync(path.join(folder, 'w1600.jpg'), file);
    written += file.length;
    count++;
  }
  return count;
}

/**
 * POSTs and answers the body, however long the answer takes: the backup answers when it is done, and on a
 * loaded machine its low-priority worker may take longer than fetch's five minutes for the headers.
 */
function postWithoutTimeout(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function runBackupBench({ port }: { port: number }): Promise<BackupReport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-backup-bench-'));
  const env = { ADMIN_PASSWORD: randomBytes(18).toString('base64url'), BACKUP_SCHEDULE: 'false' };
  try {
    const first = await startLocalServer({ port, dataDir, env });
    await first.stop();
    const db = openDb({ dataDir });
    try {
      await seedApplications(db, createLocalStorage(uploadsDir(dataDir)), { count: APPLICATIONS, withFiles: 20 });
    } finally {
      await db.destroy();
    }
    const photos = writePhotos(uploadsDir(dataDir), PHOTO_BYTES);
    console.log(`Backup: ${APPLICATIONS.toLocaleString('en')} applications and ${photos} photos written`);

    const server = await startLocalServer({ port, dataDir, env });
    stopOnSignals(server.stop);
    try {
      const cookie = await adminCookie(server.url, server.adminEmail, server.adminPassword);
      const home = `${server.url}/`;
      await autocannon(PROJECT_ROOT, home, 2, CONNECTIONS); // warm-up: JIT, caches
      const idle = await autocannon(PROJECT_ROOT, home, 5, CONNECTIONS);

      const started = performance.now();
      const backup = postWithoutTimeout(`${server.url}/api/admin/backups`, {
        cookie,
        origin: server.url,
        'sec-fetch-site': 'same-origin',
      }).then((body) => {
        const run = JSON.parse(body) as { ok: boolean; bytes?: number; error?: string };
        return { run, seconds: (performance.now() - started) / 1000 };
      });
      const load = await autocannon(PROJECT_ROOT, home, LOAD_SECONDS, CONNECTIONS);
      const loadEnded = (performance.now() - started) / 1000;
      const { run, seconds } = await backup;
      return {
        photos,
        photoMb: Math.round(PHOTO_BYTES / 1024 / 1024),
        applications: APPLICATIONS,
        ok: run.ok,
        error: run.error,
        seconds: Math.round(seconds * 10) / 10,
        sizeMb: Math.round((run.bytes ?? 0) / 1024 / 1024),
        homeP99Ms: load.latency.p99,
        homeP50Ms: load.latency.p50,
        homeRequests: load.requests.total,
        homeErrors: load.errors + load.non2xx,
        idleP99Ms: idle.latency.p99,
        loadWithinBackup: loadEnded <= seconds,
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printBackupBench(r: BackupReport): void {
  const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(
    `\nBackup of ${r.photoMb} MB of photos (${r.photos} files) and ${r.applications.toLocaleString('en')} applications`,
  );
  console.log(`  result                 ${r.ok ? 'checked and kept' : `FAILED: ${r.error}`}`);
  console.log(`  time                   ${r.seconds} s`);
  console.log(`  size                   ${r.sizeMb} MB`);
  console.log(
    `  / p99 during it        ${r.homeP99Ms} ms (target < ${BACKUP_TARGETS.homeP99Ms} ms: ${mark(r.homeP99Ms < BACKUP_TARGETS.homeP99Ms)}); p50 ${r.homeP50Ms} ms, ${r.homeRequests} requests, ${r.homeErrors} errors, ${CONNECTIONS} connections${r.loadWithinBackup ? '' : ' (the backup ended before the load did)'}`,
  );
  console.log(`  / p99 without backup   ${r.idleP99Ms} ms`);
}
