import { afterAll, expect, it } from 'vitest';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { createTestApp } from '#server/test-support/test-app.ts';
import { nameNewCollege, shortNameOf } from './college-name.ts';

// A new site named by `npm run setup -- --name` (COLLEGE_NAME, read on the first start).
const clock = new ManualClock('2027-01-10T06:00:00.000Z');
const t = await createTestApp({}, { clock });
afterAll(() => t.close());

it('takes the name and a short name that fits, empties the Nepali ones, and is audited', async () => {
  await nameNewCollege(
    t.db,
    { actor: { kind: 'system', job: 'first-start' }, at: clock.now() },
    'Himalaya Model College',
  );
  const { college } = await t.services.content.site();
  expect(college.name).toEqual({ en: 'Himalaya Model College', ne: '' });
  expect(college.shortName).toEqual({ en: 'Himalaya Model College', ne: '' });
  expect(college.referencePrefix).toBe('HMC');
  const entry = await t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('kind', '=', 'content-changed')
    .where('subject', '=', 'college')
    .executeTakeFirstOrThrow();
  expect(entry.changes).toContain('Himalaya Model College');
});

it('shortens a long name to its first words within the short name’s 30 characters', () => {
  expect(shortNameOf('Shree Janata Higher Secondary School and College')).toBe('Shree Janata Higher Secondary');
  expect(shortNameOf('Supercalifragilisticexpialidocious Campus')).toBe('Supercalifragilisticexpialidoc');
  expect(shortNameOf('Orbit College')).toBe('Orbit College');
});
