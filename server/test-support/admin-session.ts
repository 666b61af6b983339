import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '#server/app.ts';
import type { Clock } from '#server/clock.ts';
import type { Role } from '#common/roles.ts';
import type { Db } from '#server/db/db.ts';
import { parseEnv } from '#server/env.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { openTestDb } from './test-database.ts';

export const ADMIN_EMAIL = 'admin@test.np';
export const ADMIN_PASSWORD = 'a-long-password-1';
/** The password of the staff accounts signInAs makes. */
export const STAFF_PASSWORD = 'a-long-password-2';
/** What a browser sends with a state-changing request from our own pages. */
export const SAME_ORIGIN = { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' } as const;

export interface AdminTestApp {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  /** The PostgreSQL database's URL when DATABASE_URL is set (SQLite: the file in `dataDir`), for processes of their own. */
  databaseUrl: string | undefined;
  uploadsDir: string;
  /** The `cookie` header of a signed-in admin. */
  cookie: string;
  /** app.inject with the admin's cookie and the same-origin headers. */
  asAdmin: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** app.inject with only the same-origin headers: no session. */
  anonymous: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Makes a staff account of this role (password STAFF_PASSWORD) and signs it in: its `cookie` header. */
  signInAs: (email: string, role: Role, name?: string) => Promise<string>;
  close: () => Promise<void>;
}

/**
 * The real app (no pages) on a fresh database (SQLite, or PostgreSQL with DATABASE_URL; see
 * test-database.ts) in its own DATA_DIR, with one admin signed in.
 * `wrapStorage` lets a test put a failing storage in front of the real one.
 */
export async function createAdminTestApp(
  env: Record<string, string> = {},
  wrapStorage: (storage: Storage) => Storage = (s) => s,
  clock?: Clock,
  /** Where the data folder is made (a small file system of the test's own, to fill it). */
  parentDir = os.tmpdir(),
): Promise<AdminTestApp> {
  const dataDir = await fs.mkdtemp(path.join(parentDir, 'orbit-admin-'));
  const uploadsDir = path.join(dataDir, 'uploads');
  const { db, databaseUrl, cleanup } = await openTestDb(dataDir);
  // The env names the database the app runs on, as a real install's does (the backups read it).
  const parsed = parseEnv({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp({
    env: parsed,
    db,
    storage: wrapStorage(createLocalStorage(uploadsDir)),
    pages: false,
    ...(clock ? { clock } : {}),
  });
  await app.services.users.create(COMMAND_LINE_ACTOR, ADMIN_EMAIL, ADMIN_PASSWORD);

  const signIn = async (email: string, password: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email, password },
    });
    const session = login.cookies.find((c) => c.name === 'orbit_session');
    if (login.statusCode !== 200 || !session) throw new Error(`Test sign-in failed: ${login.statusCode} ${login.body}`);
    return `orbit_session=${session.value}`;
  };
  const cookie = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);

  const withHeaders = (extra: Record<string, string>) => (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...SAME_ORIGIN, ...extra, ...options.headers } });

  return {
    app,
    db,
    dataDir,
    databaseUrl,
    uploadsDir,
    cookie,
    asAdmin: withHeaders({ cookie }),
    anonymous: withHeaders({}),
    async signInAs(email, role, name) {
      await app.services.users.create(COMMAND_LINE_ACTOR, email, STAFF_PASSWORD, { role, ...(name ? { name } : {}) });
      return signIn(email, STAFF_PASSWORD);
    },
    async close() {
      await app.close();
      await cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FilePart {
  /** The part's field name; the API expects `file`. */
  name?: string;
  filename?: string;
  contentType?: string;
  body: Buffer;
}

/** A multipart/form-data body made by hand, so a test controls every byte, name and declared type. */
export function multipart(parts: (FilePart | { name: string; value: string })[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----orbit${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
      continue;
    }
    const disposition = `form-data; name="${part.name ?? 'file'}"; filename="${part.filename ?? 'photo.jpg'}"`;
    chunks.push(
      Buffer.from(`Content-Disposition: ${disposition}\r\nContent-Type: ${part.contentType ?? 'image/jpeg'}\r\n\r\n`),
    );
    chunks.push(part.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file under `dir`, relative to it (empty when the folder does not exist). */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
