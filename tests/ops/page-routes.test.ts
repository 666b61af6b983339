/**
 * Every page route (everything server/pages/pages-plugin.ts serves) against the built server, React Router
 * included: a client's mistake (a method no page takes, a body no form sends, a form posted to an admin
 * page without a session) is answered 4xx or with a redirect, never 5xx, and decided before the body is
 * read. Then a fuzz over routes × methods × content types × bodies × sessions. On SQLite, and on
 * PostgreSQL when DATABASE_URL is set (`npm run test:pg` runs every operations test).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, sameOrigin, signIn, startServer } from './server-process.ts';

let server: ServerProcess;
let database: ScratchDatabase | undefined;
let dataDir: string;
/** The `cookie` header of a signed-in admin, and of a session that has ended since (signed out elsewhere). */
let cookie: string;
let endedCookie: string;
let noticeId: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-page-routes-'));
  const databaseServer = testDatabaseServer();
  database = databaseServer ? await createScratchDatabase(databaseServer, 'pages') : undefined;
  server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // High enough that the fuzz meets the forms' own answers more often than the throttles' 429.
    INQUIRY_MAX_PER_HOUR: '10000',
    LOGIN_MAX_FAILURES_PER_IP: '10000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  cookie = await signIn(server);
  endedCookie = await signIn(server);
  const logout = await send('POST', '/api/auth/logout', { cookie: endedCookie });
  expect(logout.status).toBe(204);
  const created = await send(
    'POST',
    '/api/admin/notices',
    { cookie, 'content-type': 'application/json' },
    JSON.stringify({ title: 'A notice for the fuzz', description: 'Five words or more, as every notice needs.' }),
  );
  expect(created.status).toBe(201);
  noticeId = (JSON.parse(created.body) as { id: string }).id;
});
afterAll(async () => {
  agent.destroy();
  expect(await server?.stop()).toBe(0);
  await database?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Any method (fetch refuses TRACE), with the same-origin header a page's own form sends. The body's length
 * is always stated: Node's client sends a DELETE or OPTIONS body without one, which the server then reads
 * as the start of the next request on the connection.
 */
function send(method: string, target: string, headers: Record<string, string> = {}, body?: Buffer | string) {
  const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        method,
        path: target,
        headers: { ...sameOrigin(server), ...headers, ...length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Announces a body of 5 MB but sends only its first kilobyte, and reads the head of the answer: a server
 * that answers at all has decided without reading (or waiting for) the body.
 */
function answerBeforeBody(target: string, headers: Record<string, string>): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      const end = answer.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.destroy();
      const head = answer.slice(0, end).toLowerCase();
      resolve({ status: Number(head.split(' ')[1]), head });
    });
    socket.on('error', reject);
    const lines = [`POST ${target} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, `Origin: ${server.url}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(`Content-Length: ${5 * 1024 * 1024}`, '', 'message=' + 'a'.repeat(1016));
    socket.write(lines.join('\r\n'));
  });
}

const FORM = 'application/x-www-form-urlencoded';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('a body no form sends', () => {
  it.each(['/contact', '/ne/contact', '/login'])(
    'is refused at %s with 415 and a short page, JSON, text or nothing declared',
    async (target) => {
      for (const [contentType, body] of [
        ['application/json', '{"first_name":"Sita"}'],
        ['text/plain', 'first_name=Sita'],
        [undefined, 'first_name=Sita'],
      ] as const) {
        const res = await send('POST', target, contentType ? { 'content-type': contentType } : {}, body);
        expect(res.status, `${target} ${contentType}`).toBe(415);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['accept-post']).toBe(`${FORM}, multipart/form-data`);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).toContain('<h1>Not sent</h1>');
        expect(res.body).toContain('application/x-www-form-urlencoded or multipart/form-data');
      }
    },
  );

  it('is refused before it is read', async () => {
    expect((await answerBeforeBody('/contact', { 'Content-Type': 'application/json' })).status).toBe(415);
  });

  it('is refused on an admin page too, for a signed-in admin', async () => {
    const res = await send('POST', '/admin/addnewnotice', { cookie, 'content-type': 'application/json' }, '{}');
    expect(res.status).toBe(415);
    const data = await send('POST', '/admin/addnewnotice.data', { cookie, 'content-type': 'text/plain' }, 'x');
    expect(data.status).toBe(415);
  });
});

describe('a method no page takes', () => {
  it.each(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'])(
    'is refused with 405 and Allow: GET, HEAD, POST (%s)',
    async (method) => {
      for (const target of ['/', '/contact', '/login', '/admin/addnewnotice', '/admin/addnewnotice.data']) {
        const body = method === 'TRACE' ? undefined : form({ intent: 'create', title: 'x' });
        const res = await send(method, target, { cookie, ...(body ? { 'content-type': FORM } : {}) }, body);
        expect(res.status, `${method} ${target}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD, POST');
      }
    },
  );

  it('is refused with 405 and Allow: GET, HEAD when a page has no form (React Router says so)', async () => {
    for (const target of ['/', '/notices', '/ne/gallery']) {
      const res = await send('POST', target, { 'content-type': FORM }, form({ a: 'b' }));
      expect(res.status, target).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });
});

describe('a form posted to an admin page without a session', () => {
  it('is sent to /login (303) from a document, whatever it declares, before it is read', async () => {
    for (const contentType of [FORM, 'application/json', 'text/plain']) {
      const res = await send(
        'POST',
        '/admin/addnewnotice',
        { 'content-type': contentType },
        form({ intent: 'create' }),
      );
      expect(res.status, contentType).toBe(303);
      expect(res.headers.location).toBe('/login');
    }
    const early = await answerBeforeBody('/admin/addnewnotice', { 'Content-Type': FORM });
    expect(early.status).toBe(303);
    expect(early.head).toContain('location: /login');
  });

  it('is answered 401 from a fetcher (.data), before it is read', async () => {
    for (const target of ['/admin/addnewnotice.data', '/admin.data?index']) {
      const res = await send('POST', target, { 'content-type': FORM }, form({ intent: 'create' }));
      expect(res.status, target).toBe(401);
      expect(res.body).toContain('Your session has ended. Sign in again to continue.');
    }
    expect((await answerBeforeBody('/admin/addnewnotice.data', { 'Content-Type': FORM })).status).toBe(401);
  });

  it('with an ended session cookie reaches the action, which says so and gives back what was typed', async () => {
    const typed = { intent: 'create', title: 'Typed before the session ended', description: 'Kept for the admin.' };
    // Without JavaScript: the page again, with the message and the text (tests/e2e/admin-no-javascript.spec.ts).
    const page = await send('POST', '/admin/addnewnotice', { cookie: endedCookie, 'content-type': FORM }, form(typed));
    expect(page.status).toBe(401);
    expect(page.body).toContain('Your session has ended. Sign in again to continue.');
    expect(page.body).toContain('Typed before the session ended');
    // With JavaScript: the fetcher's answer, in React Router's encoding (tests/e2e/admin-session-ended.spec.ts).
    const data = await send(
      'POST',
      '/admin/addnewnotice.data',
      { cookie: endedCookie, 'content-type': FORM },
      form(typed),
    );
    expect(data.status).toBe(401);
    expect(data.headers['x-remix-response']).toBe('yes');
    expect(data.body).toContain('auth/unauthenticated');
    expect(data.body).toContain('Typed before the session ended');
  });

  it('still reaches the action for a signed-in admin', async () => {
    const res = await send('POST', '/admin/addnewnotice.data', { cookie, 'content-type': FORM }, form({ intent: 'x' }));
    expect(res.status).toBe(400);
    expect(res.headers['x-remix-response']).toBe('yes');
  });
});

// ---- Fuzz ---------------------------------------------------------------------------------------

const PAGES = [
  '/',
  '/notices',
  '/notices?page=2',
  '/notices/:id/a-notice',
  '/gallery',
  '/contact',
  '/admission/apply',
  '/admission/status',
  '/nowhere',
  '/login',
  '/login?next=%2Fadmin%2Fnotice',
  '/welcome/not-a-real-token',
  '/admin',
  ...['featured', 'gallery', 'addnewphoto', 'notice', 'addnewnotice', 'notice/:id/edit', 'inquiries', 'vitals']
    .concat(['content', 'banner', 'audit', 'courses', 'people', 'downloads', 'staff', 'account', 'nowhere'])
    .map((p) => `/admin/${p}`),
];
const PUBLIC = [
  '/',
  '/notices',
  '/notices/:id/a-notice',
  '/gallery',
  '/contact',
  '/admission/apply',
  '/admission/status',
  '/nowhere',
];
const ROUTES = [...PAGES, ...PUBLIC.map((p) => (p === '/' ? '/ne' : `/ne${p}`))];
/** The address a page's data is fetched at (React Router's single fetch), as its runtime writes it. */
const dataAddress = (target: string) => {
  const [pathname = '', query] = target.split('?');
  const data = pathname === '/' ? '/_root.data' : `${pathname}.data`;
  return pathname === '/admin' ? `${data}?index` : query ? `${data}?${query}` : data;
};

const HOSTILE = [
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '{{7*7}}',
  '__proto__',
];
/** Values a look-up reads in full: a reference, an access key of the right shape (matching none), a B.S. year. */
const WELL_FORMED = ['ORB-2084-0001', '0123-4567-89AB-CDEF-GHJK-MNPQ-RSTV', '2068'];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...HOSTILE, ...WELL_FORMED, '', 'a'.repeat(3000), ADMIN_EMAIL),
);
const fields = fc.dictionary(
  fc.constantFrom(
    'intent',
    'title',
    'description',
    'username',
    'password',
    'code',
    'first_name',
    'email',
    'message',
    // The status page's look-up (reference and access key) and its lost key's form (with the date of birth).
    'reference',
    'access_key',
    'birth_year',
    'birth_month',
    'birth_day',
  ),
  text,
  { maxKeys: 5 },
);
const INTENTS = ['create', 'delete', 'status', 'handled', 'upload', 'save', 'code', 'x', 'send-key', 'decline'];

type Body = { kind: 'none' } | { kind: 'form'; fields: Record<string, string> } | { kind: 'bytes'; bytes: Uint8Array };
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  fc
    .tuple(fc.constantFrom(...INTENTS), fields)
    .map(([intent, f]): Body => ({ kind: 'form', fields: { intent, ...f } })),
  fc.uint8Array({ maxLength: 600 }).map((bytes): Body => ({ kind: 'bytes', bytes })),
);
const CONTENT_TYPES = [
  undefined,
  FORM,
  `${FORM}; charset=UTF-8`,
  'APPLICATION/X-WWW-FORM-URLENCODED',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data; boundary="',
  'application/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/octet-stream',
  '*/*',
  ';',
];
const contentType = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(FORM, `${FORM}; charset=UTF-8`, 'multipart/form-data; boundary=----fuzz') },
  { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);
/** Methods Fastify routes (to the pages, which take only the first three); WebDAV's end at its 404. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
const method = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST') },
  { weight: 4, arbitrary: fc.constantFrom(...METHODS) },
  { weight: 1, arbitrary: fc.constant('PROPFIND') },
);
const session = fc.constantFrom('none', 'signed-in', 'ended');

const isFormType = (type: string | undefined) =>
  /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/iu.test(type ?? '');

/** What is sent for a body: a form is encoded as its content type says (multipart with a boundary of its own). */
async function encode(b: Body, type: string | undefined): Promise<{ payload?: Buffer; type?: string }> {
  if (b.kind === 'none') return { type };
  if (b.kind === 'bytes') return { payload: Buffer.from(b.bytes), type };
  if (type?.toLowerCase().startsWith('multipart/form-data; boundary=----fuzz')) {
    const data = new FormData();
    for (const [name, value] of Object.entries(b.fields)) data.append(name, value);
    const request = new Request('http://x/', { method: 'POST', body: data });
    return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
  }
  return { payload: Buffer.from(form(b.fields)), type };
}

const seen = new Map<string, number>();

describe('fuzz: every page route, method, content type, body and session', () => {
  it('answers no 5xx, and each rule as stated', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.boolean(),
        method,
        contentType,
        body,
        session,
        async (route, asData, verb, declared, sent, who) => {
          const page = route.replace(':id', noticeId);
          const target = asData ? dataAddress(page) : page;
          const { payload, type } = await encode(sent, declared);
          const headers: Record<string, string> = {};
          if (type !== undefined && /^[\t\x20-\x7e]*$/u.test(type)) headers['content-type'] = type;
          if (who !== 'none') headers.cookie = who === 'signed-in' ? cookie : endedCookie;
          const withBody = verb !== 'GET' && verb !== 'HEAD' && verb !== 'TRACE' && payload !== undefined;
          const res = await send(verb, target, headers, withBody ? payload : undefined);
          const key = `${verb} ${res.status}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);

          expect(res.status, `${verb} ${target} ${JSON.stringify(headers)}`).toBeLessThan(500);
          const admin = /^\/admin([/.?]|$)/u.test(target);
          if (verb === 'PROPFIND') {
            expect(res.status).toBe(404);
          } else if (!['GET', 'HEAD', 'POST'].includes(verb)) {
            expect(res.status).toBe(405);
            expect(res.headers.allow).toBe('GET, HEAD, POST');
          } else if (verb === 'POST' && admin && who === 'none') {
            expect(res.status).toBe(asData ? 401 : 303);
            if (!asData) expect(res.headers.location).toBe('/login');
          } else if (verb === 'POST' && !isFormType(headers['content-type'])) {
            expect(res.status).toBe(415);
          } else if (verb !== 'POST' && admin && !asData && who !== 'signed-in') {
            expect(res.status).toBe(302);
            expect(res.headers.location).toBe('/login');
          }
        },
      ),
      { numRuns: 500 },
    );
    // FUZZ_STATS=1 prints which answers the runs reached.
    if (process.env.FUZZ_STATS) console.table(Object.fromEntries([...seen].sort()));
    // A 5xx is logged with its stack: none was, through all of this.
    expect(server.output()).not.toContain('page request failed');
    expect(server.output()).not.toMatch(/"level":(50|60)/u);
  });
});
