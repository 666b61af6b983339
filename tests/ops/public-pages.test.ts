/**
 * The built server as visitors meet it: public pages served from the render cache (ETag, 304, the next
 * request after a change), /notices in pages of 20, and page forms that refuse what they must before
 * reading it.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, sameOrigin, signIn, startServer } from './server-process.ts';

let server: ServerProcess;
let cookie: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-pages-'));
  server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD });
  cookie = await signIn(server);
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function createNotice(title: string): Promise<void> {
  const res = await fetch(`${server.url}/api/admin/notices`, {
    method: 'POST',
    headers: { ...sameOrigin(server), cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title, description: 'Five words or more, as every notice needs.' }),
  });
  expect(res.status).toBe(201);
}

/**
 * Announces a body of `bytes` but sends only its first kilobyte, then reads the answer: a server that
 * answers at all has decided from the Content-Length alone, without reading (or waiting for) the body.
 */
function announceLargeForm(path: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/iu.exec(head)?.[1] ?? Number.NaN);
      if (Buffer.byteLength(body) >= length) {
        socket.destroy();
        resolve({ status: Number(head.split(' ')[1]), body });
      }
    });
    socket.on('error', reject);
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${server.port}`,
        `Origin: ${server.url}`,
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${bytes}`,
        '',
        'message=' + 'a'.repeat(1016),
      ].join('\r\n'),
    );
  });
}

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const cards = (html: string) => html.match(/<article/gu)?.length ?? 0;

describe('public pages from the render cache', () => {
  it('answers 304 to a repeat visit, and the new page on the very next request after a change', async () => {
    const first = await page('/', { 'accept-encoding': 'br' });
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/u);
    const revalidated = await page('/', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    // The browser keeps the page's policy: a policy on the 304 would replace it (an API's 'none' unstyled the page).
    expect(revalidated.headers.get('content-security-policy')).toBeNull();
    expect(first.headers.get('content-security-policy')).toContain("style-src 'self' 'unsafe-inline'");
    // A public page writes no inline script, so its policy carries no nonce.
    expect(first.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/u);
    // The same page for everyone is not isolated from its opener (no new browser process per arrival).
    expect(first.headers.get('cross-origin-opener-policy')).toBeNull();

    await createNotice('Results are out today');
    const after = await page('/', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('Results are out today');
  });

  it('renders a page without the parameters no page reads, so its cached copy cannot carry them to others', async () => {
    const shared = await (await page('/notices?fbclid=visitor-1234&utm_source=facebook&page=1')).text();
    expect(shared).not.toContain('visitor-1234');
    expect(shared).not.toContain('utm_source');
    expect(shared).toContain('href="/ne/notices?page=1"');
    const plain = await (await page('/notices?page=1')).text();
    expect(plain).toBe(shared);
  });

  it('never lets anyone keep the contact page (its form carries a token) or an admin answer', async () => {
    expect((await page('/contact')).headers.get('cache-control')).toBe('private, no-store');
    // The application's form carries a token, and the status page answers an applicant's application.
    expect((await page('/admission/apply')).headers.get('cache-control')).toBe('private, no-store');
    expect((await page('/ne/admission/status')).headers.get('cache-control')).toBe('private, no-store');
    const admin = await page('/admin', { cookie });
    expect(admin.headers.get('cache-control')).toBe('private, no-store');
    // The admin's runtime writes inline scripts: its policy names this response's nonce.
    expect(admin.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[\w+/=]+'/u);
    // Anything personal is isolated from the window that opened it, the sign-in page included.
    expect(admin.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect((await page('/login')).headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });
});

describe('/notices', () => {
  it('shows 20 notices a page, newest first, with older and newer links that need no JavaScript', async () => {
    for (let i = 1; i <= 24; i++) await createNotice(`Paged notice number ${String(i).padStart(2, '0')}`);
    const first = await (await page('/notices')).text();
    expect(cards(first)).toBe(20);
    expect(first).toContain('Paged notice number 24');
    expect(first).toMatch(/<a[^>]*href="\/notices\?page=2"[^>]*>(?:[^<]|<!-- -->)*Older notices/u);

    const second = await (await page('/notices?page=2')).text();
    expect(cards(second)).toBe(5);
    expect(second).toContain('Results are out today');
    // React separates the arrow and the words with an empty comment.
    expect(second).toMatch(/<a[^>]*href="\/notices"[^>]*>(?:[^<]|<!-- -->)*Newer notices/u);

    const past = await page('/notices?page=9');
    expect(past.url).toMatch(/\/notices$/u);
  });
});

describe('page forms', () => {
  const post = (path: string, body: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...sameOrigin(server), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  it('refuses a 5 MB body to /login and /contact with 413, before reading it', async () => {
    for (const path of ['/login', '/contact']) {
      const res = await announceLargeForm(path, 5 * 1024 * 1024);
      expect(res.status, path).toBe(413);
      expect(res.body).toContain('larger than this form accepts');
    }
  });

  it('refuses a NUL character in a form field with 400', async () => {
    const res = await post('/contact', 'first_name=Si%00ta&message=hello');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('NUL');
  });

  it('still signs in through the login form', async () => {
    const res = await fetch(`${server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...sameOrigin(server), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin');
    expect(res.headers.get('set-cookie')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
