import type { FastifyBaseLogger } from 'fastify';
import { EnvError } from './env.ts';
import { AppError } from './errors.ts';
import type { AccountsService } from './modules/auth/index.ts';

/**
 * Creates the owner named by ADMIN_EMAIL/ADMIN_PASSWORD if it does not exist, with the rules of every other
 * account (a common password is refused, and the server does not start); never changes an existing password.
 */
export async function bootstrapAdmin(
  accounts: AccountsService,
  email: string | undefined,
  password: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!email || !password) return;
  if (await accounts.exists(email)) {
    log.info(
      { email },
      'ADMIN_EMAIL already has an account: its password was left unchanged (use `npm run admin -- set-password`)',
    );
    return;
  }
  try {
    await accounts.create({ kind: 'system', job: 'ADMIN_EMAIL at start-up' }, email, password);
  } catch (err) {
    if (err instanceof AppError && err.code.startsWith('password/')) {
      throw new EnvError(`Invalid environment, refusing to start:\n  ADMIN_PASSWORD: ${err.message}`);
    }
    throw err;
  }
  log.info({ email }, 'created the admin account from ADMIN_EMAIL');
}
