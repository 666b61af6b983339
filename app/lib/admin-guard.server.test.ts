import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { requireTwoFactorSetUp } from './admin-guard.server.ts';

/** A load context whose two-factor service answers whether this account must set it up first. */
const contextWhere = (mustSetUp: boolean) =>
  ({ services: { twoFactor: { mustSetUp: async () => mustSetUp } } }) as unknown as AppLoadContext;

const visit = (path: string) => new Request(`http://site.test${path}`);

/** What the guard threw: React Router's redirect (a Response), or nothing. */
async function outcome(context: AppLoadContext, path: string) {
  try {
    return (await requireTwoFactorSetUp(context, 'user-1', visit(path))) ? 'open, waiting for two-factor' : 'open';
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return `${thrown.status} ${thrown.headers.get('location')}`;
  }
}

describe('requireTwoFactorSetUp', () => {
  it('sends an account that must set up two-factor from every admin page to its Account page', async () => {
    for (const path of ['/admin', '/admin/staff', '/admin/notice', '/admin/accounts']) {
      expect(await outcome(contextWhere(true), path)).toBe('302 /admin/account#two-factor');
    }
    expect(await outcome(contextWhere(true), '/admin/account')).toBe('open, waiting for two-factor');
  });

  it('lets everyone else open every page', async () => {
    expect(await outcome(contextWhere(false), '/admin/staff')).toBe('open');
  });
});
