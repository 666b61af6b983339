import { z } from 'zod';
import { EMAIL_MESSAGE, EMAIL_PATTERN } from '../email.ts';

/** A password a person chooses for an admin account: long enough to resist guessing. */
export const MIN_NEW_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_TOO_SHORT = `Use at least ${MIN_NEW_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON =
  'This password is one of the most common ones (or one of them with digits or symbols added), so it is guessed first. Choose another.';
export const PASSWORD_TOO_LONG = `Use at most ${MAX_PASSWORD_LENGTH} characters.`;

/** The length rule, shared by the browser and the server; the server also refuses common passwords. */
export const NewPasswordSchema = z
  .string()
  .min(MIN_NEW_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

export const StaffNameSchema = z.string().trim().max(200, 'Use at most 200 characters.');
export const StaffEmailSchema = z
  .string()
  .trim()
  .max(320, 'Use at most 320 characters.')
  .regex(EMAIL_PATTERN, EMAIL_MESSAGE);
