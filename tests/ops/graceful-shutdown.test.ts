/**
 * SIGTERM: the server stops accepting connections, lets the requests in flight finish (an upload
 * included), closes the database and exits 0; past SHUTDOWN_TIMEOUT_SECONDS it cuts what is left.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { multipart } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, getJson, signIn, startServer } from './server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;
let database: ScratchDatabase | undefined;
let env: Record<string, string>;
const servers: ServerProcess[] = [];

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-shutdown-'));
  const server = testDatabaseServer();
  database = server ? await createScratchDatabase(server, 'shutdown') : undefined;
  env = { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, ...(database ? { DATABASE_URL: database.url } : {}) };
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServer({ ...env, ...extra });
  servers.push(server);
  return server;
}

/** An upload whose body is sent in two halves, so the test decides when it is in flight. */
async function beginUpload(server: ServerProcess, cookie: string) {
  const { payload, headers } = multipart([{ body: await buildImage({ width: 1200, height: 800 }) }]);
  const req = http.request({
    host: '127.0.0.1',
    port: server.port,
    method: 'POST',
    path: '/api/admin/images/gallery',
    headers: { ...headers, 'content-length': payload.length, origin: server.url, cookie },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(payload.length / 2);
  req.write(payload.subarray(0, half));
  await sleep(300);
  return { finish: () => req.end(payload.subarray(half)), response, abandon: () => req.destroy() };
}

describe('graceful shutdown on SIGTERM', () => {
  it('finishes an upload in flight, refuses new connections meanwhile, and exits 0', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '20' });
    const cookie = await signIn(server);
    const upload = await beginUpload(server, cookie);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(500);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull(); // still draining: the upload is not done

    upload.finish();
    const { status, body } = await upload.response;
    expect(status, body).toBe(201);
    const answered = Date.now();
    expect(await server.exited).toBe(0);
    // Its connection is closed once idle, not left to run out its keep-alive timeout.
    expect(Date.now() - answered).toBeLessThan(2_000);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(server.output()).not.toMatch(/"level":50/u); // nothing logged as an error

    // What the finished upload wrote is there after a restart.
    const image = JSON.parse(body) as Image;
    const again = await start();
    const { images } = await getJson<{ images: Image[] }>(again, '/api/images?folder=gallery');
    expect(images.map((i) => i.id)).toEqual([image.id]);
    expect((await fetch(`${again.url}${image.src}`)).status).toBe(200);
    expect(await again.stop()).toBe(0);
  });

  it('cuts a request still running after SHUTDOWN_TIMEOUT_SECONDS, and says so with exit code 1', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const upload = await beginUpload(server, await signIn(server));
    const failed = upload.response.catch(() => ({ status: 0, body: '' }));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(8_000);
    expect(server.output()).toContain('requests still in flight after 2 s');
    expect((await failed).status).not.toBe(201);
    upload.abandon();
  });

  it('exits 0 at once when idle', async () => {
    const server = await start();
    await signIn(server); // leaves an idle keep-alive connection in fetch's pool
    const signalled = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3_000);
  });
});
