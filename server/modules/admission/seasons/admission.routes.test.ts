import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test-support/test-app.ts';

/** The answer while no season is published: the status set by hand. */
const manual = (status: string) => ({
  status,
  season: null,
  closingSoonDays: null,
  lateFee: null,
  source: { by: 'manual', season: null },
});

const t = await createTestApp();
afterAll(() => t.close());

describe('GET /api/admission', () => {
  it("answers 'ADMISSION ENQUIRY', set by hand, on a fresh database", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admission' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(manual('ADMISSION ENQUIRY'));
  });

  it('answers the stored status once it has been set', async () => {
    await t.services.admission.choose(COMMAND_LINE_ACTOR, 'ADMISSION OPEN');
    expect((await t.app.inject({ method: 'GET', url: '/api/admission' })).json()).toEqual(manual('ADMISSION OPEN'));
    await t.services.admission.choose(COMMAND_LINE_ACTOR, 'ADMISSION ENQUIRY');
    expect((await t.app.inject({ method: 'GET', url: '/api/admission' })).json()).toEqual(manual('ADMISSION ENQUIRY'));
  });

  it('falls back to the default when the stored value is not a known status', async () => {
    await t.db
      .insertInto('admission_status')
      .values({ id: 1, status: 'SOMETHING ELSE', updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'SOMETHING ELSE' }))
      .execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/admission' })).json()).toEqual(manual('ADMISSION ENQUIRY'));
  });
});
