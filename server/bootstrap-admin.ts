import type { FastifyBaseLogger } from 'fastify';
import type { UserAdmin } from './modules/auth/auth.service.ts';

/** Creates the admin named by ADMIN_EMAIL/ADMIN_PASSWORD if it does not exist; never changes an existing password. */
export async function bootstrapAdmin(
  users: UserAdmin,
  email: string | undefined,
  password: string | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!email || !password) return;
  if (await users.exists(email)) {
    log.info(
      { email },
      'ADMIN_EMAIL already has an account: its password was left unchanged (use `npm run admin -- set-password`)',
    );
    return;
  }
  await users.create(email, password);
  log.info({ email }, 'created the admin account from ADMIN_EMAIL');
}
