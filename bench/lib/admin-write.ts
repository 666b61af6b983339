import type { Notice } from '#common/notice.ts';
import { noticePath } from '#common/notice-path.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';

/** Signs in through the API as the admin the bench started the server with; answers the session cookie. */
export async function adminCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (login.status !== 200 || !cookie) throw new Error(`The bench could not sign in: ${login.status}`);
  return cookie;
}

async function asAdmin(baseUrl: string, cookie: string, url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(`${baseUrl}${url}`, { ...init, headers: { ...init.headers, origin: baseUrl, cookie } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return res;
}

/**
 * Saves the admission status unchanged: a real admin write, which moves the content version on, so every
 * page leaves the render cache, as a notice posted on results day would.
 */
export async function emptyRenderCache(baseUrl: string, cookie: string): Promise<void> {
  const admission = (await (await fetch(`${baseUrl}/api/admission`)).json()) as { status: string };
  await asAdmin(baseUrl, cookie, '/api/admin/admission', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: admission.status }),
  });
}

/** Publishes a notice with a signed 10-page PDF attached, as the office does; answers its page's path. */
export async function publishNoticeWithPdf(baseUrl: string, cookie: string): Promise<string> {
  const created = await asAdmin(baseUrl, cookie, '/api/admin/notices', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Grade 11 entrance examination results',
      description: 'The results of the entrance examination held on Mangsir 5 are attached, signed by the principal.',
    }),
  });
  const notice = (await created.json()) as Notice;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(makePdf({ pages: 10 }))], { type: 'application/pdf' }), 'results.pdf');
  await asAdmin(baseUrl, cookie, `/api/admin/notices/${notice.id}/attachments`, { method: 'POST', body: form });
  return noticePath(notice);
}
