import type { Role } from '#common/roles.ts';
import {
  type Actor,
  type ApplicantActor,
  type PublicActor,
  type StaffActor,
  applicantActor,
  publicActor,
} from '#server/auth/actor.ts';

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

/** A visitor on a public form (the contact form, the application form), from a documentation address. */
export const VISITOR: PublicActor = publicActor('203.0.113.1');

/** The applicant who proved application `applicationId` (reference `reference`) theirs, from `address`. */
export const applicantFor = (applicationId: string, reference: string, address = '203.0.113.1'): ApplicantActor =>
  applicantActor(applicationId, reference, address);
