import { NewPasswordSchema, PASSWORD_TOO_COMMON } from '#common/password-rules.ts';
import { isCommonPassword } from '#server/auth/common-passwords.ts';
import { hashPassword } from '#server/auth/password.ts';
import { refusal } from '#server/errors.ts';

/** The hash of a password a person chose, after the rules: long enough and not a common one. */
export async function hashNewPassword(password: string): Promise<string> {
  const parsed = NewPasswordSchema.safeParse(password);
  if (!parsed.success) throw refusal('password/too-short', parsed.error.issues[0]?.message);
  if (isCommonPassword(password)) throw refusal('password/too-common', PASSWORD_TOO_COMMON);
  return hashPassword(password);
}
