import { spawnSync } from 'node:child_process';
import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '#common/audit.ts';
import type { CollegeInput } from '#common/site-content/college.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page write acts as a real staff account here
import { COMMAND_LINE_ACTOR, type StaffActor, staffActor } from '#server/auth/actor.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the page write runs on the real services and database here
import { ADMIN_EMAIL, type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- a notice as the API takes it
import { buildNoticeInput } from '#server/test-support/factories.ts';
import { adminAction } from './admin/admin-action.server.ts';
import { createNotice } from './admin/admin-writes.server.ts';

// Every way a change reaches the services (the JSON API, an admin page's write, the command line) leaves
// exactly one audit entry naming who made it, and a refused change leaves none. All three on one database.
let t: AdminTestApp;
let editor: StaffActor;
const EDITOR = { email: 'clerk@test.np', password: 'a-long-clerk-password-1', name: 'Clerk' };

beforeAll(async () => {
  t = await createAdminTestApp();
  await t.db.updateTable('users').set({ name: 'Principal' }).where('email', '=', ADMIN_EMAIL).execute();
  const { services } = t.app;
  await services.users.create(COMMAND_LINE_ACTOR, EDITOR.email, EDITOR.password, { role: 'editor', name: 'Clerk' });
  const session = await services.auth.login(EDITOR.email, EDITOR.password, { address: '10.1.1.1', userAgent: '' });
  if (!('userToken' in session)) throw new Error('expected a session');
  editor = staffActor(session, false, '10.1.1.1');
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute();
});

/** The log as owners read it: GET /api/admin/audit. */
async function logEntries(): Promise<AuditEntry[]> {
  const res = await t.asAdmin({ method: 'GET', url: '/api/admin/audit' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>().entries;
}

/** A page's write as React Router hands it to the route's action, with the server's load context. */
function pageWrite(fields: Record<string, string>, actor: StaffActor) {
  const request = new Request('http://site.test/admin/addnewnotice', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'create', ...fields }),
  });
  const context = {
    currentActor: async () => actor,
    services: t.app.services,
    clientIp: actor.address,
    readForm: (request: Request) => request.formData(),
  } as unknown as AppLoadContext;
  return adminAction({ request, context, params: {} } as ActionFunctionArgs, { create: createNotice });
}

/** `npm run admin -- <args>` on the test's database, as scripts/admin.test.ts runs it. */
function commandLine(args: string[], stdin: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    input: stdin,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.databaseUrl ?? '', NODE_ENV: 'production' },
  });
  return { code: result.status, err: result.stderr };
}

describe('a refused write leaves no audit entry', () => {
  it('a notice with a title too short, through the API', async () => {
    const res = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/notices',
      payload: buildNoticeInput({ title: 'Hi' }),
    });
    expect(res.statusCode).toBe(400);
    expect(await logEntries()).toEqual([]);
  });

  it('a content save from a version someone else has saved over, through the API', async () => {
    const url = '/api/admin/content/college';
    const copy = (await t.asAdmin({ method: 'GET', url })).json<CollegeInput & { version: number }>();
    const saved = await t.asAdmin({ method: 'PUT', url, payload: { ...copy, motto: { en: 'First', ne: '' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await logEntries()).toHaveLength(1);
    await t.db.deleteFrom('audit_log').execute();

    const stale = await t.asAdmin({ method: 'PUT', url, payload: { ...copy, motto: { en: 'Second', ne: '' } } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: { code: 'content/stale' } });
    expect(await logEntries()).toEqual([]);
  });

  it('a notice with a title too short, through a page write', async () => {
    const result = await pageWrite({ title: 'Hi', description: 'The routine is on the notice board.' }, editor);
    expect(result.init?.status).toBe(400);
    expect(await logEntries()).toEqual([]);
  });

  it('an account with a password too short, from the command line', async () => {
    const refused = commandLine(['create', 'short@test.np'], 'elevenchars\n');
    expect(refused.code).toBe(1);
    expect(await logEntries()).toEqual([]);
  });
});

describe('a write by each transport leaves exactly one entry naming its actor', () => {
  it('the JSON API: the signed-in owner', async () => {
    const res = await t.asAdmin({
      method: 'POST',
      url: '/api/admin/notices',
      payload: buildNoticeInput({ title: 'Exam routine by API' }),
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await logEntries()).toEqual([
      expect.objectContaining({
        kind: 'notice-created',
        subject: 'Exam routine by API',
        actor: 'Principal',
        address: '10.9.8.7',
      }),
    ]);
  });

  it("a page write: the load context's staff actor", async () => {
    const result = await pageWrite(
      { title: 'Exam routine by page', description: 'The routine is on the notice board.' },
      editor,
    );
    expect(result.data).toMatchObject({ ok: true, message: 'Notice created successfully.' });
    expect(await logEntries()).toEqual([
      expect.objectContaining({
        kind: 'notice-created',
        subject: 'Exam routine by page',
        actor: 'Clerk',
        address: '10.1.1.1',
      }),
    ]);
  });

  it("the command line: 'command line'", { timeout: 120_000 }, async () => {
    const created = commandLine(['create', 'office@test.np'], 'a-very-long-password\n');
    expect(created.err).toBe('');
    expect(created.code).toBe(0);
    const entries = await logEntries();
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'account-added', actor: 'command line', address: 'local' }),
    ]);
    expect(entries[0]!.subject).toContain('office@test.np');
  });
});
