import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { type TestS3Server, startTestS3Server } from '#server/test-support/s3-server.ts';
import { type BackupSettings, createBackupService } from './backup.service.ts';
import { createOffsite } from './offsite.ts';
import { SERVER_JOB } from '#server/test-support/actors.ts';
import { s3ClientConfig } from '#server/storage/s3-settings.ts';

let root: string;
let s3: TestS3Server;
/** A door in front of the S3 server that the test can close: an outage of the network or the service. */
let proxy: net.Server;
let down = false;
let proxyUrl: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-offsite-'));
  s3 = await startTestS3Server('orbit-offsite');
  const target = new URL(s3.endpoint);
  proxy = net.createServer((socket) => {
    if (down) return socket.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const logged: string[] = [];
const log = {
  info: (_: object, msg: string) => logged.push(msg),
  warn: (_: object, msg: string) => logged.push(msg),
  error: (_: object, msg: string) => logged.push(msg),
};

async function setUp(name: string, keep = { daily: 2, weekly: 0, monthly: 0 }) {
  const dataDir = path.join(root, name);
  const db = openDb({ dataDir });
  await migrateToLatest(db);
  await db.destroy();
  const settings: BackupSettings = {
    embedded: true,
    pg: undefined,
    dataDir,
    dir: path.join(dataDir, 'backups'),
    time: '02:30',
    keep,
    scheduled: true,
  };
  const offsite = createOffsite({ ...s3.settings, endpoint: proxyUrl, prefix: `${name}/`, retryDelaysMs: [0, 0] });
  const clock = new ManualClock('2026-11-25T20:45:00Z');
  return { settings, offsite, clock, service: createBackupService(settings, clock, log, { offsite }) };
}

describe('the off-site copy', () => {
  it('uploads each backup, checked by size and checksum, byte for byte, with the same retention', async () => {
    const { settings, offsite, clock, service } = await setUp('copies');
    const runs = [];
    for (let day = 0; day < 3; day++) {
      runs.push(await service.runBackup(SERVER_JOB, 'scheduled'));
      clock.advance(86_400_000);
    }
    // On failure, the log says which try failed and why.
    expect(
      runs.map((r) => r.offsite),
      logged.join('\n'),
    ).toMatchObject([
      { ok: true, tries: 1 },
      { ok: true, tries: 1 },
      { ok: true, tries: 1 },
    ]);
    // Two kept, here and there.
    expect([...(await offsite.list()).keys()].sort()).toEqual([runs[1]!.file, runs[2]!.file]);
    const client = new S3Client(s3ClientConfig(s3.settings));
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `copies/${runs[2]!.file}` }));
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    expect(bytes.equals(fs.readFileSync(path.join(settings.dir, runs[2]!.file!)))).toBe(true);
    client.destroy();
    const status = await service.status(SERVER_JOB);
    expect(status.offsite).toEqual({ bucket: s3.bucket, lastCopyAt: runs[2]!.offsite!.at });
    expect(status.warnings).toEqual([]);
    offsite.close();
  });

  it('in an outage tries three times, keeps the local backup as good, warns, and copies it an hour later', async () => {
    const { offsite, clock, service } = await setUp('outage');
    down = true;
    let run;
    try {
      run = await service.runBackup(SERVER_JOB, 'scheduled');
    } finally {
      down = false;
    }
    expect(run.ok).toBe(true);
    expect(run.offsite).toMatchObject({ ok: false, tries: 3 });
    expect(run.offsite?.error).toMatch(/^The copy to the bucket orbit-offsite failed after 3 tries: /u);
    expect(logged).toContain('the backup could not be copied off-site');
    const status = await service.status(SERVER_JOB);
    expect(status.lastGood?.file).toBe(run.file);
    expect(status.warnings.map((w) => w.code)).toEqual(['offsite-failed']);
    expect(await offsite.list()).toEqual(new Map());

    // Within the hour nothing is tried; after it, the copy is made and the warning goes.
    clock.advance(30 * 60_000);
    await service.tick();
    expect(await offsite.list()).toEqual(new Map());
    clock.advance(31 * 60_000);
    await service.tick();
    expect([...(await offsite.list()).keys()]).toEqual([run.file]);
    expect((await service.status(SERVER_JOB)).warnings).toEqual([]);
    offsite.close();
  });
});
