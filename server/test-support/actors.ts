import type { Role } from '#common/roles.ts';
import type { Actor, StaffActor } from '#server/auth/actor.ts';

/** The server's own work in a test (what the schedule or start-up does): the policy lets it do anything. */
export const SERVER_JOB: Actor = { kind: 'system', job: 'test' };

/** A signed-in staff account of `role` (two-factor set up), for calling a service as that account would. */
export function staffAs(role: Role): StaffActor {
  const session = {
    userToken: `token-${role}`,
    userId: `user-${role}`,
    email: `${role}@test.np`,
    name: '',
    role,
    expiresAt: '2999-01-01T00:00:00.000Z',
  };
  return { kind: 'staff', ...session, twoFactorPending: false, address: '127.0.0.1', session };
}
