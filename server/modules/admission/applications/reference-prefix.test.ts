import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { readReference } from '#common/admission/application.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { editSection } from '#server/modules/content/index.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import type { ApplyOutcome } from './application-intake.service.ts';
import { applyRequest, createIntakeTestApp, statusByKey } from './application-intake.test-app.ts';
import { VISITOR } from '#server/test-support/actors.ts';

// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
beforeAll(async () => {
  t = await createIntakeTestApp(clock);
}, 60_000);
afterAll(() => t.close());

let symbol = 3012300;
const apply = async () =>
  t.app.services.applicationIntake.apply(
    await applyRequest(t.app, clock, {
      values: buildApplicationValues(t.management.id, { symbol_number: String(++symbol) }),
    }),
    VISITOR,
  );
const accepted = (outcome: ApplyOutcome) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.message} ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.confirmation;
};
const setPrefix = (referencePrefix: string) =>
  editSection(t.db, { actor: COMMAND_LINE_ACTOR, at: clock.now() }, 'college', (current) => ({
    ...current.data,
    referencePrefix,
  }));

describe("the college's reference prefix", () => {
  it('begins each new application’s reference; earlier applications keep theirs and are still looked up', async () => {
    const before = accepted(await apply());
    expect(before.reference).toMatch(/^ORB-2084-\d{4}$/u);
    await setPrefix('SA');
    const after = accepted(await apply());
    expect(after.reference).toMatch(/^SA-2084-\d{4}$/u);
    // The number goes on counting in the season, whatever the prefix.
    expect(Number(after.reference.slice(-4))).toBe(Number(before.reference.slice(-4)) + 1);

    const stored = await t.db.selectFrom('applications').select('reference').orderBy('number').execute();
    expect(stored.map((r) => r.reference)).toEqual([before.reference, after.reference]);
    for (const { reference, accessKey } of [before, after]) {
      // Typed as people type it: small letters, spaces for dashes.
      const typed = reference.toLowerCase().replace(/-/gu, ' ');
      expect(readReference(typed)).toBe(reference);
      const status = await statusByKey(t.app, typed, accessKey, '198.51.100.7');
      expect(status).toMatchObject({ reference });
    }
  });
});
