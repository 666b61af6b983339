import { afterAll, describe, expect, it, vi } from 'vitest';
import type { InquiryFormToken } from '#common/inquiry.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

// 5 messages an hour per client address, so the limit is reached in a few requests.
const t = await createTestApp({ INQUIRY_MAX_PER_HOUR: '5' });
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00.000Z') });
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

let sent = 0;
/** One message from `remoteAddress`, its form filled in for as long as a person takes. */
async function send(remoteAddress: string): Promise<number> {
  const form = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token', remoteAddress });
  vi.setSystemTime(Date.now() + 40_000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress,
    payload: {
      ...buildInquiryInput({ email: `parent${++sent}@example.com` }),
      form_token: form.json<InquiryFormToken>().token,
    },
  });
  return res.statusCode;
}

describe('the contact form’s limit per client address', () => {
  it('counts an IPv6 client by its /64: a fresh address in the same /64 gets no fresh allowance', async () => {
    for (let i = 1; i <= 5; i++) expect(await send(`2001:db8:40:1::${i}`)).toBe(201);
    expect(await send('2001:db8:40:1:abcd::99')).toBe(429);
    // Another /64 is another subscriber.
    expect(await send('2001:db8:40:2::1')).toBe(201);
  });
});
