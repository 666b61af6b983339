import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { action } from '../routes/login.tsx';

// The login page's action, the only way the site's pages sign in. The cookies themselves come from
// server/auth/session-cookie.ts (tested there and through the API); here the context stands in for them.

const SESSION = ['orbit_pending_sign_in=; Max-Age=0', 'orbit_session=secret; HttpOnly'];

/** A refusal as the services throw it (server/errors.ts AppError): status, code, message, headers. */
const refusal = (statusCode: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Object.assign(new Error(message), { statusCode, code, headers });

function post(fields: Record<string, string>, signIn: () => Promise<unknown>) {
  const request = new Request('http://site.test/login', { method: 'POST', body: new URLSearchParams(fields) });
  const context = {
    signIn,
    signInWithCode: signIn,
    readForm: (request: Request) => request.formData(),
  } as unknown as AppLoadContext;
  return action({ request, context, params: {} } as unknown as ActionFunctionArgs) as Promise<unknown>;
}

/** What React Router sends for `data(value, init)`: the value and its status and headers. */
function answer(result: unknown) {
  const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } };
  return { data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
}

describe('the login page action', () => {
  it('without script, signs in and sends the browser on to next with the session cookie', async () => {
    const signedIn = async () => ({ setCookie: SESSION, userToken: 'public-id' });
    const res = (await post({ username: 'a@b.np', password: 'pw', next: '/admin/notice' }, signedIn)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/notice');
    expect(res.headers.getSetCookie()).toEqual(SESSION);
  });

  it("with script, answers as every form does, with the session's public id and the same cookie", async () => {
    const signedIn = async () => ({ setCookie: SESSION, userToken: 'public-id' });
    const { data, status, headers } = answer(await post({ username: 'a@b.np', password: 'pw', script: '1' }, signedIn));
    expect(status).toBe(200);
    expect(data).toEqual({ ok: true, message: 'Login successful.', step: 'password', userToken: 'public-id' });
    expect(headers.getSetCookie()).toEqual(SESSION);
  });

  it('asks for the code when two-factor is on, with the pending cookie and no session', async () => {
    const pending = async () => ({ setCookie: ['orbit_pending_sign_in=p'], userToken: null });
    const { data, headers } = answer(await post({ username: 'a@b.np', password: 'pw' }, pending));
    expect(data).toEqual({ ok: true, message: null, step: 'code' });
    expect(headers.getSetCookie()).toEqual(['orbit_pending_sign_in=p']);
  });

  it('refuses a wrong password with the words to show and the e-mail as typed, never the password', async () => {
    const wrong = () => Promise.reject(refusal(401, 'auth/invalid-credential', 'Wrong e-mail or password.'));
    const { data, status } = answer(await post({ username: 'a@b.np', password: 'secret-typed' }, wrong));
    expect(status).toBe(401);
    expect(data).toEqual({
      ok: false,
      title: null,
      code: 'auth/invalid-credential',
      message: 'invalid-credential: the e-mail or password is wrong.',
      values: { username: 'a@b.np' },
      step: 'password',
    });
    expect(JSON.stringify(data)).not.toContain('secret-typed');
  });

  it('says beside the field what a refusal about one field is', async () => {
    const noPassword = () => Promise.reject(refusal(400, 'auth/missing-password', 'Enter the password.'));
    const { data } = answer(await post({ username: 'a@b.np', password: '' }, noPassword));
    expect(data).toMatchObject({ message: 'missing-password: enter your password.' });
    expect(data.fieldErrors).toEqual({ password: 'Enter the password.' });
  });

  it("says how long a throttled sign-in must wait, from the refusal's Retry-After", async () => {
    const locked = () =>
      Promise.reject(refusal(429, 'auth/too-many-requests', 'Too many.', { 'retry-after': String(14 * 60 - 20) }));
    const { data, status, headers } = answer(await post({ username: 'a@b.np', password: 'pw' }, locked));
    expect(status).toBe(429);
    expect(headers.get('retry-after')).toBe('820');
    expect(data.message).toBe('too-many-requests: too many tries; wait 14 minutes.');
  });

  it('stays on the code step after a wrong code, and goes back to the password when the sign-in expired', async () => {
    const wrongCode = () => Promise.reject(refusal(401, 'auth/invalid-code', 'Wrong code.'));
    expect(answer(await post({ intent: 'code', code: '000000' }, wrongCode)).data).toMatchObject({
      step: 'code',
      values: {},
    });
    const expired = () => Promise.reject(refusal(401, 'auth/code-expired', 'Expired.'));
    expect(answer(await post({ intent: 'code', code: '000000' }, expired)).data).toMatchObject({ step: 'password' });
  });

  it('lets a fault that is no refusal through to the error page', async () => {
    await expect(
      post({ username: 'a', password: 'b' }, () => Promise.reject(new Error('disk on fire'))),
    ).rejects.toThrow('disk on fire');
  });
});
