import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import type { WriteFile } from '#server/storage/local-storage.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import type { ApplyOutcome } from './application-intake.service.ts';
import { applyRequest, createIntakeTestApp, requiredFiles } from './application-intake.test-app.ts';
import { VISITOR } from '#server/test-support/actors.ts';

/** A full disk, as the uploads see it: every file write refused with ENOSPC (the database still writes). */
const full: WriteFile = async (file) => {
  throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
};

const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
beforeAll(async () => {
  t = await createIntakeTestApp(clock, {}, full);
}, 60_000);
afterAll(() => t.close());

const refusal = (outcome: ApplyOutcome) => {
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome;
};
const STORAGE_FULL_TEXT = 'The server cannot store files right now. Nothing was saved; please try again later.';

describe('an application on a full disk', () => {
  it('with a 9.9 MB PDF is answered 507 in the applicant’s words, nothing saved, the typed form kept', async () => {
    const files = [
      ...(await requiredFiles()).filter((f) => f.kind !== 'grade-sheet'),
      {
        kind: 'grade-sheet' as const,
        name: 'see.pdf',
        body: makePdf({ pages: 1, totalBytes: Math.floor(9.9 * 1024 * 1024) }),
      },
    ];
    const values = buildApplicationValues(t.management.id, { symbol_number: '4012301' });
    const out = refusal(
      await t.app.services.applicationIntake.apply(await applyRequest(t.app, clock, { values, files }), VISITOR),
    );
    expect(out).toMatchObject({ status: 507, code: 'storage/full', message: STORAGE_FULL_TEXT, kept: [] });
    expect(out.formToken).not.toBe('');
    expect(await t.db.selectFrom('applications').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('application_pending_files').select('key').execute()).toEqual([]);
  }, 60_000);

  it('refused for its fields, answers 507 with the fields’ refusals and keeps no file', async () => {
    const values = buildApplicationValues(t.management.id, { symbol_number: '4012302', consent: '' });
    const out = refusal(
      await t.app.services.applicationIntake.apply(await applyRequest(t.app, clock, { values }), VISITOR),
    );
    expect(out).toMatchObject({ status: 507, message: STORAGE_FULL_TEXT, kept: [] });
    expect(out.fieldErrors.consent).toMatch(/consent/u);
    expect(await t.db.selectFrom('application_pending_files').select('key').execute()).toEqual([]);
  }, 60_000);
});
