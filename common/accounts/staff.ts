import { z } from 'zod';
import { RoleSchema } from '../roles.ts';
import { NewPasswordSchema, StaffEmailSchema, StaffNameSchema } from './password-rules.ts';

/** How long a link for a new account or a password reset may be used; once only. */
export const STAFF_LINK_HOURS = 72;
/** How long a reset link asked for on the sign-in page ('Forgot your password?') may be used; once only. */
export const RESET_LINK_MINUTES = 60;
/** Reset links that may be asked for in an hour, per account (whether or not the address names one) and per client address. */
export const RESET_REQUESTS_PER_HOUR = { account: 3, address: 10 } as const;

/** 'Forgot your password?': the address typed, and the language the link's e-mail is written in. */
export const ForgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'Enter your e-mail address.').max(320),
  language: z.enum(['en', 'ne']).default('en'),
});
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/**
 * The one answer to 'Forgot your password?', whether or not the address names an account that can sign in:
 * the page never tells which addresses have accounts.
 */
export const RESET_ASKED = `If this address belongs to an account that can sign in, a link to choose a new password is on its way to it. The link works once, for ${RESET_LINK_MINUTES} minutes.`;

/** How long the link printed by a fresh install may be used; once only. */
export const FIRST_OWNER_LINK_HOURS = 24;

/** The page a one-time link opens (outside the admin: the person has no session yet). */
export const welcomePath = (token: string): string => `/welcome/${token}`;

export const NewStaffSchema = z.object({
  name: StaffNameSchema.min(1, 'Enter the person’s name.'),
  email: StaffEmailSchema,
  role: RoleSchema,
});
export type NewStaff = z.infer<typeof NewStaffSchema>;

export const StaffAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  lastSignInAt: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Whether the account signs in with a code from an authenticator app after its password. */
  twoFactorOn: z.boolean(),
  /** Until when the account's one-time link may be used, while the person has not used it. */
  linkExpiresAt: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

export const StaffLinkSchema = z.object({ path: z.string(), expiresAt: z.string() });
export type StaffLink = z.infer<typeof StaffLinkSchema>;

/** What the one-time link's page shows before the person sets a password. */
export const LinkInfoSchema = z.object({
  purpose: z.enum(['welcome', 'reset', 'first-owner']),
  email: z.string(),
  name: z.string(),
});
export type LinkInfo = z.infer<typeof LinkInfoSchema>;

export const SetPasswordSchema = z.object({ password: NewPasswordSchema });
/** The first owner, made from the link a fresh install prints. */
export const FirstOwnerSchema = z.object({
  name: StaffNameSchema.min(1, 'Enter your name.'),
  email: StaffEmailSchema,
  password: NewPasswordSchema,
});
export type FirstOwner = z.infer<typeof FirstOwnerSchema>;

export const ChangePasswordSchema = z.object({
  current: z.string().min(1, 'Enter your current password.').max(1024),
  password: NewPasswordSchema,
});
