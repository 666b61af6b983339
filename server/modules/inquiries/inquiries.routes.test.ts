import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type InquiryFormToken, type InquiryInput, INQUIRY_FORM_TIMING } from '#common/inquiry.ts';
import { en } from '#common/i18n/en.ts';
import { buildInquiryInput, chars } from '#server/test-support/factories.ts';
import { HASTY_FORM_SECONDS } from '#server/rate-limit/hasty-forms.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

const MAX_PER_HOUR = 3;
const MAX_PER_EMAIL = 2;
const t = await createTestApp({
  INQUIRY_MAX_PER_HOUR: String(MAX_PER_HOUR),
  INQUIRY_MAX_PER_EMAIL_PER_HOUR: String(MAX_PER_EMAIL),
});
// Only the clock is fake: the form's age is moved forward instead of waited for.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00.000Z') });
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const MIN_MS = INQUIRY_FORM_TIMING.minSeconds * 1000;
const MAX_MS = INQUIRY_FORM_TIMING.maxAgeHours * 3_600_000;
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

let ipCounter = 0;
/** Each test sends from its own address, so throttling in one test never leaks into another. */
const freshIp = () => `192.0.2.${++ipCounter}`;
let emailCounter = 0;
const freshEmail = () => `parent${++emailCounter}@example.com`;

async function getFormToken(): Promise<InquiryFormToken> {
  const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' });
  expect(res.statusCode).toBe(200);
  return res.json<InquiryFormToken>();
}

/** The token of a form opened a moment ago, as a person who took their time would send it. */
async function filledInForm(): Promise<string> {
  const { token } = await getFormToken();
  advance(HASTY_FORM_SECONDS.inquiry * 1000 + 5000);
  return token;
}

/** Posts `payload` with a fresh, old-enough form token unless the payload brings its own (or `form_token: undefined`). */
async function send(payload: Partial<InquiryInput> | Record<string, unknown>, ip = freshIp()) {
  const body = 'form_token' in payload ? payload : { ...payload, form_token: await filledInForm() };
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: ip,
    payload: body,
  });
}

beforeEach(async () => {
  await t.db.deleteFrom('inquiries').execute();
});

describe('POST /api/inquiries', () => {
  it('refuses a text/plain body (what a cross-site form could send) with 415 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { origin: t.env.siteUrl, 'content-type': 'text/plain' },
      payload: JSON.stringify(buildInquiryInput()),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'unsupported-media-type' } });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toHaveLength(0);
  });

  it('stores a valid message and answers 201', async () => {
    const res = await send(buildInquiryInput({ subject: 'Hostel facilities' }));

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true, message: expect.stringContaining('Thank you') });
    const stored = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(stored).toEqual([
      {
        id: expect.any(String),
        firstName: 'Sita',
        lastName: 'Sharma',
        phone: '+977 9841000000',
        email: 'sita@example.com',
        subject: 'Hostel facilities',
        message: buildInquiryInput().message,
        state: 'new',
        handled: false,
        createdAt: expect.any(String),
        // Neither e-mail nor SMS is set up in this app: the office is told so, and whom to call.
        replyRoute: {
          channel: 'none',
          why: 'Cannot be sent: e-mail is not set up, and SMS is not set up — call +977 9841000000.',
          call: '+977 9841000000',
        },
        replies: [],
      },
    ]);
  });

  it('keeps the line breaks of the message, which may have several lines', async () => {
    expect(
      (await send(buildInquiryInput({ email: freshEmail(), message: 'Dear office,\nWhen does the term start?' })))
        .statusCode,
    ).toBe(201);
    const [stored] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(stored).toMatchObject({ message: 'Dear office,\nWhen does the term start?' });
  });

  it('trims the fields before storing them', async () => {
    await send(buildInquiryInput({ first_name: '  Ram  ', subject: ' Fees ' }));
    const [stored] = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(stored).toMatchObject({ firstName: 'Ram', subject: 'Fees' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty first name', { first_name: '' }, 'First name is required.'],
    ['a blank first name', { first_name: '   ' }, 'First name is required.'],
    ['a missing first name', { first_name: undefined }, 'First name is required.'],
    ['a first name that is not text', { first_name: 42 }, 'First name must be text.'],
    ['a first name over 60 characters', { first_name: chars(61) }, 'First name must be at most 60 characters.'],
    ['an empty last name', { last_name: '' }, 'Last name is required.'],
    ['neither a phone nor an email', { phone: '', email: '' }, en.formMessages.phoneOrEmail],
    ['a landline and no email', { phone: '056-520000', email: '' }, en.formMessages.phoneOrEmail],
    ['a phone with letters', { phone: 'call me' }, 'Enter a valid contact number.'],
    ['a phone that is too short', { phone: '12345' }, 'Enter a valid contact number.'],
    ['an email without a domain', { email: 'sita@' }, 'Enter a valid email address.'],
    ['an empty subject', { subject: '' }, 'Subject is required.'],
    ['a subject over 120 characters', { subject: chars(121) }, 'Subject must be at most 120 characters.'],
    ['an empty message', { message: '' }, 'Message is required.'],
    ['a message over 3000 characters', { message: chars(3001) }, 'Message must be at most 3000 characters.'],
    // A line break in a name or the subject would forge a line of the office's alert.
    [
      'a last name with a line break',
      { last_name: 'Sharma\nReply to: 9800000000' },
      'Last name must be on one line: remove the line break.',
    ],
    ['a first name with a carriage return', { first_name: 'Sita\rX' }, en.formMessages.oneLine('First name')],
    ['a subject with a line separator', { subject: 'Fees\u2028Urgent' }, en.formMessages.oneLine('Subject')],
    [
      'a first name with an escape character',
      { first_name: 'Sita\u001b[2J' },
      en.formMessages.notAllowedCharacter('First name'),
    ],
  ])('refuses %s with a clear message and stores nothing', async (_case, change, message) => {
    const res = await send({ ...buildInquiryInput(), ...change });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message } });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);
  });

  it('refuses a body that is not JSON and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { origin: t.env.siteUrl, 'content-type': 'application/json' },
      payload: '{"first_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad-request', message: expect.any(String) } });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { origin: 'https://evil.example' },
      payload: buildInquiryInput(),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);
  });

  it('answers a filled honeypot exactly like a person, but stores nothing', async () => {
    const person = await send(buildInquiryInput({ email: freshEmail() }));
    await t.db.deleteFrom('inquiries').execute();
    const bot = await send(buildInquiryInput({ email: freshEmail(), website: 'https://spam.example' }));

    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual(person.json());
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);
  });

  it(`answers 429 with Retry-After once an address has sent ${MAX_PER_HOUR} messages in an hour`, async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_HOUR; i++) {
      expect((await send(buildInquiryInput({ email: freshEmail() }), ip)).statusCode).toBe(201);
    }

    const res = await send(buildInquiryInput({ subject: 'One too many', email: freshEmail() }), ip);

    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: {
        code: 'inquiry/too-many-requests',
        message: 'You have sent several messages already. Please try again later or call us.',
      },
    });
    const retryAfter = Number(res.headers['retry-after']);
    // The clock moved a few seconds for each form filled in since the first message.
    expect(retryAfter).toBeGreaterThan(3400);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = await t.services.inquiries.list(COMMAND_LINE_ACTOR);
    expect(stored).toHaveLength(MAX_PER_HOUR);
    expect(stored.map((s) => s.subject)).not.toContain('One too many');

    // Another address is not affected.
    expect((await send(buildInquiryInput({ email: freshEmail() }))).statusCode).toBe(201);
  });
});

describe('the form token', () => {
  it('GET /api/inquiries/form-token gives a token usable after the minimum time and for a day, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, usableFrom, expiresAt } = res.json<InquiryFormToken>();
    expect(token).toMatch(/^[0-9a-z]+\.[\w-]{22}\.[\w-]{43}$/u);
    expect(Date.parse(usableFrom)).toBe(Date.now() + MIN_MS);
    expect(Date.parse(expiresAt)).toBe(Date.now() + MAX_MS);
    const doc = t.app.swagger() as { paths: Record<string, object> };
    expect(doc.paths['/api/inquiries/form-token']).toHaveProperty('get');
  });

  it('refuses a message sent sooner than the minimum time after the form was opened, then takes it', async () => {
    const { token } = await getFormToken();
    advance(MIN_MS - 1);
    const tooFast = await send({ ...buildInquiryInput({ email: freshEmail() }), form_token: token });
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json()).toEqual({
      error: { code: 'inquiry/too-fast', message: 'Please take a moment to fill in the form before sending.' },
    });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);

    advance(1);
    const inTime = await send({ ...buildInquiryInput({ email: freshEmail() }), form_token: token });
    expect(inTime.statusCode).toBe(201);
  });

  it('takes a form open for exactly the maximum age and refuses one open a moment longer', async () => {
    const [a, b] = [await getFormToken(), await getFormToken()];
    advance(MAX_MS);
    const lastMoment = await send({ ...buildInquiryInput({ email: freshEmail() }), form_token: a.token });
    expect(lastMoment.statusCode).toBe(201);
    advance(1);
    const expired = await send({ ...buildInquiryInput({ email: freshEmail() }), form_token: b.token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { code: 'inquiry/form-expired' } });
  });

  it.each<[string, (token: string) => string | undefined]>([
    ['no token', () => undefined],
    ['an empty token', () => ''],
    ['a token that is not one', () => 'hello'],
    ['a token with another signature', (token) => `${token.slice(0, -43)}${'A'.repeat(43)}`],
    [
      'a token whose time was moved back',
      (token) => token.replace(/^[0-9a-z]+/u, (ms) => (parseInt(ms, 36) - 60_000).toString(36)),
    ],
  ])('refuses a message with %s, with a message the visitor can act on', async (_case, tamper) => {
    const form_token = tamper(await filledInForm());
    const res = await send({ ...buildInquiryInput({ email: freshEmail() }), form_token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'inquiry/form-invalid',
        message: 'This form could not be checked. Please check your message and press Send again.',
      },
    });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toEqual([]);
  });

  it('takes one message per form: the same token sent again is refused', async () => {
    const form_token = await filledInForm();
    expect((await send({ ...buildInquiryInput({ email: freshEmail() }), form_token })).statusCode).toBe(201);
    const again = await send({ ...buildInquiryInput({ email: freshEmail() }), form_token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { code: 'inquiry/form-used' } });
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toHaveLength(1);
  });
});

describe('the limit per e-mail address', () => {
  it(`answers 429 after ${MAX_PER_EMAIL} messages an hour from one mailbox, however it is written`, async () => {
    const spellings = ['Ram.Thapa@Example.com', ' ram.thapa+fees@example.com '];
    for (const email of spellings) expect((await send(buildInquiryInput({ email }))).statusCode).toBe(201);
    const res = await send(buildInquiryInput({ email: 'RAM.THAPA+again@example.com' }));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: { code: 'inquiry/too-many-requests' } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toHaveLength(MAX_PER_EMAIL);
    // Another parent is not affected.
    expect((await send(buildInquiryInput({ email: freshEmail() }))).statusCode).toBe(201);
  });
});
