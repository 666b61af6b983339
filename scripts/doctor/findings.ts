/**
 * What `npm run doctor` concludes from the facts it gathered: each a line of the report, and each
 * problem with the command that fixes it. Pure, so every verdict is unit tested.
 */
import { BACKUP_STALE_HOURS, DISK_LOW_BYTES, DISK_LOW_FRACTION } from '#common/backups.ts';

export interface Finding {
  level: 'ok' | 'note' | 'problem';
  /** What was checked, like "Disk space". */
  topic: string;
  text: string;
  /** A command or step that fixes it (problems only). */
  fix?: string;
}

/** How the person runs commands as the site: `systemctl` with systemd, the plain command otherwise. */
export interface Context {
  port: number;
  /** The service's environment file, when there is one (setup writes /etc/orbit-college.env). */
  envFile: string | undefined;
  systemd: boolean;
  /** The site's address, for the admin pages a fix points to. */
  siteUrl: string;
}

const restart = (c: Context) =>
  c.systemd ? `sudo systemctl restart orbit-college@${c.port}` : 'stop the server and start it again (npm start)';

/** A backup the server records (the schedule's warnings clear), made from the admin. */
const backUpNow = (c: Context) => `open ${new URL('/admin/backups', c.siteUrl).toString()} and press Back up now`;

const settingsFile = (c: Context) => c.envFile ?? 'the environment';

const SECRET = /(PASSWORD|SECRET|TOKEN|_KEY$|_KEY_ID$)/u;
const URL_WITH_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+@/iu;

/** The settings as `KEY=value` lines, secrets replaced by *** (also the password inside a URL). */
export function hiddenSettings(env: Record<string, string | undefined>): string[] {
  return Object.keys(env)
    .filter((k) => env[k] !== undefined && env[k] !== '')
    .sort()
    .map((k) => {
      const v = env[k]!;
      if (SECRET.test(k)) return `${k}=***`;
      return `${k}=${v.replace(URL_WITH_PASSWORD, '$1***@')}`;
    });
}

const isLoopback = (host: string) => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/u.test(host);

/**
 * SITE_URL: set, reached, and over HTTPS unless the site is only on this computer. `reached` is the
 * status of SITE_URL/api/health, or the error of the attempt.
 */
export function siteUrlFindings(
  siteUrl: string | undefined,
  reached: { status: number } | { error: string },
  c: Context,
): Finding[] {
  if (!siteUrl)
    return [
      {
        level: 'problem',
        topic: 'SITE_URL',
        text: `not set: every link the site sends (staff invitations, share links) says http://localhost:${c.port}`,
        fix: `npm run setup -- --domain your-college.edu.np (or set SITE_URL in ${settingsFile(c)}, then ${restart(c)})`,
      },
    ];
  const url = new URL(siteUrl);
  const out: Finding[] = [];
  if ('error' in reached || reached.status !== 200) {
    out.push({
      level: 'problem',
      topic: 'SITE_URL',
      text: `${siteUrl} does not reach this site (${'error' in reached ? reached.error : `HTTP ${reached.status} from /api/health`})`,
      fix: `point ${url.hostname}'s DNS record at this server and run npm run setup -- --domain ${url.hostname}, or set SITE_URL in ${settingsFile(c)} to the address people use, then ${restart(c)}`,
    });
  } else out.push({ level: 'ok', topic: 'SITE_URL', text: `${siteUrl} reaches this site` });
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    out.push({
      level: 'problem',
      topic: 'HTTPS',
      text: `${siteUrl} is plain HTTP: passwords and applicants' data cross the network readable`,
      fix: `npm run setup -- --domain ${url.hostname}`,
    });
  return out;
}

/** The HTTPS certificate: Caddy renews it 30 days before it ends, so fewer than 14 days left means renewal fails. */
export function certificateFindings(validTo: Date | undefined, now: Date, c: Context): Finding[] {
  if (validTo === undefined) return [];
  const days = Math.floor((validTo.getTime() - now.getTime()) / 86_400_000);
  if (days < 14)
    return [
      {
        level: 'problem',
        topic: 'HTTPS certificate',
        text:
          days < 0
            ? `expired ${-days} days ago (${validTo.toISOString()})`
            : `ends in ${days} days (${validTo.toISOString()}) and was not renewed`,
        fix: c.systemd
          ? 'sudo journalctl -u caddy -n 100 (why renewal fails: usually DNS or port 80 closed), then sudo systemctl restart caddy'
          : 'check that ports 80 and 443 reach this server and restart Caddy',
      },
    ];
  return [
    {
      level: 'ok',
      topic: 'HTTPS certificate',
      text: `valid until ${validTo.toISOString().slice(0, 10)} (${days} days)`,
    },
  ];
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The disk of the site's data: the same thresholds as the backups' warning. */
export function diskFindings(dataDir: string, disk: { freeBytes: number; totalBytes: number }): Finding[] {
  const low = disk.freeBytes < DISK_LOW_BYTES || disk.freeBytes < disk.totalBytes * DISK_LOW_FRACTION;
  const text = `${mb(disk.freeBytes)} free of ${mb(disk.totalBytes)} on the disk of ${dataDir}`;
  return low
    ? [
        {
          level: 'problem',
          topic: 'Disk space',
          text: `nearly full: ${text}; uploads and backups fail when it is full`,
          fix: `sudo du -xsh ${dataDir}/* /var/log/* | sort -h (find what is big), then delete old backups or logs, or move BACKUP_DIR to another disk`,
        },
      ]
    : [{ level: 'ok', topic: 'Disk space', text }];
}

export interface HealthFacts {
  status: string;
  database: boolean;
  backups?: { lastGoodAt: string | null; warnings: string[] };
  outbox?: { backlog: number; oldestSeconds: number | null; waitingForSetUp?: { email: number; sms: number } };
}

/** The running app's own facts (/api/health): database, backups, outbox. */
export function healthFindings(health: HealthFacts | { error: string }, now: Date, c: Context): Finding[] {
  if ('error' in health)
    return [
      {
        level: 'problem',
        topic: 'App',
        text: `does not answer on 127.0.0.1:${c.port} (${health.error})`,
        fix: c.systemd
          ? `sudo journalctl -u orbit-college@${c.port} -n 100 (why), then ${restart(c)}`
          : 'start it: npm start (its output says why it stopped)',
      },
    ];
  const out: Finding[] = [];
  out.push(
    health.database
      ? { level: 'ok', topic: 'Database', text: 'answers' }
      : {
          level: 'problem',
          topic: 'Database',
          text: 'does not answer',
          fix: `check DATABASE_URL or DATA_DIR in ${settingsFile(c)}, then ${restart(c)}`,
        },
  );
  if (health.backups) {
    const { lastGoodAt, warnings } = health.backups;
    const hours = lastGoodAt ? (now.getTime() - new Date(lastGoodAt).getTime()) / 3_600_000 : undefined;
    const when =
      lastGoodAt === null
        ? 'none yet'
        : `${lastGoodAt} (${hours! < 48 ? `${Math.round(hours!)} hours` : `${Math.floor(hours! / 24)} days`} ago)`;
    if (warnings.includes('backup-stale'))
      out.push({
        level: 'problem',
        topic: 'Backups',
        text: `no good backup for more than ${BACKUP_STALE_HOURS} hours (last: ${when})`,
        fix: `${backUpNow(c)}; then check BACKUP_SCHEDULE and BACKUP_TIME in ${settingsFile(c)}`,
      });
    else out.push({ level: 'ok', topic: 'Backups', text: `last good backup: ${when}` });
    if (warnings.includes('backup-failed'))
      out.push({
        level: 'problem',
        topic: 'Backups',
        text: 'the last backup failed',
        fix: `${backUpNow(c)} (it says why one fails)`,
      });
    if (warnings.includes('drill-failed'))
      out.push({
        level: 'problem',
        topic: 'Backups',
        text: 'the last restore drill failed: the newest backup may not restore',
        fix: `${backUpNow(c)}; the next drill checks the new one`,
      });
    if (warnings.includes('offsite-failed'))
      out.push({
        level: 'problem',
        topic: 'Backups',
        text: 'the copy to the off-site bucket failed',
        fix: `check BACKUP_S3_* in ${settingsFile(c)}, then ${restart(c)} and ${backUpNow(c)}`,
      });
  }
  if (!health.backups && !health.outbox && health.database)
    out.push({
      level: 'note',
      topic: 'Backups and outbox',
      text: `not read: the app shows them only with HEALTH_TOKEN, which is not set in ${settingsFile(c)} (a random string of 24 or more characters, e.g. openssl rand -hex 24; then ${restart(c)})`,
    });
  if (health.outbox) {
    const { backlog, oldestSeconds, waitingForSetUp } = health.outbox;
    const stuck = { email: waitingForSetUp?.email ?? 0, sms: waitingForSetUp?.sms ?? 0 };
    // A message on a channel that is not set up never leaves, however young: a problem from the first one.
    if (stuck.email > 0)
      out.push({
        level: 'problem',
        topic: 'Outbox',
        text: `${stuck.email} ${stuck.email === 1 ? 'e-mail' : 'e-mails'} cannot be sent: e-mail is not set up`,
        fix: `save the SMTP server in the admin (E-mail and SMS), or set SMTP_URL (and MAIL_FROM) in ${settingsFile(c)} and ${restart(c)}; they are sent then`,
      });
    if (stuck.sms > 0)
      out.push({
        level: 'problem',
        topic: 'Outbox',
        text: `${stuck.sms} SMS cannot be sent: SMS is not set up`,
        fix: 'choose the SMS provider and save its token in the admin (E-mail and SMS); they are sent then',
      });
    if (backlog > 0 && (oldestSeconds ?? 0) > 3600 && stuck.email + stuck.sms === 0)
      out.push({
        level: 'problem',
        topic: 'Outbox',
        text: `${backlog} messages waiting, the oldest for ${Math.round((oldestSeconds ?? 0) / 3600)} hours`,
        fix: `set SMTP_URL (and MAIL_FROM) in ${settingsFile(c)}, then ${restart(c)}; the log says why sending fails`,
      });
    else if (stuck.email + stuck.sms === 0)
      out.push({ level: 'ok', topic: 'Outbox', text: `${backlog} messages waiting` });
  }
  return out;
}

/** The report: facts first, then the problems each with its fix; pasteable as it is. */
export function report(sections: { title: string; lines: string[] }[], findings: Finding[]): string {
  const problems = findings.filter((f) => f.level === 'problem');
  const lines: string[] = ['Site doctor report', ''];
  for (const s of sections) lines.push(`${s.title}:`, ...s.lines.map((l) => `  ${l}`), '');
  lines.push('Checks:');
  for (const f of findings)
    lines.push(`  [${f.level === 'problem' ? 'PROBLEM' : f.level === 'ok' ? 'ok' : 'note'}] ${f.topic}: ${f.text}`);
  lines.push('');
  if (problems.length === 0) lines.push('No problems found.');
  else {
    lines.push(`${problems.length} problem${problems.length === 1 ? '' : 's'}, each with its fix:`);
    problems.forEach((p, i) => lines.push(`  ${i + 1}. ${p.topic}: ${p.text}`, `     Fix: ${p.fix ?? '(none known)'}`));
  }
  return `${lines.join('\n')}\n`;
}
