/**
 * The look-ups of the status page against the real server process, behind a proxy (TRUST_PROXY: each request
 * says its client's address in X-Forwarded-For, as Caddy does): a script rotating through the addresses of
 * one IPv6 /64 walking an application's look-ups finds nothing and pauses that application's look-ups; 60
 * parents behind one address, a third of whom mistype first, are each served once they type it right.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { type ServerProcess, startServer } from './server-process.ts';

let server: ServerProcess;
let dataDir: string;
let f: ApplicationFixture;
const keys: string[] = [];
const births: string[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-lookup-walk-'));
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
  const db = openDb({ dataDir });
  try {
    f = await seedApplications(db, createLocalStorage(uploadsDir(dataDir)), { count: 61, withFiles: 0 });
    for (const a of f.applications) {
      keys.push(await giveAccessKey(db, a.reference));
      const row = await db
        .selectFrom('applications')
        .select('birth_date')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow();
      births.push(row.birth_date);
    }
  } finally {
    await db.destroy();
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The status page's look-up as a browser without JavaScript posts it, from `client` (through the proxy). */
async function lookUp(fields: Record<string, string>, client: string) {
  const res = await fetch(`${server.url}/admission/status`, {
    method: 'POST',
    headers: {
      origin: server.url,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': client,
    },
    body: new URLSearchParams({ intent: 'lookup', ...fields }),
  });
  const html = await res.text();
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after') ?? 0), html };
}

/** The i-th address of one /64: a subscriber's script rotating through its own addresses. */
const inSubnet = (i: number) => `2001:db8:5:9:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}:0:1`;
const otherKey = (key: string, i: number) => {
  const c = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[i % 32]!;
  return `${c === key[0] ? 'Z' : c}${key.slice(1, 27)}${'0123456789'[(i >> 5) % 10]}`;
};

describe('a walk on one application from one IPv6 /64', () => {
  it('finds nothing in 1,042 tries (dates of birth and made-up keys) and pauses the look-ups of that application', async () => {
    const target = f.applications[60]!;
    const statuses: number[] = [];
    const [y, m, d] = births[60]!.split('-');
    // Eight at a time, as a script would send them.
    for (let from = 0; from < 1042; from += 8) {
      const batch = [];
      for (let i = from; i < Math.min(from + 8, 1042); i++) {
        // Dates of birth are not keys: refused before any look-up. Made-up keys count against the application.
        const guess: Record<string, string> =
          i % 2 === 0
            ? { birth_year: y!, birth_month: m!, birth_day: d!, access_key: '' }
            : { access_key: otherKey(keys[60]!, i) };
        batch.push(lookUp({ reference: target.reference, ...guess }, inSubnet(i)));
      }
      for (const answer of await Promise.all(batch)) statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(0);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(521);
    // The right key waits too, from anywhere, and is told how long (the next try within 12 minutes).
    const paused = await lookUp({ reference: target.reference, access_key: keys[60]! }, '192.0.2.200');
    expect(paused.status).toBe(429);
    expect(paused.retryAfter).toBeGreaterThan(0);
    expect(paused.retryAfter).toBeLessThanOrEqual(12 * 60);
  }, 300_000);
});

describe('60 parents behind one address', () => {
  it('are each served when they type it right, though a third of them mistype first', async () => {
    const shared = '203.0.113.99';
    let served = 0;
    const waits: number[] = [];
    for (let i = 0; i < 60; i++) {
      const a = f.applications[i]!;
      if (i % 3 === 0) {
        const typo = await lookUp({ reference: a.reference, access_key: otherKey(keys[i]!, i) }, shared);
        expect([404, 429]).toContain(typo.status);
        if (typo.status === 429) waits.push(typo.retryAfter);
      }
      const right = await lookUp({ reference: a.reference, access_key: keys[i]! }, shared);
      expect(right.status, right.html.slice(0, 200)).toBe(200);
      expect(right.html).toContain(a.reference);
      served++;
    }
    expect(served).toBe(60);
    // A mistyping parent past the address's allowance is asked to wait minutes, not an hour.
    for (const w of waits) expect(w).toBeLessThanOrEqual(6 * 60);
  }, 300_000);
});
