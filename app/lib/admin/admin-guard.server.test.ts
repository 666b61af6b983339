import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACTIONS, type Action, decide } from '#common/policy.ts';
import { ROLES, type Role } from '#common/roles.ts';
import { requirePermission } from './admin-guard.server.ts';

/** A load context whose request was resolved (by the server) to this actor. */
const contextOf = (actor: { role: Role; twoFactorPending: boolean } | null) =>
  ({
    currentActor: async () => (actor ? { kind: 'staff', userId: 'u1', ...actor } : null),
  }) as unknown as AppLoadContext;

/** What the guard did: let the page load, or React Router's redirect / error answer. */
async function outcome(context: AppLoadContext, action: Action) {
  try {
    await requirePermission(context, action);
    return 'open';
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get('location')}`;
    const answer = thrown as { init?: { status?: number } };
    if (answer.init?.status) return String(answer.init.status);
    throw thrown;
  }
}

const EXPECTED = {
  allowed: 'open',
  'signed-out': '302 /login',
  forbidden: '403',
  'two-factor-required': '302 /admin/account#two-factor',
} as const;

describe('requirePermission', () => {
  it('answers every action for every role, signed out and two-factor pending as the policy decides', async () => {
    const askers = [
      null,
      ...ROLES.flatMap((role) => [false, true].map((twoFactorPending) => ({ role, twoFactorPending }))),
    ];
    for (const asker of askers) {
      for (const action of ACTIONS) {
        expect(await outcome(contextOf(asker), action), `${JSON.stringify(asker)} ${action}`).toBe(
          EXPECTED[decide(asker, action)],
        );
      }
    }
  });

  it('sends an account that must set up two-factor from a notices page to its Account page, and lets it open that', async () => {
    const pending = contextOf({ role: 'owner', twoFactorPending: true });
    expect(await outcome(pending, 'notices.edit')).toBe('302 /admin/account#two-factor');
    expect(await outcome(pending, 'account.own')).toBe('open');
  });
});
