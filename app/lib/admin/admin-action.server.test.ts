import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_BUSY, SESSION_ENDED } from '#common/api-error.ts';
import { type AdminWrite, adminAction } from './admin-action.server.ts';
import { permissionOrEndedWrite, requirePermission } from './admin-guard.server.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';
import { createNotice } from './admin-writes.server.ts';

const actor = { kind: 'staff', userId: 'u1', email: 'admin@orbit.test', role: 'editor', twoFactorPending: false };

/** A load context with just what the admin action reads: who acts (resolved by the server), and the services. */
function contextWith(signedIn: boolean, services: Record<string, unknown> = {}, twoFactorPending = false) {
  const who = signedIn ? { ...actor, twoFactorPending } : null;
  return {
    currentActor: async () => who,
    services,
    readForm: (request: Request) => request.formData(),
  } as unknown as AppLoadContext;
}

function post(context: AppLoadContext, fields: Record<string, string>): ActionFunctionArgs {
  const request = new Request('http://site.test/admin/addnewnotice', {
    method: 'POST',
    body: new URLSearchParams(fields),
  });
  return { request, context, params: {} } as ActionFunctionArgs;
}

/** The services the add-notice write reaches when no file is sent: the notice's creation, and no kept files. */
const noticeServices = (createWithAttachments: (...args: unknown[]) => unknown) => ({
  notices: { createWithAttachments },
  attachments: { pending: async () => [], dropPending: async () => undefined },
});

const validNotice = { intent: 'create', title: 'Exam routine', description: 'The routine is on the notice board.' };

/** The status and body of an action's answer (React Router's `data()`). */
const answer = (result: Awaited<ReturnType<typeof adminAction>>) => ({
  status: result.init?.status ?? 200,
  body: result.data,
});

describe('adminAction', () => {
  it('while two-factor sign-in is required and not on, refuses every write outside the Account page', async () => {
    const create = vi.fn(async () => ({}));
    const context = contextWith(true, { notices: { create } }, true);
    const { status, body } = answer(await adminAction(post(context, validNotice), { create: createNotice }));
    expect(status).toBe(403);
    expect(body).toMatchObject({ ok: false, code: 'two-factor/required', values: { title: 'Exam routine' } });
    expect(create).not.toHaveBeenCalled();
  });

  it("creates a notice through the notices service and answers with the specification's words", async () => {
    const create = vi.fn(async () => ({}));
    const context = contextWith(true, noticeServices(create));
    const { status, body } = answer(await adminAction(post(context, validNotice), { create: createNotice }));
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, message: 'Notice created successfully.' });
    // Fields the form leaves empty travel as typed; the service's schema turns them into defaults.
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'staff', userId: 'u1' }),
      {
        title: 'Exam routine',
        description: validNotice.description,
        link: '',
        category: '',
        referenceNo: '',
        publishAt: '',
        pinnedUntil: '',
        language: '',
      },
      [],
    );
  });

  it('refuses each field with the shared schema’s words and sends the typed values back', async () => {
    const create = vi.fn();
    const context = contextWith(true, noticeServices(create));
    const fields = { intent: 'create', title: 'Hi', description: 'Too short', link: '' };
    const { status, body } = answer(await adminAction(post(context, fields), { create: createNotice }));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      title: 'Failed to create notice.',
      fieldErrors: {
        title: 'Title must be at least 5 characters.',
        description: 'Description must be at least 5 words.',
      },
      values: { title: 'Hi', description: 'Too short', link: '' },
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('saves the B.S. dates chosen in the form as the A.D. times the notice API takes', async () => {
    const create = vi.fn(async () => ({}));
    const context = contextWith(true, noticeServices(create));
    const dates = {
      ...{ publishAtDay: '6', publishAtMonth: '8', publishAtYear: '2083', publishAtTime: '10:00' },
      ...{ pinnedUntilDay: '14', pinnedUntilMonth: '8', pinnedUntilYear: '2083' },
    };
    const { status } = answer(await adminAction(post(context, { ...validNotice, ...dates }), { create: createNotice }));
    expect(status).toBe(200);
    expect(create).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ publishAt: '2026-11-22T10:00', pinnedUntil: '2026-11-30' }),
      [],
    );
  });

  it('refuses a B.S. day its month lacks by the field’s name, and sends the chosen parts back', async () => {
    const create = vi.fn();
    const context = contextWith(true, noticeServices(create));
    const dates = { publishAtDay: '32', publishAtMonth: '8', publishAtYear: '2083', publishAtTime: '10:00' };
    const { status, body } = answer(
      await adminAction(post(context, { ...validNotice, ...dates }), { create: createNotice }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({
      fieldErrors: { publishAt: expect.stringMatching(/^Publish at: 32 Mangsir 2083 B\.S\. has no such day/u) },
      values: dates,
    });
    expect(create).not.toHaveBeenCalled();
  });

  it('says the session has ended, keeps the values, and lets the same request show the form again', async () => {
    const context = contextWith(false);
    const { status, body } = answer(await adminAction(post(context, validNotice), { create: createNotice }));
    expect(status).toBe(401);
    expect(body).toMatchObject({ ok: false, code: SESSION_ENDED.code, message: SESSION_ENDED.message });
    expect(body).toMatchObject({ values: { title: 'Exam routine' } });
    // The page's loaders, run after the action in the same request, now answer instead of moving to /login.
    await expect(permissionOrEndedWrite(context, 'notices.edit')).resolves.toBeNull();
    await expect(requirePermission(context, 'notices.edit')).rejects.toMatchObject({ init: { status: 401 } });
  });

  it('moves a signed-out visit without a refused write to /login', async () => {
    await expect(requirePermission(contextWith(false), 'notices.edit')).rejects.toMatchObject({ status: 302 });
    await expect(permissionOrEndedWrite(contextWith(false), 'notices.edit')).rejects.toMatchObject({ status: 302 });
  });

  it("answers a service's refusal with its status, code, words and headers", async () => {
    const busy = Object.assign(new Error(DATABASE_BUSY.message), {
      statusCode: 503,
      code: DATABASE_BUSY.code,
      headers: { 'retry-after': '3' },
    });
    const write: AdminWrite = {
      action: 'notices.edit',
      messages: ADMIN_MESSAGES.noticeDelete,
      run: () => Promise.reject(busy),
    };
    const result = await adminAction(post(contextWith(true), { intent: 'delete', id: 'n1' }), { delete: write });
    expect(answer(result)).toEqual({
      status: 503,
      body: {
        ok: false,
        title: 'Failed to delete notice.',
        code: 'database/busy',
        message: DATABASE_BUSY.message,
        values: { id: 'n1' },
      },
    });
    expect(result.init?.headers).toEqual({ 'retry-after': '3' });
  });

  it('keeps the details of an unexpected fault for the log and answers in general words', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const write: AdminWrite = {
      action: 'notices.edit',
      messages: ADMIN_MESSAGES.noticeDelete,
      run: () => Promise.reject(new Error('SQLITE_CORRUPT')),
    };
    const { status, body } = answer(
      await adminAction(post(contextWith(true), { intent: 'delete' }), { delete: write }),
    );
    expect(status).toBe(500);
    expect(body).toMatchObject({ code: 'internal', message: 'Something went wrong on our side.' });
    expect(JSON.stringify(body)).not.toContain('SQLITE');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('refuses an intent the page does not offer, before looking at the session', async () => {
    const { status, body } = answer(
      await adminAction(post(contextWith(false), { intent: 'drop' }), { create: createNotice }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, code: 'bad-request' });
  });
});
