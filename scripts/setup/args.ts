import { CONTENT_LIMITS } from '#common/site-content/limits.ts';

/** The flags of `npm run setup` and `npm run upgrade`: parsed here, without side effects, so they are unit tested. */

export interface SetupOptions {
  domain: string | undefined;
  email: string | undefined;
  dryRun: boolean;
  yes: boolean;
  /** Caddy's own certificate authority (`tls internal`) instead of Let's Encrypt: for tests and intranets. */
  internalCa: boolean;
  /** Start the app and Caddy as detached processes with pid files, for a machine without systemd. */
  systemd: boolean;
  port: number;
  user: string;
  /** Every file setup writes goes under this folder ('/' on a server; a scratch folder in tests). */
  prefix: string;
  /** A new site starts without the demo notices and photos (SEED_DEMO=false in the environment file). */
  startEmpty: boolean;
  /** The college's name, given to a new site on its first start (COLLEGE_NAME in the environment file). */
  name: string | undefined;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const SETUP_USAGE = [
  'Usage: npm run setup -- --domain college.edu.np [--email office@college.edu.np] [--dry-run] [--yes]',
  '       [--port 3000] [--user orbit] [--internal-ca] [--no-systemd] [--prefix /] [--start-empty]',
  '       [--name "Shree Janata Secondary School"]',
].join('\n');

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/u;
const USER = /^[a-z_][a-z0-9_-]{0,31}$/u;

export function parseSetupArgs(argv: readonly string[]): SetupOptions {
  const options: SetupOptions = {
    domain: undefined,
    email: undefined,
    dryRun: false,
    yes: false,
    internalCa: false,
    systemd: true,
    port: 3000,
    user: 'orbit',
    prefix: '/',
    startEmpty: false,
    name: undefined,
  };
  const args = [...argv];
  const value = (flag: string): string => {
    const next = args.shift();
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value.\n${SETUP_USAGE}`);
    return next;
  };
  while (args.length > 0) {
    const raw = args.shift()!;
    const [flag, inline] = raw.includes('=')
      ? [raw.slice(0, raw.indexOf('=')), raw.slice(raw.indexOf('=') + 1)]
      : [raw];
    const take = () => inline ?? value(flag!);
    switch (flag) {
      case '--domain':
        options.domain = take().toLowerCase().replace(/\.$/u, '');
        break;
      case '--email':
        options.email = take();
        break;
      case '--port':
        options.port = Number(take());
        break;
      case '--user':
        options.user = take();
        break;
      case '--prefix':
        options.prefix = take();
        break;
      case '--dry-run':
        options.dryRun = true;
        break;
      case '--yes':
        options.yes = true;
        break;
      case '--internal-ca':
        options.internalCa = true;
        break;
      case '--no-systemd':
        options.systemd = false;
        break;
      case '--start-empty':
        options.startEmpty = true;
        break;
      case '--name':
        options.name = take().trim().replace(/\s+/gu, ' ');
        break;
      default:
        throw new UsageError(`Unknown argument ${raw}.\n${SETUP_USAGE}`);
    }
  }
  if (options.domain !== undefined && !DOMAIN.test(options.domain))
    throw new UsageError(`--domain ${options.domain} is not a domain name, like college.edu.np.`);
  if (options.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(options.email))
    throw new UsageError(`--email ${options.email} is not an e-mail address.`);
  if (!Number.isInteger(options.port) || options.port < 1024 || options.port > 65535)
    throw new UsageError('--port must be a whole number from 1024 to 65535 (Caddy alone listens on 80 and 443).');
  if (!USER.test(options.user)) throw new UsageError(`--user ${options.user} is not a valid system user name.`);
  if (!options.prefix.startsWith('/')) throw new UsageError('--prefix must be an absolute folder.');
  if (options.name !== undefined && (options.name === '' || options.name.length > CONTENT_LIMITS.name))
    throw new UsageError(`--name must be the college's name, 1 to ${CONTENT_LIMITS.name} characters.`);
  return options;
}
