import { ruleTester, at } from './rule-tester.js';
import rule from './no-clock-reads.js';

const SERVICE = at('server/modules/notices/notices.service.ts');
const REPOSITORY = at('server/cache/content-version.repository.ts');

ruleTester.run('no-clock-reads', rule, {
  valid: [
    { code: 'export const create = (db, clock) => ({ now: () => clock.now().toISOString() });', filename: SERVICE },
    // A stored instant read back is not a clock read.
    { code: 'export const at = (row) => new Date(row.created_at);', filename: SERVICE },
    {
      code: 'export const bump = (db, at) => db.updateTable("x").set({ updated_at: at }).execute();',
      filename: REPOSITORY,
    },
    { code: 'const started = Date.now();', filename: at('server/modules/notices/notices.service.test.ts') },
    {
      code: "import { systemClock } from './clock.ts'; export function createServices({ db, clock = systemClock }) {}",
      filename: at('server/services.ts'),
    },
    // The composition root hands the system clock to everything it builds.
    {
      code: "import { systemClock } from '#server/clock.ts'; createServices({ db, clock: systemClock });",
      filename: at('server/main.ts'),
    },
  ],
  invalid: [
    {
      code: 'const now = new Date();',
      filename: SERVICE,
      errors: [{ messageId: 'read', data: { what: 'new Date()' } }],
    },
    {
      code: 'const ms = Date.now();',
      filename: SERVICE,
      errors: [{ messageId: 'read', data: { what: 'Date.now()' } }],
    },
    {
      code: "import { nowIso } from '../db/db.ts'; export const bump = (db) => db.set({ updated_at: nowIso() });",
      filename: REPOSITORY,
      errors: [{ messageId: 'read', data: { what: 'nowIso()' } }],
    },
    {
      code: 'export async function hit(db, key, now = new Date()) {}',
      filename: at('server/rate-limit/rate-limit.repository.ts'),
      errors: [{ messageId: 'read' }],
    },
    {
      code: "import { systemClock } from '#server/clock.ts'; export function createAuditService(db, clock = systemClock) {}",
      filename: at('server/audit/audit.service.ts'),
      errors: [{ messageId: 'defaulted' }],
    },
    {
      code: "import { systemClock } from '#server/clock.ts'; export function createFormTokens(db, clock = systemClock) {}",
      filename: at('server/modules/inquiries/form-tokens.ts'),
      errors: [{ messageId: 'defaulted' }],
    },
    {
      code: "import { systemClock } from '#server/clock.ts'; const at = () => systemClock.now();",
      filename: SERVICE,
      errors: [{ messageId: 'read', data: { what: 'systemClock' } }],
    },
  ],
});
