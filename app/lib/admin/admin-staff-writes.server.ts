import { refusalOf } from '#common/api-error.ts';
import { RoleSchema } from '#common/roles.ts';
import { ChangePasswordSchema, NewStaffSchema } from '#common/accounts/staff.ts';
import { TwoFactorCodeSchema } from '#common/accounts/two-factor.ts';
import type { AdminWrite, WriteOutcome } from './admin-action.server.ts';
import { fieldErrorsOf, formText } from './admin-form.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';

/**
 * The writes of /admin/staff (owners) and /admin/account (everyone), through the same services as their
 * JSON API routes. A new one-time link comes back as `created` (its path), shown once to the owner.
 */

export const addStaff: AdminWrite = {
  messages: ADMIN_MESSAGES.staffAdd,
  action: 'staff.manage',
  async run(form, services, admin) {
    const input = { name: formText(form, 'name'), email: formText(form, 'email'), role: formText(form, 'role') };
    const fieldErrors = fieldErrorsOf(NewStaffSchema, input);
    if (fieldErrors) return { fieldErrors };
    const email = formText(form, 'emailLink') === 'yes';
    const { link } = await services.staff.add(admin, NewStaffSchema.parse(input), { email });
    return email
      ? { created: link.path, done: 'Account added. The link below was also e-mailed to them.' }
      : { created: link.path };
  },
};

export const setStaffRole: AdminWrite = {
  messages: ADMIN_MESSAGES.staffRole,
  action: 'staff.manage',
  async run(form, services, admin) {
    const role = RoleSchema.safeParse(formText(form, 'role'));
    if (!role.success) return { fieldErrors: { role: 'Choose Owner or Editor.' } };
    await services.staff.setRole(admin, formText(form, 'id'), role.data);
  },
};

export const disableStaff: AdminWrite = {
  messages: ADMIN_MESSAGES.staffDisable,
  action: 'staff.manage',
  run: async (form, services, admin) =>
    services.staff.setDisabled(admin, formText(form, 'id'), true).then(() => undefined),
};

export const enableStaff: AdminWrite = {
  messages: ADMIN_MESSAGES.staffEnable,
  action: 'staff.manage',
  run: async (form, services, admin) =>
    services.staff.setDisabled(admin, formText(form, 'id'), false).then(() => undefined),
};

export const resetStaffPassword: AdminWrite = {
  messages: ADMIN_MESSAGES.staffReset,
  action: 'staff.manage',
  async run(form, services, admin) {
    const email = formText(form, 'emailLink') === 'yes';
    const link = await services.staff.resetPassword(admin, formText(form, 'id'), { email });
    return email
      ? { created: link.path, done: 'Password reset. The new link below was also e-mailed to them.' }
      : { created: link.path };
  },
};

export const deleteStaff: AdminWrite = {
  messages: ADMIN_MESSAGES.staffDelete,
  action: 'staff.manage',
  run: async (form, services, admin) => services.staff.remove(admin, formText(form, 'id')).then(() => undefined),
};

/** A password refused by the service (too common, wrong current one) is shown beside its field. */
export async function withPasswordFields(write: () => Promise<WriteOutcome>): Promise<WriteOutcome> {
  try {
    return await write();
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal?.code === 'password/wrong-current') return { fieldErrors: { current: refusal.message } };
    if (refusal?.code.startsWith('password/')) return { fieldErrors: { password: refusal.message } };
    throw err;
  }
}

export const changeOwnPassword: AdminWrite = {
  action: 'account.own',
  messages: ADMIN_MESSAGES.passwordChange,
  async run(form, services, admin, clientIp) {
    const input = { current: formText(form, 'current'), password: formText(form, 'password') };
    const fieldErrors = fieldErrorsOf(ChangePasswordSchema, input);
    if (fieldErrors) return { fieldErrors };
    return withPasswordFields(async () => {
      await services.account.changePassword(admin, input, clientIp);
      return undefined;
    });
  },
};

export const signOutElsewhere: AdminWrite = {
  action: 'account.own',
  messages: ADMIN_MESSAGES.signOutElsewhere,
  run: async (_form, services, admin) => services.account.signOutElsewhere(admin).then(() => undefined),
};

/** Starts setting up two-factor sign-in: the service keeps the new secret aside until the first code. */
export const beginTwoFactor: AdminWrite = {
  action: 'account.own',
  messages: ADMIN_MESSAGES.twoFactorBegin,
  run: async (_form, services, admin) => services.twoFactor.begin(admin).then(() => undefined),
};

/** The first code turns it on; the 10 recovery codes travel in this one answer and are never shown again. */
export const confirmTwoFactor: AdminWrite = {
  action: 'account.own',
  messages: ADMIN_MESSAGES.twoFactorConfirm,
  async run(form, services, admin) {
    const code = TwoFactorCodeSchema.safeParse(formText(form, 'code'));
    if (!code.success) return { fieldErrors: { code: code.error.issues[0]?.message ?? 'Enter the code.' } };
    try {
      const { recoveryCodes } = await services.twoFactor.confirm(admin, code.data);
      return { shownOnce: recoveryCodes };
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal?.code === 'two-factor/wrong-code') return { fieldErrors: { code: refusal.message } };
      throw err;
    }
  },
};

export const cancelTwoFactor: AdminWrite = {
  action: 'account.own',
  messages: ADMIN_MESSAGES.twoFactorCancel,
  run: async (_form, services, admin) => services.twoFactor.cancelSetup(admin).then(() => undefined),
};

/** Turning it off needs the account's password, a current code or a recovery code. */
export const disableTwoFactor: AdminWrite = {
  action: 'account.own',
  messages: ADMIN_MESSAGES.twoFactorDisable,
  async run(form, services, admin) {
    const proof = formText(form, 'proof');
    if (!proof) return { fieldErrors: { proof: 'Enter your password or a code.' } };
    try {
      await services.twoFactor.disable(admin, proof);
      return undefined;
    } catch (err) {
      const refusal = refusalOf(err);
      if (refusal?.code === 'two-factor/wrong-proof') return { fieldErrors: { proof: refusal.message } };
      throw err;
    }
  },
};

/** An owner requires two-factor sign-in of every account, or no longer does. */
export const requireTwoFactor: AdminWrite = {
  messages: ADMIN_MESSAGES.twoFactorRequire,
  action: 'staff.manage',
  run: async (form, services, admin) =>
    services.twoFactor.setRequired(admin, formText(form, 'required') === 'true').then(() => undefined),
};
