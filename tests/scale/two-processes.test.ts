/**
 * Two identical app processes on one PostgreSQL database and one S3 bucket (s3rver), as behind a
 * load balancer: nothing that matters may live in one process's memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { FEATURED_MAX } from '#common/limits.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type TestS3Server, startTestS3Server } from '#server/test-support/s3-server.ts';
import { type TestSmtpServer, startTestSmtpServer } from '#server/test-support/smtp-server.ts';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type ServerProcess,
  getJson,
  sameOrigin,
  signIn,
  startServer,
  uploadImage,
} from '../ops/server-process.ts';

const databaseServer = testDatabaseServer();
if (!databaseServer) {
  console.warn(
    'tests/scale/two-processes.test.ts skipped: set DATABASE_URL=postgres://… (or run `npm run test:pg`) to run two processes on one PostgreSQL database.',
  );
}

const RACE_ROUNDS = 20;
const MAX_FAILURES = 4;
// The outbox's figures in /api/health are a monitor's (or an owner's) to read.
const HEALTH_TOKEN = 'the-scale-test-reads-the-outbox-with-this';

describe.skipIf(!databaseServer)('two processes, one PostgreSQL database, one S3 bucket', () => {
  let database: ScratchDatabase;
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  let a: ServerProcess;
  let b: ServerProcess;
  let cookieA: string;

  beforeAll(async () => {
    database = await createScratchDatabase(databaseServer!, 'scale');
    s3 = await startTestS3Server('orbit-scale');
    smtp = await startTestSmtpServer();
    const env = {
      DATABASE_URL: database.url,
      ...s3.env,
      SMTP_URL: smtp.url,
      OFFICE_EMAIL: 'office@orbit.test, head@orbit.test',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
      // Every inquiry below comes from 127.0.0.1 within seconds of its form: allow them as a busy address would.
      INQUIRY_MAX_PER_HOUR: '200',
      HEALTH_TOKEN,
    };
    // Started together, as a process manager would: both migrate, both bootstrap the same admin.
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cookieA = await signIn(a);
  });

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await smtp?.stop();
    await database?.drop();
    expect(codes).toEqual([0, 0]);
  });

  it('honours a session created through one process in the other, and a logout through either', async () => {
    const seen = await fetch(`${b.url}/api/auth/session`, { headers: { cookie: cookieA } });
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ email: ADMIN_EMAIL });

    const cookie = await signIn(b);
    expect((await fetch(`${a.url}/api/auth/session`, { headers: { cookie } })).status).toBe(200);
    const logout = await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { ...sameOrigin(b), cookie } });
    expect(logout.status).toBeLessThan(300);
    expect((await fetch(`${a.url}/api/auth/session`, { headers: { cookie } })).status).toBe(401);
  });

  it('counts failed logins across both processes', async () => {
    const attempt = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { ...sameOrigin(server), 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'target@orbit.test', password }),
      });
    for (let i = 0; i < MAX_FAILURES; i++)
      expect((await attempt(i % 2 === 0 ? a : b, 'wrong-password')).status).toBe(401);
    // Each process saw only half the failures; together they reach the limit.
    for (const server of [a, b]) {
      const res = await attempt(server, 'wrong-password');
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    }
  });

  it('lists a notice created through one process in the other, on its very next request, pages included', async () => {
    const title = `Shared notice ${Date.now()}`;
    // Both render caches warm: the pages and the list are served from memory until the change.
    for (const server of [a, b]) {
      for (const path of ['/', '/notices', '/api/notices']) {
        await fetch(`${server.url}${path}`);
        const again = await fetch(`${server.url}${path}`);
        expect(again.status).toBe(200);
        expect(await again.text()).not.toContain(title);
      }
    }
    const created = await fetch(`${a.url}/api/admin/notices`, {
      method: 'POST',
      headers: { ...sameOrigin(a), cookie: cookieA, 'content-type': 'application/json' },
      body: JSON.stringify({ title, description: 'Seen by every process that shares the database.' }),
    });
    expect(created.status).toBe(201);
    const listed = await getJson<{ notices: { title: string }[] }>(b, '/api/notices');
    expect(listed.notices.map((n) => n.title)).toContain(title);
    for (const server of [a, b]) {
      for (const path of ['/', '/notices']) expect(await (await fetch(`${server.url}${path}`)).text()).toContain(title);
    }
  });

  it(`holds the featured limit of ${FEATURED_MAX} when two uploads race through different processes, ${RACE_ROUNDS} times`, async () => {
    const cookieB = await signIn(b);
    const images = await Promise.all(
      Array.from({ length: 2 * RACE_ROUNDS + FEATURED_MAX - 1 }, (_, i) =>
        buildImage({ width: 240 + i * 4, height: 160 }),
      ),
    );
    for (let i = 0; i < FEATURED_MAX - 1; i++)
      expect((await uploadImage(a, cookieA, 'featured', images.pop()!)).status).toBe(201);

    for (let round = 0; round < RACE_ROUNDS; round++) {
      const [fromA, fromB] = await Promise.all([
        uploadImage(a, cookieA, 'featured', images.pop()!),
        uploadImage(b, cookieB, 'featured', images.pop()!),
      ]);
      const statuses = [fromA.status, fromB.status].sort();
      expect(statuses, `round ${round}`).toEqual([201, 409]);
      const winner = (fromA.status === 201 ? await fromA.json() : await fromB.json()) as Image;
      const loser = fromA.status === 409 ? fromA : fromB;
      expect(await loser.json()).toMatchObject({ error: { code: 'image/folder-full' } });

      for (const server of [a, b]) {
        const { images: featured } = await getJson<{ images: Image[] }>(server, '/api/images?folder=featured');
        expect(featured, `round ${round} on ${server.url}`).toHaveLength(FEATURED_MAX);
        // Shared storage: whichever process stored the files, both serve them.
        expect((await fetch(`${server.url}${winner.src}`)).status).toBe(200);
      }
      // Back to one free place, deleting through the other process this time.
      const deleter = round % 2 === 0 ? b : a;
      const removed = await fetch(`${deleter.url}/api/admin/images/${winner.id}`, {
        method: 'DELETE',
        headers: { ...sameOrigin(deleter), cookie: deleter === a ? cookieA : cookieB },
      });
      expect(removed.status).toBe(204);
    }
  });

  it('answers health on both processes from the shared database', async () => {
    for (const server of [a, b])
      expect(await getJson(server, '/api/health')).toMatchObject({ status: 'ok', database: true });
  });

  it('shares the outbox: the alerts of inquiries sent through both processes are each delivered once', async () => {
    const INQUIRIES = 8;
    const servers = Array.from({ length: INQUIRIES }, (_, i) => (i % 2 === 0 ? a : b));
    const tokens = await Promise.all(
      servers.map(async (server) => (await getJson<InquiryFormToken>(server, '/api/inquiries/form-token')).token),
    );
    // A person takes a few seconds over the form; the server refuses one sent sooner.
    await new Promise((resolve) => setTimeout(resolve, INQUIRY_FORM_TIMING.minSeconds * 1000 + 200));
    for (const [i, server] of servers.entries()) {
      const res = await fetch(`${server.url}/api/inquiries`, {
        method: 'POST',
        headers: { ...sameOrigin(server), 'content-type': 'application/json' },
        body: JSON.stringify({
          ...buildInquiryInput({ email: `parent${i}@example.com`, subject: `Question ${i}` }),
          form_token: tokens[i],
        }),
      });
      expect(res.status).toBe(201);
    }
    const expected = INQUIRIES * 2;
    const deadline = Date.now() + 30_000;
    while (smtp.received.length < expected && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    // Both senders poll every few seconds: give a second sending of any message the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const delivered = smtp.received.map(
      (m) => `${m.subject} → ${(Array.isArray(m.to) ? m.to : [m.to]).map((t) => t?.text).join()}`,
    );
    expect(delivered).toHaveLength(expected);
    expect(new Set(delivered).size).toBe(expected);
    for (const server of [a, b])
      expect(await getJson(server, '/api/health', { authorization: `Bearer ${HEALTH_TOKEN}` })).toMatchObject({
        outbox: { backlog: 0, oldestSeconds: null },
      });
  });
});
