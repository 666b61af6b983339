import path from 'node:path';
import { z } from 'zod';
import { EMAIL_PATTERN } from '#common/email.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';
import { parseKeepRule } from './backups/retention.ts';
import { TIME_OF_DAY } from './backups/schedule.ts';

const COLLEGE_NAME_MAX = CONTENT_LIMITS.name;
const bool = (fallback: 'true' | 'false') => z.stringbool().default(fallback === 'true');
const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_URL: z.url({ protocol: /^https?$/u }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//u, 'must be a postgres:// URL')
    .optional(),
  ADMIN_EMAIL: z.string().regex(EMAIL_PATTERN, 'must be an e-mail address, like name@example.com').optional(),
  // The common-password rule is checked when the account is made (server/bootstrap-admin.ts).
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_NEW_PASSWORD_LENGTH, `must be at least ${MIN_NEW_PASSWORD_LENGTH} characters`)
    .optional(),
  SEED_DEMO: bool('true'),
  // The college's name for a new site (`npm run setup -- --name`): given to it on its first start only; after
  // that the name is the College page's.
  COLLEGE_NAME: z
    .string()
    .trim()
    .min(1)
    .max(COLLEGE_NAME_MAX, `must be at most ${COLLEGE_NAME_MAX} characters`)
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool('false'),
  SESSION_IDLE_MINUTES: int(120, 5, 60 * 24 * 30),
  SESSION_MAX_HOURS: int(12, 1, 24 * 90),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_IP: int(20, 1, 10000),
  LOGIN_LOCKOUT_MINUTES: int(15, 1, 24 * 60),
  // A year of the audit log: long enough to answer "who posted that notice last admission season".
  AUDIT_KEEP_DAYS: int(365, 1, 3650),
  // Days after a season's admission deadline that rejected and withdrawn applicants' documents are kept.
  APPLICATION_DOCUMENTS_KEEP_DAYS: int(180, 0, 3650),
  UPLOAD_MAX_MB: int(15, 1, 200),
  // Page forms with files (an application with its documents) read at once; the others wait unread. One per core
  // when not set: each holds its files in memory while they are screened and stored (drawn later, one at a time).
  UPLOAD_FORMS_AT_ONCE: z.coerce.number().int().min(1).max(64).optional(),
  // Forms with files one address (an IPv6 /64) may have being read or waiting at once; more are refused (503).
  UPLOAD_FORMS_PER_ADDRESS: int(2, 1, 1000),
  // A form with files holding a turn is cut off (408) after this long without a byte of its body...
  UPLOAD_IDLE_SECONDS: int(20, 1, 600),
  // ...or when, after its first 20 s, it has averaged fewer bytes a second than this (0: no minimum).
  UPLOAD_MIN_BYTES_PER_SECOND: int(4096, 0, 100_000_000),
  // A request's headers must arrive within this; its whole body within REQUEST_TIMEOUT_SECONDS (408 otherwise).
  HEADERS_TIMEOUT_SECONDS: int(20, 1, 600),
  REQUEST_TIMEOUT_SECONDS: int(600, 5, 24 * 3600),
  // Lets a monitor read /api/health's details (`Authorization: Bearer ...`); signed-in owners always can.
  HEALTH_TOKEN: z.string().min(24, 'must be at least 24 characters (e.g. openssl rand -hex 24)').optional(),
  IMAGE_MAX_MEGAPIXELS: int(50, 1, 500),
  // How long a notice's PDF may take to open and have its first page drawn before it is refused.
  PDF_TIME_LIMIT_MS: int(20_000, 1, 600_000),
  // Generous per address (a mobile carrier's NAT puts many parents behind one); the form's signed
  // timestamp, the honeypot and the per-e-mail limit are what stop scripts.
  INQUIRY_MAX_PER_HOUR: int(60, 1, 10000),
  INQUIRY_MAX_PER_EMAIL_PER_HOUR: int(3, 1, 1000),
  // Online applications per address per hour: generous, as a school lab or a cyber café sends many.
  APPLICATION_MAX_PER_HOUR: int(60, 1, 10000),
  // Status look-ups that find nothing per address per hour, so guessing dates of birth gets nowhere.
  APPLICATION_LOOKUP_FAILURES_PER_HOUR: int(10, 1, 1000),
  // Results look-ups that find nothing per address per hour: successes are not counted (a school lab
  // shares one address), so a script walking dates of birth for one roll number is cut off.
  RESULTS_LOOKUP_FAILURES_PER_HOUR: int(20, 1, 1_000_000),
  GALLERY_PAGE_SIZE: int(48, 1, 500),
  // Album photos waiting for the background worker; an upload over it is refused (503) until the queue shrinks.
  PHOTO_QUEUE_MAX: int(200, 1, 100_000),
  // Scale-out (docs/operations.md): images in S3-compatible storage when S3_BUCKET is set.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/u, 'must be an S3 bucket name')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/u }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool('false'),
  PUBLIC_ASSET_BASE_URL: z.url({ protocol: /^https?$/u }).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: int(20, 1, 600),
  // E-mail (docs: README 'E-mail and SMS'): smtp://user:pass@host:587 (STARTTLS when offered) or smtps://.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/u, 'must be an smtp:// or smtps:// URL, like smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  // The key that seals the SMTP password and SMS token saved in the admin (64 hex digits: openssl rand -hex 32);
  // when unset, DATA_DIR/keys/settings.key, made on first need (docs/operations.md 'The settings key').
  SETTINGS_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$/u, 'must be 64 hex digits (openssl rand -hex 32)')
    .optional(),
  // The office's alert addresses, comma-separated (more can be added in the admin).
  OFFICE_EMAIL: z
    .string()
    .refine(
      (v) => v.split(',').every((a) => EMAIL_PATTERN.test(a.trim())),
      'must be e-mail addresses separated by commas',
    )
    .optional(),
  // Backups the server makes itself (docs/operations.md): the folder (another disk, ideally), the time of
  // day in Nepal, how many to keep (daily, weekly, monthly), and whether the daily one runs at all.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z
    .string()
    .regex(TIME_OF_DAY, 'must be a time of day in Nepal on a 24-hour clock, like 02:30')
    .default('02:30'),
  BACKUP_KEEP: z
    .string()
    .default('7,4,12')
    .transform((text, ctx) => {
      const rule = parseKeepRule(text);
      if (!rule) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be three whole numbers: daily, weekly, monthly backups to keep, like 7,4,12 (at least 1 daily)',
        });
        return z.NEVER;
      }
      return rule;
    }),
  BACKUP_SCHEDULE: bool('true'),
  // PostgreSQL installs: pg_dump and pg_restore (found on PATH or in /usr/lib/postgresql/*/bin when unset),
  // and whether a backup copies the uploads bucket's objects (else it lists them with their checksums).
  PG_DUMP_PATH: z.string().min(1).optional(),
  BACKUP_COPY_UPLOADS: bool('false'),
  // `npm run backup` encrypts its archive under this passphrase (AES-256-GCM, scrypt); `npm run restore` opens it.
  BACKUP_PASSPHRASE: z.string().min(12, 'BACKUP_PASSPHRASE must be at least 12 characters.').optional(),
  // Space kept back on DATA_DIR's disk, released when it fills so an owner can still sign in and delete.
  BALLAST_MB: int(64, 0, 4096),
  // The off-site copy of each backup: a bucket of its own, never the uploads bucket's settings.
  BACKUP_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/u, 'must be an S3 bucket name')
    .optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/u, 'must be folder names each ending in /, like orbit/backups/ (or empty)')
    .default('orbit-backups/'),
  BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/u }).optional(),
  BACKUP_S3_REGION: z.string().min(1).default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BACKUP_S3_FORCE_PATH_STYLE: bool('false'),
  // Off only to measure or debug rendering: every public page is then rendered for every request.
  RENDER_CACHE: bool('true'),
});

/**
 * Variables that only work together. Checked on the raw values rather than with a zod refinement, which
 * zod skips once another variable has failed: the one message must list every problem.
 */
const PAIRS = [
  ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
  ['BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'],
] as const;

export type Env = z.infer<typeof EnvSchema> & { siteUrl: string; dataDir: string; backupDir: string };

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment once; throws an EnvError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  for (const [a, b] of PAIRS) {
    if ((cleaned[a] === undefined) !== (cleaned[b] === undefined))
      lines.push(`  ${b}: ${a} and ${b} must be set together`);
  }
  if (!result.success || lines.length > 0) {
    throw new EnvError(`Invalid environment, refusing to start:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/u, ''),
  };
}
