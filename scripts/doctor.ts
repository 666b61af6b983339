/**
 * npm run doctor [-- --env-file /etc/orbit-college.env]
 *
 * One report to paste into a support message: versions, the settings that matter (secrets hidden),
 * whether SITE_URL reaches this site, the HTTPS certificate's end, disk space, the database and storage
 * checks, the last backup, the outbox, the services; each problem with the command that fixes it. The
 * running app's facts come from its /api/health. Changes nothing. Exit code 0 with no problem, 1 otherwise.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { systemClock } from '#server/clock.ts';
import { EnvError, parseEnv } from '#server/env.ts';
import { fileOffsetClock } from '#server/test-clock.ts';
import {
  type Context,
  type Finding,
  type HealthFacts,
  certificateFindings,
  diskFindings,
  healthFindings,
  hiddenSettings,
  report,
  siteUrlFindings,
} from './doctor/findings.ts';
import { parseEnvFile } from './setup/files.ts';

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'Usage: npm run doctor [-- --env-file /etc/orbit-college.env]';

/** The settings worth a support person's eyes; the rest are defaults nobody changed. */
const SHOWN =
  /^(NODE_ENV|HOST|PORT|DATA_DIR|SITE_URL|TRUST_PROXY|DATABASE_URL|S3_.*|PUBLIC_ASSET_BASE_URL|SMTP_URL|MAIL_FROM|OFFICE_EMAIL|BACKUP_.*|ADMIN_.*|SEED_DEMO|LOG_LEVEL|SHUTDOWN_TIMEOUT_SECONDS|UPLOAD_MAX_MB)$/u;

function parseArgs(argv: string[]): { envFile: string | undefined } {
  let envFile: string | undefined = fs.existsSync('/etc/orbit-college.env') ? '/etc/orbit-college.env' : undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--env-file' && argv[i + 1]) envFile = argv[++i];
    else {
      console.error(USAGE);
      process.exit(2);
    }
  }
  return { envFile };
}

const firstLine = (command: string, args: string[], cwd?: string): string => {
  const r = spawnSync(command, args, { encoding: 'utf8', cwd });
  return r.status === 0 ? (r.stdout.split('\n')[0] ?? '').trim() : 'not installed';
};

async function getJson(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown } | { error: string }> {
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  } catch (err) {
    const e = err as Error & { cause?: Error & { code?: string } };
    return { error: e.cause?.code ?? e.cause?.message ?? e.message };
  }
}

/** The certificate's end date as served at host:port (not verified: reaching the site is checked apart). */
function certificateEnd(host: string, port: number): Promise<Date | undefined> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, servername: host, rejectUnauthorized: false, timeout: 10_000 }, () => {
      const cert = socket.getPeerCertificate();
      socket.end();
      resolve(cert.valid_to ? new Date(cert.valid_to) : undefined);
    });
    socket.on('error', () => resolve(undefined));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(undefined);
    });
  });
}

async function main(): Promise<number> {
  const { envFile } = parseArgs(process.argv.slice(2));
  // The service's file wins for the variables it sets: it is what the running site sees.
  const fromFile = envFile ? parseEnvFile(fs.readFileSync(envFile, 'utf8')) : {};
  const source: Record<string, string | undefined> = { ...process.env, ...fromFile };
  const systemd = fs.existsSync('/run/systemd/system');
  const findings: Finding[] = [];
  // Tests move the site's clock through a file (as server/main.ts reads it); a real site never sets it.
  const now = (source.TEST_CLOCK_FILE ? fileOffsetClock(source.TEST_CLOCK_FILE) : systemClock).now();

  const osName = /^PRETTY_NAME="?([^"\n]*)"?$/mu.exec(
    fs.existsSync('/etc/os-release') ? fs.readFileSync('/etc/os-release', 'utf8') : '',
  )?.[1];
  const pkg = JSON.parse(fs.readFileSync(path.join(APP_DIR, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const versions = [
    `${pkg.name} ${pkg.version} (commit ${firstLine('git', ['rev-parse', '--short', 'HEAD'], APP_DIR)}) in ${APP_DIR}`,
    `Node ${process.version}; ${osName ?? os.type()} ${os.release()}`,
    `Caddy: ${firstLine('caddy', ['version'])}`,
  ];
  const settings = hiddenSettings(Object.fromEntries(Object.entries(source).filter(([k]) => SHOWN.test(k))));

  let env;
  try {
    env = parseEnv(source as NodeJS.ProcessEnv);
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    findings.push({
      level: 'problem',
      topic: 'Settings',
      text: err.message.replace(/\n/gu, ' '),
      fix: `correct them in ${envFile ?? 'the environment'}, then restart the site`,
    });
  }
  if (env) {
    const c: Context = { port: env.PORT, envFile, systemd, siteUrl: env.siteUrl };
    const host = ['0.0.0.0', '::', ''].includes(env.HOST) ? '127.0.0.1' : env.HOST;
    // The app shows its figures (backups, outbox) only to a monitor holding HEALTH_TOKEN, or to a signed-in owner.
    const local = await getJson(
      `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}/api/health`,
      env.HEALTH_TOKEN ? { authorization: `Bearer ${env.HEALTH_TOKEN}` } : {},
    );
    findings.push(
      ...healthFindings(
        'error' in local
          ? local
          : local.body && typeof local.body === 'object'
            ? (local.body as HealthFacts)
            : { error: `HTTP ${local.status}` },
        now,
        c,
      ),
    );
    const reached = env.SITE_URL ? await getJson(`${env.siteUrl}/api/health`) : { status: 0 };
    findings.push(...siteUrlFindings(env.SITE_URL, reached, c));
    if (env.SITE_URL?.startsWith('https:')) {
      const url = new URL(env.SITE_URL);
      findings.push(...certificateFindings(await certificateEnd(url.hostname, Number(url.port || 443)), now, c));
    }
    if (fs.existsSync(env.dataDir)) {
      const s = fs.statfsSync(env.dataDir);
      findings.push(...diskFindings(env.dataDir, { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize }));
    } else
      findings.push({
        level: 'problem',
        topic: 'Data folder',
        text: `${env.dataDir} does not exist`,
        fix: `check DATA_DIR in ${envFile ?? 'the environment'}`,
      });
    // The storage check is the one `npm run check-storage` makes: rows and files agree.
    const storage = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-storage.ts'], {
      cwd: APP_DIR,
      env: source as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    findings.push(
      storage.status === 0
        ? { level: 'ok', topic: 'Storage', text: 'rows and files agree' }
        : {
            level: 'problem',
            topic: 'Storage',
            text: (
              storage.stdout.match(/^(Rows whose files are missing.*|Error:.*)$/mu)?.[0] ??
              'rows and files do not agree'
            ).trim(),
            fix: 'npm run check-storage (the full list); missing files come back only from a backup: npm run restore',
          },
    );
    if (systemd) {
      for (const unit of [`orbit-college@${env.PORT}`, 'caddy']) {
        const state = firstLine('systemctl', ['is-active', unit]);
        findings.push(
          state === 'active'
            ? { level: 'ok', topic: 'Service', text: `${unit} is active` }
            : {
                level: 'problem',
                topic: 'Service',
                text: `${unit} is ${state}`,
                fix: `sudo systemctl enable --now ${unit}`,
              },
        );
      }
    } else findings.push({ level: 'note', topic: 'Service', text: 'no systemd on this machine: services not checked' });
  }

  process.stdout.write(
    report(
      [
        { title: 'Versions', lines: versions },
        { title: `Settings${envFile ? ` (${envFile} and the environment)` : ''}, secrets hidden`, lines: settings },
      ],
      findings,
    ),
  );
  return findings.some((f) => f.level === 'problem') ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
