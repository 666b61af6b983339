/**
 * Manage admin accounts: npm run admin -- create <email> | set-password <email> | list | delete <email>
 *   | reset-2fa <email> (turns two-factor sign-in off for a person locked out of their authenticator app)
 *   | owner-link (a fresh one-time link for the first owner, while nobody has an account)
 * The password is read from standard input when piped, otherwise asked for twice without echo.
 */
// First: the files and folders it writes (a new database) are its user's alone (0600, 0700).
import '#server/startup/private-files.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { type Db, openDb } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';
import {
  type AccountsService,
  createAccountsService,
  createLoginThrottle,
  createTwoFactorService,
  loginThrottleOptions,
  UserAdminError,
} from '#server/modules/auth/index.ts';
import { createStaffService } from '#server/modules/staff/index.ts';
import { systemClock } from '#server/clock.ts';

const USAGE =
  'Usage: npm run admin -- create <email> | set-password <email> | list | delete <email> | reset-2fa <email> | owner-link';

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await text(process.stdin)).split(/\r?\n/u)[0] ?? '';
  const first = await askHidden(`Password (at least ${MIN_NEW_PASSWORD_LENGTH} characters): `);
  const second = await askHidden('Repeat the password: ');
  if (first !== second) throw new UserAdminError('The two passwords differ.');
  return first;
}

async function findAccount(accounts: AccountsService, email: string) {
  const user = await accounts.findByEmail(email);
  if (!user) throw new UserAdminError(`No admin with e-mail ${email}.`);
  return user;
}

/**
 * Deletes an account as an owner does from Staff (its sessions and one-time links go with it), with the
 * same rule: the last owner who can sign in stays.
 */
async function deleteAccount(db: Db, accounts: AccountsService, email: string): Promise<void> {
  const user = await findAccount(accounts, email);
  try {
    await createStaffService(db, systemClock, accounts).remove(COMMAND_LINE_ACTOR, user.id);
  } catch (err) {
    if (err instanceof AppError && err.code === 'staff/last-owner') {
      throw new UserAdminError(
        `${email} is the only owner who can sign in. Make another account an owner first (in Staff, or with npm run admin -- create <email>).`,
      );
    }
    throw err;
  }
}

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  const env = parseEnv();
  const db = openDb({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
  try {
    await migrateToLatest(db);
    // The rules of every account (password length, common passwords, the last owner) are the service's.
    const accounts = createAccountsService(db, systemClock);
    switch (command) {
      case 'list': {
        const all = await accounts.all();
        if (all.length === 0) console.log('No admin accounts yet.');
        for (const u of all) console.log(`${u.email}\t${u.role}\t(created ${u.created_at})`);
        return 0;
      }
      case 'owner-link': {
        const link = await createStaffService(db, systemClock, accounts).firstOwnerLink();
        if (!link) {
          console.log('An owner account exists already: no one-time link is needed (sign in at /login).');
          return 0;
        }
        console.log(new URL(link.path, env.siteUrl).toString());
        return 0;
      }
      case 'reset-2fa': {
        if (!email) break;
        const throttle = createLoginThrottle(db, loginThrottleOptions(env), systemClock);
        const { wasOn } = await createTwoFactorService(db, systemClock, throttle).resetByEmail(
          COMMAND_LINE_ACTOR,
          email,
        );
        console.log(
          wasOn
            ? `Turned two-factor sign-in off for ${email}. They sign in with their password and can turn it on again.`
            : `Two-factor sign-in was already off for ${email}; nothing changed.`,
        );
        return 0;
      }
      case 'create':
      case 'set-password':
      case 'delete': {
        if (!email) break;
        if (command === 'delete') {
          await deleteAccount(db, accounts, email);
          console.log(`Deleted the admin ${email} and signed it out everywhere.`);
          return 0;
        }
        const password = await readPassword();
        if (command === 'create') await accounts.create(COMMAND_LINE_ACTOR, email, password);
        else {
          const user = await findAccount(accounts, email);
          await accounts.setPassword(COMMAND_LINE_ACTOR, user.id, password, {
            subject: (u) => `${u.email}: password set from the command line`,
          });
        }
        console.log(
          command === 'create'
            ? `Created the admin ${email}.`
            : `Changed the password of ${email}; its sessions were ended.`,
        );
        return 0;
      }
    }
    console.error(USAGE);
    return 2;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // A refusal (a short or common password, an address taken) is printed as its message alone.
    if (err instanceof UserAdminError || err instanceof EnvError || err instanceof AppError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
