import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { InquiryInput } from '#common/inquiry.ts';
import { buildInquiryInput, chars } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

const MAX_PER_HOUR = 3;
const t = await createTestApp({ INQUIRY_MAX_PER_HOUR: String(MAX_PER_HOUR) });
afterAll(() => t.close());

let ipCounter = 0;
/** Each test sends from its own address, so throttling in one test never leaks into another. */
const freshIp = () => `192.0.2.${++ipCounter}`;

function send(payload: Partial<InquiryInput> | Record<string, unknown>, ip = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: ip,
    payload,
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
    expect(await t.services.inquiries.list()).toHaveLength(0);
  });

  it('stores a valid message and answers 201', async () => {
    const res = await send(buildInquiryInput({ subject: 'Hostel facilities' }));

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true, message: expect.stringContaining('Thank you') });
    const stored = await t.services.inquiries.list();
    expect(stored).toEqual([
      {
        id: expect.any(String),
        firstName: 'Sita',
        lastName: 'Sharma',
        phone: '+977 9841000000',
        email: 'sita@example.com',
        subject: 'Hostel facilities',
        message: buildInquiryInput().message,
        handled: false,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('trims the fields before storing them', async () => {
    await send(buildInquiryInput({ first_name: '  Ram  ', subject: ' Fees ' }));
    const [stored] = await t.services.inquiries.list();
    expect(stored).toMatchObject({ firstName: 'Ram', subject: 'Fees' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty first name', { first_name: '' }, 'First name is required.'],
    ['a blank first name', { first_name: '   ' }, 'First name is required.'],
    ['a missing first name', { first_name: undefined }, 'First name is required.'],
    ['a first name that is not text', { first_name: 42 }, 'First name must be text.'],
    ['a first name over 60 characters', { first_name: chars(61) }, 'First name must be at most 60 characters.'],
    ['an empty last name', { last_name: '' }, 'Last name is required.'],
    ['an empty phone', { phone: '' }, 'Contact number is required.'],
    ['a phone with letters', { phone: 'call me' }, 'Enter a valid contact number.'],
    ['a phone that is too short', { phone: '12345' }, 'Enter a valid contact number.'],
    ['an empty email', { email: '' }, 'Email is required.'],
    ['an email without a domain', { email: 'sita@' }, 'Enter a valid email address.'],
    ['an empty subject', { subject: '' }, 'Subject is required.'],
    ['a subject over 120 characters', { subject: chars(121) }, 'Subject must be at most 120 characters.'],
    ['an empty message', { message: '' }, 'Message is required.'],
    ['a message over 3000 characters', { message: chars(3001) }, 'Message must be at most 3000 characters.'],
  ])('refuses %s with a clear message and stores nothing', async (_case, change, message) => {
    const res = await send({ ...buildInquiryInput(), ...change });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation', message } });
    expect(await t.services.inquiries.list()).toEqual([]);
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
    expect(await t.services.inquiries.list()).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { origin: 'https://evil.example' },
      payload: buildInquiryInput(),
    });
    expect(res.statusCode).toBe(403);
    expect(await t.services.inquiries.list()).toEqual([]);
  });

  it('answers a filled honeypot exactly like a person, but stores nothing', async () => {
    const person = await send(buildInquiryInput());
    await t.db.deleteFrom('inquiries').execute();
    const bot = await send(buildInquiryInput({ website: 'https://spam.example' }));

    expect(bot.statusCode).toBe(201);
    expect(bot.json()).toEqual(person.json());
    expect(await t.services.inquiries.list()).toEqual([]);
  });

  it(`answers 429 with Retry-After once an address has sent ${MAX_PER_HOUR} messages in an hour`, async () => {
    const ip = freshIp();
    for (let i = 0; i < MAX_PER_HOUR; i++) expect((await send(buildInquiryInput(), ip)).statusCode).toBe(201);

    const res = await send(buildInquiryInput({ subject: 'One too many' }), ip);

    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'inquiry/too-many-requests', message: expect.any(String) } });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = await t.services.inquiries.list();
    expect(stored).toHaveLength(MAX_PER_HOUR);
    expect(stored.map((s) => s.subject)).not.toContain('One too many');

    // Another address is not affected.
    expect((await send(buildInquiryInput())).statusCode).toBe(201);
  });
});
