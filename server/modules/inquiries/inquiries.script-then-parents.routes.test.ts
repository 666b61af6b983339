import { afterAll, describe, expect, it } from 'vitest';
import { INQUIRY_FORM_TIMING, type InquiryFormToken } from '#common/inquiry.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { hastyPace } from '#server/rate-limit/hasty-forms.ts';
import { buildInquiryInput } from '#server/test-support/factories.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { createTestApp } from '#server/test-support/test-app.ts';

// The defaults: 60 messages an hour per client address. The clock is moved, never waited for.
const clock = new ManualClock('2026-11-24T09:00:00.000Z');
const t = await createTestApp({}, { clock });
afterAll(() => t.close());

/** A school lab's address: a script and then the parents share it. */
const SHARED_IP = '203.0.113.50';

async function openForm(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/inquiries/form-token', remoteAddress: SHARED_IP });
  return res.json<InquiryFormToken>().token;
}

function send(email: string, message: string, formToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    headers: { origin: t.env.siteUrl },
    remoteAddress: SHARED_IP,
    payload: { ...buildInquiryInput({ email, message }), form_token: formToken },
  });
}

describe('a script, then the parents behind the same address', () => {
  it('lets the script through only a handful, and every one of 50 parents after it', async () => {
    // The script fetches 200 forms, waits out the form's minimum age and posts them back to back (11 s).
    const forms: string[] = [];
    for (let i = 0; i < 200; i++) forms.push(await openForm());
    clock.advance(INQUIRY_FORM_TIMING.minSeconds * 1000);
    const scripted: number[] = [];
    for (const [i, token] of forms.entries()) {
      scripted.push((await send(`bot${i}@spam.example`, 'Cheap essays, click here', token)).statusCode);
      clock.advance(55);
    }
    const through = scripted.filter((s) => s === 201).length;
    expect(through).toBe(hastyPace(t.env.INQUIRY_MAX_PER_HOUR).burst);
    expect(through).toBeLessThanOrEqual(5);
    expect(scripted.filter((s) => s === 429)).toHaveLength(200 - through);

    // Then 50 parents in the lab, each taking the time a person takes to write, one after another.
    const parents: number[] = [];
    for (let i = 0; i < 50; i++) {
      const token = await openForm();
      clock.advance(45_000);
      parents.push(
        (await send(`parent${i}@example.com`, `Question ${i} about the Grade 11 admission.`, token)).statusCode,
      );
    }
    expect(parents).toEqual(Array.from({ length: 50 }, () => 201));
    expect(await t.services.inquiries.list(COMMAND_LINE_ACTOR)).toHaveLength(through + 50);
  });
});
