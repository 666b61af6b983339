import os from 'node:os';
import path from 'node:path';

/**
 * One source for what the end-to-end server is started with (playwright.config.ts) and what the tests
 * use to reach it. E2E_PORT lets several people run the suite on one machine.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3300);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The server's data folder, emptied at every start: tests that must act behind the server's back (revoking a session) open it. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `orbit-e2e-data-${E2E_PORT}`);

/** The first admin, created at start-up from ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN_EMAIL = 'admin@orbit.test';
export const ADMIN_PASSWORD = 'e2e-password-123';

/**
 * Contact-form and application posts per address per hour: every test shares 127.0.0.1 and sends its forms
 * sooner than a person would, so this is well above what the suite sends (the hasty forms' pace is a
 * fifth of it, 50 back to back).
 */
export const INQUIRY_MAX_PER_HOUR = 1000;

/** Small pages, so the six demo photos already span two gallery pages. */
export const GALLERY_PAGE_SIZE = 4;

/** Milliseconds written here move the server's clock (server/test-clock.ts); tests/e2e/support/clock.ts writes it. */
export const E2E_CLOCK_FILE = path.join(os.tmpdir(), `orbit-e2e-clock-${E2E_PORT}`);

/** The test SMTP server the e2e server sends through (scripts/e2e-mailbox.mjs), and where it keeps what it receives. */
export const E2E_SMTP_PORT = E2E_PORT + 25;
export const E2E_MAILBOX_DIR = path.join(os.tmpdir(), `orbit-e2e-mailbox-${E2E_PORT}`);
/** The office's alert address on the e2e server. */
export const E2E_OFFICE_EMAIL = 'office@orbit.test';

/** The environment of the server under test (scripts/e2e-server.mjs adds a fresh DATA_DIR). */
export const SERVER_ENV = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(E2E_PORT),
  SITE_URL: BASE_URL,
  SEED_DEMO: 'true',
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  INQUIRY_MAX_PER_HOUR: String(INQUIRY_MAX_PER_HOUR),
  APPLICATION_MAX_PER_HOUR: String(INQUIRY_MAX_PER_HOUR),
  GALLERY_PAGE_SIZE: String(GALLERY_PAGE_SIZE),
  LOG_LEVEL: 'warn',
  DATA_DIR: E2E_DATA_DIR,
  TEST_CLOCK_FILE: E2E_CLOCK_FILE,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  MAIL_FROM: 'Orbit College <no-reply@orbit.test>',
  OFFICE_EMAIL: E2E_OFFICE_EMAIL,
  E2E_SMTP_PORT: String(E2E_SMTP_PORT),
  E2E_MAILBOX_DIR,
} as const;
