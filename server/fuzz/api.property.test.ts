import { COMMAND_LINE_ACTOR, publicActor } from '#server/auth/actor.ts';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type AdminTestApp,
  createAdminTestApp,
  listFiles,
  multipart,
} from '#server/test-support/admin-session.ts';
import { buildImage, buildInquiryInput, buildNoticeInput } from '#server/test-support/factories.ts';

// Property: whatever a client sends to any API route (random and hostile bodies, query strings, path
// parameters and multipart parts, signed in or not), the API answers without a 5xx, never shows a
// stack trace or SQL, and a refused request (4xx) stores nothing. Runs are bounded to keep this ~20 s.

let t: AdminTestApp;
let tinyPng: Buffer;

beforeAll(async () => {
  // Throttles high enough that validation, not the rate limit, answers most requests.
  t = await createAdminTestApp({
    INQUIRY_MAX_PER_HOUR: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '10000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
    UPLOAD_MAX_MB: '1',
  });
  tinyPng = await buildImage({ width: 24, height: 16, format: 'png' });
  await t.app.services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput());
  // A message sent through a form opened a minute earlier (the clock moves instead of waiting).
  vi.useFakeTimers({ toFake: ['Date'] });
  const { token } = await t.app.services.inquiries.issueFormToken();
  vi.setSystemTime(Date.now() + 60_000);
  await t.app.services.inquiries.submit(publicActor('192.0.2.1'), { ...buildInquiryInput(), form_token: token });
  vi.useRealTimers();
});
afterAll(async () => {
  // FUZZ_STATS=1 prints which answers the runs reached, to see that they get past the first check.
  if (process.env.FUZZ_STATS) console.table(Object.fromEntries([...stats].sort()));
  await t?.close();
});

const stats = new Map<string, number>();

// ---- What a hostile client sends ---------------------------------------------------------------

const HOSTILE = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  '1; DROP TABLE notices; --',
  "' UNION SELECT password_hash, email FROM users --",
  "1' AND sleep(5) --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\uFEFF\u202E',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  '1e309',
  '-1',
  '0',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  'a'.repeat(5000),
  'x@x',
  'admin@test.np',
  'ADMISSION OPEN',
  'gallery',
  'featured',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A body shaped like the route's (its keys, hostile values), any JSON, or a JSON object with odd keys. */
const jsonBody = (keys: readonly string[], valid: readonly unknown[] = []) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }) },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...keys, '__proto__', 'constructor'), fc.string()), hostileValue, {
      maxKeys: 4,
    }),
    ...(valid.length > 0
      ? [
          fc.constantFrom(...valid),
          // A valid body with one field made hostile: gets past the shape checks to the service and the database.
          {
            weight: 3,
            arbitrary: fc
              .tuple(fc.constantFrom(...valid), fc.constantFrom(...keys), hostileValue)
              .map(([v, k, h]) => ({ ...(v as object), [k]: h })),
          },
        ]
      : []),
  );

const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  '',
] as const;

/** How the body goes on the wire: as JSON, or as raw text under any declared type (malformed JSON included). */
const payload = (keys: readonly string[], valid: readonly unknown[] = []) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: jsonBody(keys, valid).map((b) => ({ body: JSON.stringify(b) ?? 'null', type: 'application/json' })),
    },
    fc.record({
      body: fc.oneof(hostileString, fc.constantFrom('{', '{"title":', '[1,2', '{"a":1}}', '\u0000\u0001', '')),
      type: fc.constantFrom(...CONTENT_TYPES),
    }),
  );

/** A path parameter: hostile text, URL-encoded so it reaches the route. */
const pathParam = hostileString.filter((s) => s.length > 0).map((s) => encodeURIComponent(s));

/** A query string with the route's keys and stray ones, values hostile, sometimes repeated. */
const queryString = (keys: readonly string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), hostileString), hostileString), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));

/** Multipart parts: random names, hostile file names and declared types, random bytes or a real tiny PNG. */
const multipartParts = fc.array(
  fc.oneof(
    fc.record({
      name: fc.oneof(
        fc.constant('file'),
        hostileString.map((s) => s.replace(/["\r\n]/gu, '')),
      ),
      filename: fc.oneof(
        fc.constantFrom('photo.jpg', '../../evil.php', 'a.svg', 'x.png\u0000.jpg'),
        hostileString.map((s) => s.replace(/["\r\n]/gu, '')),
      ),
      contentType: fc.constantFrom('image/jpeg', 'image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
      body: fc.oneof(
        fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
        fc.constant('png' as const),
        fc
          .constantFrom('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'GIF89a', '\xFF\xD8\xFF\xE0')
          .map((s) => Buffer.from(s)),
      ),
    }),
    fc.record({
      name: hostileString.map((s) => s.replace(/["\r\n]/gu, '') || 'f'),
      value: hostileString.map((s) => s.replace(/\r\n/gu, '')),
    }),
  ),
  { maxLength: 3 },
);

// ---- The properties -------------------------------------------------------------------------------

const STACK_TRACE = /\n\s+at\s|\bat [\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules|file:\/\/|\.tsx?:\d+/u;
const SQL_TEXT =
  /SQLITE_|sqlite|syntax error|\bselect\b[\s\S]+\bfrom\b|\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+\w+\s+set\b|postgres|\brelation\s+"|kysely|constraint failed/iu;

const TABLES = ['notices', 'images', 'inquiries', 'vitals', 'users', 'sessions', 'admission_status'] as const;

async function snapshot(): Promise<string> {
  const counts = await Promise.all(
    TABLES.map(async (table) => {
      const row = await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return `${table}=${Number(row.n)}`;
    }),
  );
  const status = await t.app.services.admission.get();
  const files = (await listFiles(t.uploadsDir)).length;
  return `${counts.join(' ')} admission=${status} files=${files}`;
}

type Who = 'admin' | 'anonymous' | 'cross-site';
type Req = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

async function send(who: Who, options: Req): Promise<LightMyRequestResponse> {
  const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  if (who === 'admin') return t.asAdmin({ ...options, remoteAddress: ip });
  if (who === 'anonymous') return t.anonymous({ ...options, remoteAddress: ip });
  return t.app.inject({
    ...options,
    remoteAddress: ip,
    headers: { ...options.headers, origin: 'https://evil.example' },
  });
}

/** Sends one request and checks the three promises; returns the response for extra checks. */
async function check(who: Who, options: Req) {
  const before = await snapshot();
  const res = await send(who, options);
  const where = `${options.method} ${options.url} as ${who} -> ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const key = `${options.method} ${String(options.url)
    .split('?')[0]
    ?.replace(/(admin\/\w+\/).+$/u, '$1:param')} ${who} ${res.statusCode}`;
  stats.set(key, (stats.get(key) ?? 0) + 1);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(STACK_TRACE);
  if (res.statusCode >= 400) {
    expect(res.body, where).not.toMatch(SQL_TEXT);
    expect(await snapshot(), `${where}\nsomething was stored by a refused request`).toBe(before);
    if (res.headers['content-type']?.toString().startsWith('application/json')) {
      expect(res.json(), where).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  }
  return res;
}

const who = fc.constantFrom<Who>('admin', 'anonymous', 'cross-site');
const RUNS = { numRuns: 100, endOnFailure: true } as const;

function withBody(method: InjectOptions['method'], url: string, p: { body: string; type: string }): Req {
  return { method, url, payload: p.body, headers: p.type ? { 'content-type': p.type } : {} };
}

describe('every API route, fed random and hostile input', () => {
  it('public reads: GET /api/notices, /api/images, /api/admission, /api/health, /api/auth/session', async () => {
    const routes = [
      { path: '/api/notices', keys: ['limit'] },
      { path: '/api/images', keys: ['folder'] },
      { path: '/api/admission', keys: ['status'] },
      { path: '/api/health', keys: ['verbose'] },
      { path: '/api/auth/session', keys: ['token'] },
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queryString(['limit', 'folder']), who, async (route, qs, w) => {
        await check(w, { method: 'GET', url: `${route.path}${qs ? `?${qs}` : ''}` });
      }),
      { ...RUNS, numRuns: 150 },
    );
  });

  it('POST /api/auth/login', async () => {
    const valid = [
      { email: ADMIN_EMAIL, password: 'wrong-password-123' },
      { email: 'nobody@test.np', password: ADMIN_PASSWORD },
    ];
    await fc.assert(
      fc.asyncProperty(payload(['email', 'password'], valid), who, async (p, w) => {
        await check(w, withBody('POST', '/api/auth/login', p));
      }),
      // Every well-formed attempt costs a real scrypt hash (on purpose): keep the count small.
      { ...RUNS, numRuns: 25 },
    );
  });

  it('POST /api/auth/logout, signed out or from another site', async () => {
    await fc.assert(
      fc.asyncProperty(payload(['all']), fc.constantFrom<Who>('anonymous', 'cross-site'), async (p, w) => {
        await check(w, withBody('POST', '/api/auth/logout', p));
      }),
      { ...RUNS, numRuns: 20 },
    );
  });

  it('POST /api/inquiries', async () => {
    const valid = [buildInquiryInput(), buildInquiryInput({ website: 'http://spam.example' })];
    const keys = ['first_name', 'last_name', 'phone', 'email', 'subject', 'message', 'website'];
    await fc.assert(
      fc.asyncProperty(payload(keys, valid), who, async (p, w) => {
        await check(w, withBody('POST', '/api/inquiries', p));
      }),
      RUNS,
    );
  });

  it('POST /api/vitals', async () => {
    const valid = [{ route: '/', metrics: [{ name: 'LCP', value: 1200 }] }];
    await fc.assert(
      fc.asyncProperty(payload(['route', 'metrics'], valid), who, async (p, w) => {
        await check(w, withBody('POST', '/api/vitals', p));
      }),
      RUNS,
    );
  });

  it('admin writes: PUT /api/admin/admission, POST /api/admin/notices', async () => {
    const targets = [
      { method: 'PUT' as const, url: '/api/admin/admission', keys: ['status'], valid: [{ status: 'ADMISSION OPEN' }] },
      {
        method: 'POST' as const,
        url: '/api/admin/notices',
        keys: ['title', 'description', 'link'],
        valid: [buildNoticeInput()],
      },
    ];
    const request = fc
      .constantFrom(...targets)
      .chain((target) => payload(target.keys, target.valid).map((p) => ({ target, p })));
    await fc.assert(
      fc.asyncProperty(request, who, async ({ target, p }, w) => {
        await check(w, withBody(target.method, target.url, p));
      }),
      RUNS,
    );
  });

  it('admin routes with a path parameter: notices, images and inquiries by id, images by folder', async () => {
    const request = fc.oneof(
      fc.record({
        method: fc.constant('DELETE' as const),
        base: fc.constantFrom('/api/admin/notices/', '/api/admin/images/', '/api/admin/inquiries/'),
        param: pathParam,
        p: fc.constant({ body: '', type: '' }),
      }),
      fc.record({
        method: fc.constant('PATCH' as const),
        base: fc.constant('/api/admin/inquiries/'),
        param: pathParam,
        p: payload(['handled'], [{ handled: true }]),
      }),
      fc.record({
        method: fc.constant('GET' as const),
        base: fc.constant('/api/admin/images/'),
        param: fc.oneof(pathParam, fc.constantFrom('gallery', 'featured')),
        p: fc.constant({ body: '', type: '' }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(request, who, async ({ method, base, param, p }, w) => {
        const url = `${base}${param}`;
        await check(w, p.type ? withBody(method, url, p) : { method, url });
      }),
      RUNS,
    );
  });

  it('admin reads: GET /api/admin/inquiries, /api/admin/vitals, and unknown admin paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/admin/inquiries',
          '/api/admin/vitals',
          '/api/admin/users',
          '/api/admin/../users',
          '/api/admin/notices',
        ),
        queryString(['limit', 'days']),
        fc.constantFrom<InjectOptions['method']>('GET', 'POST', 'PUT', 'DELETE'),
        who,
        async (path, qs, method, w) => {
          await check(w, { method, url: `${path}${qs ? `?${qs}` : ''}` });
        },
      ),
      RUNS,
    );
  });

  it('POST /api/admin/images/:folder with random multipart parts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('gallery', 'featured', 'other', '..%2f..'),
        multipartParts,
        who,
        async (folder, parts, w) => {
          const body = multipart(
            parts.map((part) => ('body' in part ? { ...part, body: part.body === 'png' ? tinyPng : part.body } : part)),
          );
          const res = await check(w, {
            method: 'POST',
            url: `/api/admin/images/${folder}`,
            payload: body.payload,
            headers: body.headers,
          });
          // Whatever the client named its file, the server never stores that name.
          if (res.statusCode === 201) {
            const files = await listFiles(t.uploadsDir);
            expect(
              files.every((f) => /^img\/[0-9a-f-]{36}\//u.test(f)),
              files.join('\n'),
            ).toBe(true);
          }
        },
      ),
      { ...RUNS, numRuns: 80 },
    );
  });
});
