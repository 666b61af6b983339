import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type AnyAsker,
  FULL_ROLE,
  POLICY,
  VISITOR_ACTIONS,
  VISITOR_POLICY,
  decide,
  keepsTheSite,
  roleMay,
  rolesThatMay,
} from './policy.ts';
import { LEAST_ROLE, ROLES } from './roles.ts';

describe('the policy', () => {
  it('lets an owner do everything and an editor nothing about staff, the audit log, site speed or the B.S. calendar', () => {
    for (const action of ACTIONS) expect(roleMay('owner', action), action).toBe(true);
    for (const action of ['staff.manage', 'audit.read', 'vitals.read', 'calendar.edit'] as const) {
      expect(decide({ role: 'editor', twoFactorPending: false }, action)).toBe('forbidden');
    }
    expect(decide({ role: 'editor', twoFactorPending: false }, 'notices.edit')).toBe('allowed');
  });

  it('refuses everything to nobody signed in', () => {
    for (const action of ACTIONS) expect(decide(null, action)).toBe('signed-out');
  });

  it('while two-factor sign-in must be turned on, opens only the account and the admin frame', () => {
    const open = ACTIONS.filter((action) => decide({ role: 'owner', twoFactorPending: true }, action) === 'allowed');
    expect(open.sort()).toEqual(['account.own', 'admin.enter']);
    expect(decide({ role: 'owner', twoFactorPending: true }, 'notices.edit')).toBe('two-factor-required');
    // The role is checked first: an editor learns it may not, not that two-factor is due.
    expect(decide({ role: 'editor', twoFactorPending: true }, 'staff.manage')).toBe('forbidden');
  });

  it('names only roles that exist, and every action has at least one', () => {
    for (const [action, rule] of Object.entries(POLICY)) {
      expect(rule.roles.length, action).toBeGreaterThan(0);
      for (const role of rule.roles) expect(ROLES, action).toContain(role);
    }
  });

  it('opens every action to the full role, which a new account without a role gets', () => {
    for (const action of ACTIONS) expect(roleMay(FULL_ROLE, action), action).toBe(true);
  });

  it('gives the least role no applicant data and no staff, so an unknown stored role grants nothing more', () => {
    for (const action of ['applications.read', 'entrance.manage', 'merit.manage', 'staff.manage'] as const) {
      expect(roleMay(LEAST_ROLE, action), action).toBe(false);
    }
    expect(keepsTheSite(LEAST_ROLE)).toBe(false);
  });

  it('counts as keepers of the site exactly the roles that may manage staff', () => {
    expect(ROLES.filter(keepsTheSite)).toEqual([...rolesThatMay('staff.manage')]);
    expect(keepsTheSite(FULL_ROLE)).toBe(true);
  });

  describe("visitors' actions", () => {
    const applicant = { kind: 'applicant', applicationId: 'app-1' } as const;
    const visitor = { kind: 'public' } as const;
    const owner = { role: 'owner', twoFactorPending: false } as const;
    const own = VISITOR_ACTIONS.filter((action) => 'ownApplication' in VISITOR_POLICY[action]);
    const open = VISITOR_ACTIONS.filter((action) => 'anyone' in VISITOR_POLICY[action]);

    it('lets an applicant act on the application they proved theirs, and on no other', () => {
      expect(own.sort()).toEqual([
        'application.own.correct',
        'application.own.decline',
        'application.own.read',
        'application.own.voucher',
      ]);
      for (const action of own) {
        expect(decide(applicant, action, { applicationId: 'app-1' }), action).toBe('allowed');
        expect(decide(applicant, action, { applicationId: 'app-2' }), action).toBe('forbidden');
        expect(decide(applicant, action), action).toBe('forbidden');
      }
    });

    it("gives no applicant's own action to a visitor, to nobody, or to a staff account, even an owner", () => {
      const askers: [AnyAsker | null, string][] = [
        [visitor, 'forbidden'],
        [null, 'signed-out'],
        [owner, 'forbidden'],
      ];
      for (const action of own) {
        for (const [asker, answer] of askers) {
          expect(decide(asker, action, { applicationId: 'app-1' }), action).toBe(answer);
        }
      }
    });

    it('opens the public forms, and asking for a new access key, to anyone', () => {
      expect(open.sort()).toEqual(['application.key.request', 'application.submit', 'inquiry.send']);
      for (const action of open) {
        for (const asker of [visitor, applicant, null, owner] as (AnyAsker | null)[]) {
          expect(decide(asker, action), action).toBe('allowed');
        }
      }
    });

    it('gives an applicant and a visitor no staff action at all', () => {
      for (const action of ACTIONS) {
        expect(decide(applicant, action, { applicationId: 'app-1' }), action).toBe('forbidden');
        expect(decide(visitor, action), action).toBe('forbidden');
      }
    });
  });
});
