import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error('parseEnv accepted an environment it should refuse');
}

describe('parseEnv', () => {
  it('gives every variable its default on an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      SESSION_IDLE_MINUTES: 120,
      SESSION_MAX_HOURS: 12,
      LOGIN_MAX_FAILURES_PER_ACCOUNT: 5,
      LOGIN_MAX_FAILURES_PER_IP: 20,
      LOGIN_LOCKOUT_MINUTES: 15,
      UPLOAD_MAX_MB: 15,
      IMAGE_MAX_MEGAPIXELS: 50,
      INQUIRY_MAX_PER_HOUR: 60,
      INQUIRY_MAX_PER_EMAIL_PER_HOUR: 3,
      APPLICATION_DOCUMENTS_KEEP_DAYS: 180,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      SHUTDOWN_TIMEOUT_SECONDS: 20,
    });
    for (const name of [
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'PUBLIC_ASSET_BASE_URL',
    ] as const) {
      expect(env[name], name).toBeUndefined();
    }
    expect(env.SITE_URL).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
    expect(env.dataDir).toBe(path.resolve('./data'));
    expect(env.siteUrl).toBe('http://localhost:3000');
  });

  it("keeps closed applications' documents 0 to 3650 days after the deadline, and refuses -1 and 3651", () => {
    expect(parseEnv({ APPLICATION_DOCUMENTS_KEEP_DAYS: '0' }).APPLICATION_DOCUMENTS_KEEP_DAYS).toBe(0);
    expect(parseEnv({ APPLICATION_DOCUMENTS_KEEP_DAYS: '3650' }).APPLICATION_DOCUMENTS_KEEP_DAYS).toBe(3650);
    expect(errorOf({ APPLICATION_DOCUMENTS_KEEP_DAYS: '-1' })).toMatch(/APPLICATION_DOCUMENTS_KEEP_DAYS/u);
    expect(errorOf({ APPLICATION_DOCUMENTS_KEEP_DAYS: '3651' })).toMatch(/APPLICATION_DOCUMENTS_KEEP_DAYS/u);
  });

  it('reads UPLOAD_FORMS_AT_ONCE from 1 to 64, unset by default (three per core), and refuses 0 and 65', () => {
    expect(parseEnv({}).UPLOAD_FORMS_AT_ONCE).toBeUndefined();
    expect(parseEnv({ UPLOAD_FORMS_AT_ONCE: '1' }).UPLOAD_FORMS_AT_ONCE).toBe(1);
    expect(parseEnv({ UPLOAD_FORMS_AT_ONCE: '64' }).UPLOAD_FORMS_AT_ONCE).toBe(64);
    expect(errorOf({ UPLOAD_FORMS_AT_ONCE: '0' })).toMatch(/UPLOAD_FORMS_AT_ONCE/u);
    expect(errorOf({ UPLOAD_FORMS_AT_ONCE: '65' })).toMatch(/UPLOAD_FORMS_AT_ONCE/u);
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', SITE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(env).toMatchObject({ PORT: 3000, siteUrl: 'http://localhost:3000' });
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it('reads numbers and booleans from their text', () => {
    const env = parseEnv({ PORT: '8080', SEED_DEMO: 'false', TRUST_PROXY: 'true', UPLOAD_MAX_MB: '5' });
    expect(env).toMatchObject({ PORT: 8080, SEED_DEMO: false, TRUST_PROXY: true, UPLOAD_MAX_MB: 5 });
    expect(env.siteUrl).toBe('http://localhost:8080');
  });

  it('uses SITE_URL without its trailing slash, and resolves DATA_DIR to an absolute path', () => {
    const env = parseEnv({ SITE_URL: 'https://www.orbit.edu.np/', DATA_DIR: 'relative/data' });
    expect(env.siteUrl).toBe('https://www.orbit.edu.np');
    expect(env.dataDir).toBe(path.resolve('relative/data'));
  });

  it('accepts ADMIN_EMAIL and ADMIN_PASSWORD set together', () => {
    const env = parseEnv({ ADMIN_EMAIL: 'office@orbit.edu.np', ADMIN_PASSWORD: 'a-long-enough-secret' });
    expect(env.ADMIN_EMAIL).toBe('office@orbit.edu.np');
  });

  it('puts backups in DATA_DIR/backups at 02:30 Nepal, keeping 7 daily, 4 weekly and 12 monthly, unless told', () => {
    expect(parseEnv({ DATA_DIR: 'relative/data' })).toMatchObject({
      backupDir: path.resolve('relative/data/backups'),
      BACKUP_TIME: '02:30',
      BACKUP_KEEP: { daily: 7, weekly: 4, monthly: 12 },
      BACKUP_SCHEDULE: true,
    });
    expect(
      parseEnv({
        BACKUP_DIR: '/mnt/usb/orbit',
        BACKUP_TIME: '23:05',
        BACKUP_KEEP: '14,8,24',
        BACKUP_SCHEDULE: 'false',
      }),
    ).toMatchObject({
      backupDir: '/mnt/usb/orbit',
      BACKUP_TIME: '23:05',
      BACKUP_KEEP: { daily: 14, weekly: 8, monthly: 24 },
      BACKUP_SCHEDULE: false,
    });
  });

  it('names a bad backup time, a bad retention rule, a bad backup bucket and a lone backup key', () => {
    const message = errorOf({
      BACKUP_TIME: '2:30am',
      BACKUP_KEEP: '7,4',
      BACKUP_S3_BUCKET: 'Backups!',
      BACKUP_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    });
    expect(message).toContain('BACKUP_S3_BUCKET: must be an S3 bucket name');
    expect(message).toContain(
      'BACKUP_S3_SECRET_ACCESS_KEY: BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(message).toContain('BACKUP_TIME: must be a time of day in Nepal on a 24-hour clock, like 02:30');
    expect(message).toContain('BACKUP_KEEP: must be three whole numbers: daily, weekly, monthly backups to keep');
  });

  it('lists every bad variable in one message', () => {
    const message = errorOf({
      NODE_ENV: 'staging',
      PORT: 'eighty',
      SITE_URL: 'ftp://orbit.edu.np',
      DATABASE_URL: 'mysql://db',
      ADMIN_EMAIL: 'not-an-email',
      ADMIN_PASSWORD: 'short',
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'sometimes',
      SESSION_IDLE_MINUTES: '1',
      SESSION_MAX_HOURS: '0',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '0',
      LOGIN_MAX_FAILURES_PER_IP: '1.5',
      LOGIN_LOCKOUT_MINUTES: '-3',
      UPLOAD_MAX_MB: '1000',
      IMAGE_MAX_MEGAPIXELS: '0',
      INQUIRY_MAX_PER_HOUR: 'lots',
      S3_BUCKET: 'Not A Bucket!',
      S3_ENDPOINT: 'minio:9000',
      S3_FORCE_PATH_STYLE: 'yes please',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      PUBLIC_ASSET_BASE_URL: 'cdn.example.com',
      SHUTDOWN_TIMEOUT_SECONDS: '0',
    });
    expect(message).toMatch(/^Invalid environment, refusing to start:\n/u);
    for (const name of [
      'NODE_ENV',
      'PORT',
      'SITE_URL',
      'DATABASE_URL',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'SEED_DEMO',
      'LOG_LEVEL',
      'TRUST_PROXY',
      'SESSION_IDLE_MINUTES',
      'SESSION_MAX_HOURS',
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      'LOGIN_MAX_FAILURES_PER_IP',
      'LOGIN_LOCKOUT_MINUTES',
      'UPLOAD_MAX_MB',
      'IMAGE_MAX_MEGAPIXELS',
      'INQUIRY_MAX_PER_HOUR',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'S3_SECRET_ACCESS_KEY',
      'PUBLIC_ASSET_BASE_URL',
      'SHUTDOWN_TIMEOUT_SECONDS',
    ]) {
      expect(message).toMatch(new RegExp(`^  ${name}: `, 'mu'));
    }
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('ADMIN_PASSWORD: must be at least 12 characters');
    expect(message).toContain('S3_BUCKET: must be an S3 bucket name');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  });

  it('reports a missing partner variable together with the other bad variables', () => {
    const message = errorOf({ PORT: 'eighty', ADMIN_EMAIL: 'office@orbit.edu.np', S3_SECRET_ACCESS_KEY: 'secret' });
    expect(message).toMatch(/^ {2}PORT: /mu);
    expect(message).toContain('ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  });

  it('accepts an S3 configuration with both keys', () => {
    const env = parseEnv({
      S3_BUCKET: 'orbit-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(env).toMatchObject({ S3_BUCKET: 'orbit-media', S3_FORCE_PATH_STYLE: true });
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the reverse', () => {
    expect(errorOf({ ADMIN_EMAIL: 'office@orbit.edu.np' })).toContain(
      'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
    expect(errorOf({ ADMIN_PASSWORD: 'a-long-enough-secret' })).toContain(
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  });

  it('accepts SMTP_URL as smtp:// or smtps://, MAIL_FROM and comma-separated OFFICE_EMAIL addresses', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Orbit College <office@example.com>',
      OFFICE_EMAIL: 'office@example.com, head@example.com',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      OFFICE_EMAIL: 'office@example.com, head@example.com',
    });
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, and an OFFICE_EMAIL that is not addresses', () => {
    const message = errorOf({ SMTP_URL: 'http://mail.example.com', OFFICE_EMAIL: 'office@example.com, the head' });
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain('OFFICE_EMAIL: must be e-mail addresses separated by commas');
  });

  it('refuses a port outside 0 to 65535', () => {
    expect(errorOf({ PORT: '70000' })).toMatch(/^ {2}PORT: /mu);
  });
});
