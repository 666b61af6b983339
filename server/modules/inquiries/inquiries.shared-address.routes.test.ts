import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

// The defaults: 60 messages an hour per client address, 3 per e-mail address.
const t = await createTestApp();
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00.000Z') });
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

// Every test starts with an empty hour: the clock jumps past the last one's limits.
beforeEach(async () => {
  vi.setSystemTime(Date.now() + 2 * 3_600_000);
  await t.db.deleteFrom('inquiries').execute();
});

/** One mobile carrier's NAT: every parent and every script in this file shares it. */
const SHARED_IP = '203.0.113.7';

async function openForms(n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token', remoteAddress: SHARED_IP });
    tokens.push(res.json<InquiryFormToken>().token);
  }
  return tokens;
}

/** Time for filling in the form, moved forward rather than waited for. */
const takeTime = (seconds = 40) => vi.setSystemTime(Date.now() + seconds * 1000);

function send(email: string, formToken: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: SHARED_IP,
    payload: { ...buildInquiryInput({ email }), form_token: formToken },
  });
}

async function statuses(answers: Promise<{ statusCode: number }>[]): Promise<Record<number, number>> {
  const counted: Record<number, number> = {};
  for (const { statusCode } of await Promise.all(answers)) counted[statusCode] = (counted[statusCode] ?? 0) + 1;
  return counted;
}

const stored = async () => (await t.services.inquiries.list(COMMAND_LINE_ACTOR)).length;

describe('many parents behind one address', () => {
  it('takes a message from each of 50 parents who share an address', async () => {
    const forms = await openForms(50);
    takeTime();
    const answers = await statuses(forms.map((token, i) => send(`parent${i}@example.com`, token)));
    expect(answers).toEqual({ 201: 50 });
    expect(await stored()).toBe(50);
  });
});

describe('a script posting 200 messages at once', () => {
  async function parentCanStillSend(): Promise<void> {
    const [token] = await openForms(1);
    takeTime();
    expect((await send('a.parent@example.com', token)).statusCode).toBe(201);
  }

  it('without a valid token gets nothing through, and leaves the address its allowance', async () => {
    const answers = await statuses(
      Array.from({ length: 200 }, (_, i) => send(`bot${i}@spam.example`, i % 2 ? undefined : 'forged.token')),
    );
    expect(answers).toEqual({ 400: 200 });
    expect(await stored()).toBe(0);
    await parentCanStillSend();
  });

  it('posting as soon as it has the forms gets nothing through', async () => {
    const forms = await openForms(200);
    takeTime(INQUIRY_FORM_TIMING.minSeconds - 1);
    const answers = await statuses(forms.map((token, i) => send(`bot${i}@spam.example`, token)));
    expect(answers).toEqual({ 400: 200 });
    expect(await stored()).toBe(0);
    await parentCanStillSend();
  });

  it('reusing one token gets one message through', async () => {
    const [token] = await openForms(1);
    takeTime();
    const answers = await statuses(Array.from({ length: 200 }, (_, i) => send(`bot${i}@spam.example`, token)));
    expect(answers).toEqual({ 201: 1, 400: 199 });
    expect(await stored()).toBe(1);
    await parentCanStillSend();
  });

  it('with a fresh form for each message from one e-mail address gets three through', async () => {
    const forms = await openForms(200);
    takeTime();
    const answers = await statuses(forms.map((token) => send('bot@spam.example', token)));
    expect(answers).toEqual({ 201: 3, 429: 197 });
    expect(await stored()).toBe(3);
    await parentCanStillSend();
  });

  it('with a fresh form and a new e-mail address for each message is held to the address limit', async () => {
    const forms = await openForms(200);
    takeTime();
    const answers = await statuses(forms.map((token, i) => send(`bot${i}@spam.example`, token)));
    expect(answers).toEqual({ 201: t.env.INQUIRY_MAX_PER_HOUR, 429: 200 - t.env.INQUIRY_MAX_PER_HOUR });
    expect(await stored()).toBe(t.env.INQUIRY_MAX_PER_HOUR);
  });
});
