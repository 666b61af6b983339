/**
 * Upgrades keep everything: the current code starts on a data folder made by each earlier release
 * (tests/fixtures/release-<commit>/, made by that release's own code) and must keep every row and file
 * the release stored, the admin's password and the admin's open session. What is checked is the
 * release's data, never the current schema: later migrations may add tables and columns freely.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#server/app.ts';
import { migrateToLatest, migrations } from '#server/db/migrate.ts';
import { parseEnv } from '#server/env.ts';
import { totpCode } from '#server/modules/auth/index.ts';
import { readReferencePrefix } from '#server/modules/content/index.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import type { ReleaseManifest } from '../../scripts/fixtures/release-manifest.ts';
import { seasonState } from '#common/admission/admission-phase.ts';
import { nepalToday } from '#common/dates/nepal-time.ts';
import { type OpenedFixture, openReleaseFixture, readManifest, releaseFixtures } from './release-fixture.ts';

const engine = testDatabaseServer() ? 'PostgreSQL' : 'SQLite';
const SITE_URL = 'http://localhost:3000';
const sameOrigin = { origin: SITE_URL };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the release's tables, whatever this code calls them
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** Values as text, so an integer that one engine returns as a number and another as a string compares equal. */
const asText = (row: Row): Record<string, string | null> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)]));

describe.each(releaseFixtures())(`upgrading the data of %s on ${engine}`, (fixture) => {
  let manifest: ReleaseManifest;
  let root: string;
  let opened: OpenedFixture;
  let applied: string[];
  let app: FastifyInstance;

  beforeAll(async () => {
    manifest = readManifest(fixture);
    root = await fs.mkdtemp(path.join(os.tmpdir(), `orbit-upgrade-${fixture}-`));
    opened = await openReleaseFixture(fixture, root);
    applied = await migrateToLatest(opened.db);
    // The clock reads a minute after the release last used the admin's session, as if the upgrade
    // happened then: the session must survive the upgrade, not the months since the fixture was made.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(manifest.madeAt) + 60_000 });
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: opened.dataDir, SITE_URL, SEED_DEMO: 'false' });
    app = await buildApp({ env, db: opened.db, storage: createStorage(env), pages: false });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await opened?.cleanup();
    await fs.rm(root, { recursive: true, force: true });
  });

  it('runs exactly the migrations the release had not run', () => {
    const newer = Object.keys(migrations)
      .sort()
      .filter((name) => !manifest.migrations.includes(name));
    expect(applied).toEqual(newer);
  });

  // A column a later migration turned into another, as that migration states: an inquiry's 'handled' flag became
  // its state (0018-outbox: handled is 'closed', not handled is 'new'), and the college's stored section gained
  // the reference prefix its applications were made with, 'ORB' (0039-reference-prefix); every other value stays
  // as it was.
  const asUpgraded = (table: string, row: Row): Row => {
    if (table === 'site_content' && row.section === 'college') {
      const data = JSON.parse(String(row.data)) as Row;
      return { ...row, data: JSON.stringify({ ...data, referencePrefix: 'ORB' }) };
    }
    if (table !== 'inquiries' || !('handled' in row)) return row;
    const { handled, ...rest } = row;
    return { ...rest, state: String(handled) === '1' ? 'closed' : 'new' };
  };

  it('keeps every row the release stored, value for value', async () => {
    for (const [table, rows] of Object.entries(manifest.rows)) {
      const now = (await (opened.db as AnyDb).selectFrom(table).selectAll().execute()).map(asText);
      for (const row of rows) {
        expect(now, `a row of ${table}`).toContainEqual(expect.objectContaining(asText(asUpgraded(table, row))));
      }
    }
  });

  it("gives new applications the prefix of the release's references, ORB", async () => {
    expect(await readReferencePrefix(opened.db)).toBe('ORB');
  });

  it('serves every file the release stored at its address, byte for byte', async () => {
    expect(manifest.files.length).toBeGreaterThan(0);
    for (const file of manifest.files) {
      const res = await app.inject({ method: 'GET', url: file.url });
      expect(res.statusCode, file.url).toBe(200);
      expect(createHash('sha256').update(res.rawPayload).digest('hex'), file.url).toBe(file.sha256);
    }
  });

  it('shows the notices, the photos of both folders and the admission status as the release did', async () => {
    const { notices } = (await app.inject({ method: 'GET', url: '/api/notices?limit=500' })).json<{
      notices: { id: string; title: string; description: string; link: string | null; updatedAt: string }[];
    }>();
    const stored = await (opened.db as AnyDb).selectFrom('notices').select(['id', 'updated_at']).execute();
    for (const row of manifest.rows.notices ?? []) {
      // A notice from before edits were timed was last changed when it was published (created, before that).
      const updatedAt = row.updated_at ?? row.publish_at ?? row.created_at;
      expect(stored).toContainEqual({ id: row.id, updated_at: updatedAt });
      expect(notices).toContainEqual(
        expect.objectContaining({
          id: row.id,
          title: row.title,
          description: row.description,
          link: row.link,
          updatedAt,
        }),
      );
    }

    for (const folder of ['gallery', 'featured']) {
      const { images } = (await app.inject({ method: 'GET', url: `/api/images?folder=${folder}` })).json<{
        images: { id: string }[];
      }>();
      const expected = (manifest.rows.images ?? []).filter((r) => r.folder === folder).map((r) => r.id);
      expect(expected.length, folder).toBeGreaterThan(0);
      expect(images.map((i) => i.id).sort()).toEqual(expect.arrayContaining(expected));
    }

    // Every gallery photo of the release is in the album the migration made for them, newest first.
    const album = await app.inject({ method: 'GET', url: '/api/albums/life-at-orbit' });
    expect(album.statusCode).toBe(200);
    const galleryRows = (manifest.rows.images ?? [])
      .filter((r) => r.folder === 'gallery')
      .sort(
        (a, b) => String(b.created_at).localeCompare(String(a.created_at)) || String(b.id).localeCompare(String(a.id)),
      );
    expect(album.json<{ photos: { id: string }[] }>().photos.map((p) => p.id)).toEqual(galleryRows.map((r) => r.id));

    // A published season decides the status by its dates (as the release did at the same moment); without
    // one, the switch the release stored.
    const published = (manifest.rows.admission_seasons ?? []).find((s) => s.published_at);
    const expectedStatus = published
      ? seasonState(
          {
            opensOn: String(published.opens_on),
            closesOn: String(published.closes_on),
            lateClosesOn: String(published.late_closes_on),
            statusOverride: String(published.status_override),
          },
          nepalToday(new Date()),
        ).status
      : manifest.rows.admission_status?.[0]?.status;
    const admission = (await app.inject({ method: 'GET', url: '/api/admission' })).json<{ status: string }>();
    expect(admission.status).toBe(expectedStatus);
  });

  it("accepts the admin's session cookie that the release set, and shows the inquiries through it", async () => {
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: manifest.sessionCookie },
    });
    expect(session.statusCode).toBe(200);
    // Every account from before roles existed becomes an owner: the audit log, for owners only, opens.
    expect(session.json()).toMatchObject({ email: manifest.admin.email, role: 'owner' });
    const audit = await app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { cookie: manifest.sessionCookie },
    });
    expect(audit.statusCode, audit.body).toBe(200);

    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/inquiries',
      headers: { cookie: manifest.sessionCookie },
    });
    expect(res.statusCode).toBe(200);
    const { inquiries } = res.json<{
      inquiries: { id: string; subject: string; message: string; handled: boolean }[];
    }>();
    expect(manifest.rows.inquiries?.length).toBeGreaterThan(0);
    for (const row of manifest.rows.inquiries ?? []) {
      expect(inquiries).toContainEqual(
        expect.objectContaining({ id: row.id, subject: row.subject, message: row.message, handled: row.handled === 1 }),
      );
    }
  });

  it('signs the admin in with the password the release stored', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: manifest.admin.email, password: manifest.admin.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name.endsWith('orbit_session'));
    expect(cookie).toBeDefined();

    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `${cookie!.name}=${cookie!.value}` },
    });
    expect(session.statusCode).toBe(200);
  });

  const staff = readManifest(fixture).staff ?? [];
  it.skipIf(staff.length === 0)(
    'signs in the staff the release added, with the code of their app where two-factor was on',
    async () => {
      for (const person of staff) {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: sameOrigin,
          payload: { email: person.email, password: person.password },
        });
        expect(login.statusCode, login.body).toBe(200);
        const cookies = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
        if (!person.totpSecret) {
          expect(login.json(), person.email).not.toHaveProperty('twoFactorRequired');
          continue;
        }
        // The secret the release sealed opens with the server secret it stored: the code is accepted.
        expect(login.json(), person.email).toEqual({ twoFactorRequired: true });
        const code = await app.inject({
          method: 'POST',
          url: '/api/auth/login/code',
          headers: { ...sameOrigin, cookie: cookies },
          payload: { code: totpCode(person.totpSecret, Date.now()) },
        });
        expect(code.statusCode, code.body).toBe(200);
        expect(code.cookies.some((c) => c.name.endsWith('orbit_session'))).toBe(true);
      }
    },
  );
});

/** The first migration that lists an audit entry's changes; entries written before it list none. */
const AUDIT_CHANGES_MIGRATION = '0013-audit-changes';

// An install that upgraded from the release to a version with the audit log (0008) but before 0013,
// where people worked and left entries, then upgrades to the current code. The entries are written as
// that code wrote them: the columns of 0008, no `changes`. Only for releases from before 0013: a later
// release's own entries (with and without changes) are among the rows checked above.
const beforeAuditChanges = releaseFixtures().filter(
  (fixture) => !readManifest(fixture).migrations.includes(AUDIT_CHANGES_MIGRATION),
);
describe.each(beforeAuditChanges)(
  `the audit log of %s upgraded before ${AUDIT_CHANGES_MIGRATION}, then to this code, on ${engine}`,
  (fixture) => {
    let manifest: ReleaseManifest;
    let root: string;
    let opened: OpenedFixture;
    let applied: string[];
    let app: FastifyInstance;
    let written: Row[];

    beforeAll(async () => {
      manifest = readManifest(fixture);
      root = await fs.mkdtemp(path.join(os.tmpdir(), `orbit-upgrade-audit-${fixture}-`));
      opened = await openReleaseFixture(fixture, root);
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < AUDIT_CHANGES_MIGRATION));
      await migrateToLatest(opened.db, { migrations: before });
      const adminId = String(manifest.rows.users?.[0]?.id);
      const at = (minutesBefore: number) =>
        new Date(Date.parse(manifest.madeAt) - minutesBefore * 60_000).toISOString();
      written = [
        {
          id: 'a0000000-0000-4000-8000-000000000001',
          at: at(30),
          actor_id: adminId,
          actor_name: manifest.admin.email,
          kind: 'sign-in',
          subject: manifest.admin.email,
          address: '10.0.0.7',
        },
        {
          id: 'a0000000-0000-4000-8000-000000000002',
          at: at(20),
          actor_id: adminId,
          actor_name: manifest.admin.email,
          kind: 'content-changed',
          subject: 'college',
          address: '10.0.0.7',
        },
        {
          id: 'a0000000-0000-4000-8000-000000000003',
          at: at(10),
          actor_id: null,
          actor_name: 'command line',
          kind: 'account-added',
          subject: 'office@orbit.test, Owner',
          address: 'local',
        },
      ];
      await (opened.db as AnyDb).insertInto('audit_log').values(written).execute();
      applied = await migrateToLatest(opened.db);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(manifest.madeAt) + 60_000 });
      const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: opened.dataDir, SITE_URL, SEED_DEMO: 'false' });
      app = await buildApp({ env, db: opened.db, storage: createStorage(env), pages: false });
    });
    afterAll(async () => {
      vi.useRealTimers();
      await app?.close();
      await opened?.cleanup();
      await fs.rm(root, { recursive: true, force: true });
    });

    it(`keeps every entry, value for value, with changes '' (${AUDIT_CHANGES_MIGRATION} ran last)`, async () => {
      expect(applied[0]).toBe(AUDIT_CHANGES_MIGRATION);
      const now = (await (opened.db as AnyDb).selectFrom('audit_log').selectAll().execute()).map(asText);
      for (const row of written) expect(now).toContainEqual({ ...asText(row), changes: '' });
    });

    it('lists them through GET /api/admin/audit with changes: []', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/audit',
        headers: { cookie: manifest.sessionCookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { entries } = res.json<{ entries: Row[] }>();
      for (const row of written) {
        expect(entries).toContainEqual({
          id: row.id,
          at: row.at,
          actor: row.actor_name,
          kind: row.kind,
          subject: row.subject,
          address: row.address,
          changes: [],
        });
      }
    });
  },
);
