import { expect, it } from 'vitest';
import { ROLES } from '../common/roles.ts';
import { ruleTester, at } from './rule-tester.js';
import rule, { ROLE_NAMES } from './role-names-in-policy.js';

it('knows the same role names as common/roles.ts', () => {
  expect(ROLE_NAMES).toEqual([...ROLES]);
});

ruleTester.run('role-names-in-policy', rule, {
  valid: [
    { code: "export const POLICY = { 'staff.manage': { roles: ['owner'] } };", filename: at('common/policy.ts') },
    { code: "export const ROLES = ['owner', 'editor', 'admissions'];", filename: at('common/roles.ts') },
    {
      code: "const active = accounts.filter((a) => roleMay(a.role, 'staff.manage'));",
      filename: at('app/routes/admin/staff.tsx'),
    },
    {
      code: 'const el = <section id="admissions" className="section admissions" />;',
      filename: at('app/components/admissions-block.tsx'),
    },
    { code: "await signIn({ role: 'editor' });", filename: at('server/modules/staff/staff.routes.test.ts') },
    { code: "await createUser(db, { role: 'owner' });", filename: at('server/seed/seed-demo.ts') },
    { code: "c.defaultTo('owner')", filename: at('server/db/migrations/0008-staff-and-audit.ts') },
  ],
  invalid: [
    {
      code: "const activeOwners = accounts.filter((a) => a.role === 'owner');",
      filename: at('app/routes/admin/staff.tsx'),
      errors: [{ messageId: 'role', data: { name: 'owner' } }],
    },
    {
      code: "db.selectFrom('users').where('role', '=', 'owner');",
      filename: at('server/modules/auth/users.repository.ts'),
      errors: [{ messageId: 'role' }],
    },
    {
      code: "export function create({ role = 'owner' } = {}) {}",
      filename: at('server/modules/auth/accounts.service.ts'),
      errors: [{ messageId: 'role' }],
    },
    {
      code: 'const el = <select name="role" defaultValue={values.role ?? `editor`} />;',
      filename: at('app/components/admin/staff/add-staff-form.tsx'),
      errors: [{ messageId: 'role', data: { name: 'editor' } }],
    },
    {
      code: "type Staff = { role: 'admissions' | 'owner' };",
      filename: at('common/accounts/staff.ts'),
      errors: [{ messageId: 'role' }, { messageId: 'role' }],
    },
  ],
});
