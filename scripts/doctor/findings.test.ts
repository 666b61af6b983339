import { describe, expect, it } from 'vitest';
import {
  type Context,
  certificateFindings,
  diskFindings,
  healthFindings,
  hiddenSettings,
  report,
  siteUrlFindings,
} from './findings.ts';

const c: Context = { port: 3000, envFile: '/etc/orbit-college.env', systemd: true, siteUrl: 'https://college.edu.np' };
const now = new Date('2026-11-26T00:00:00Z');

describe('hiddenSettings', () => {
  it('hides passwords, keys and the password inside a URL, and keeps the rest', () => {
    expect(
      hiddenSettings({
        SITE_URL: 'https://college.edu.np',
        ADMIN_PASSWORD: 'secret-one',
        S3_SECRET_ACCESS_KEY: 'secret-two',
        S3_ACCESS_KEY_ID: 'AKIA',
        DATABASE_URL: 'postgres://orbit:secret-three@db:5432/orbit',
        SMTP_URL: 'smtp://office:secret-four@mail.example.com:587',
        EMPTY: '',
      }),
    ).toEqual([
      'ADMIN_PASSWORD=***',
      'DATABASE_URL=postgres://orbit:***@db:5432/orbit',
      'S3_ACCESS_KEY_ID=***',
      'S3_SECRET_ACCESS_KEY=***',
      'SITE_URL=https://college.edu.np',
      'SMTP_URL=smtp://office:***@mail.example.com:587',
    ]);
  });
});

describe('siteUrlFindings', () => {
  it('is a problem when unset, unreachable, or plain HTTP on the network; each with a fix', () => {
    expect(siteUrlFindings(undefined, { status: 0 }, c)[0]).toMatchObject({ level: 'problem', fix: /npm run setup/u });
    const unreachable = siteUrlFindings('https://college.edu.np', { error: 'ENOTFOUND' }, c);
    expect(unreachable[0]).toMatchObject({
      level: 'problem',
      text: /ENOTFOUND/u,
      fix: /systemctl restart orbit-college@3000/u,
    });
    const plain = siteUrlFindings('http://college.edu.np', { status: 200 }, c);
    expect(plain.map((f) => f.level)).toEqual(['ok', 'problem']);
    expect(plain[1]!.fix).toBe('npm run setup -- --domain college.edu.np');
  });

  it('accepts plain HTTP on this computer only', () => {
    expect(siteUrlFindings('http://localhost:3000', { status: 200 }, c).map((f) => f.level)).toEqual(['ok']);
  });
});

describe('certificateFindings', () => {
  it('is fine with weeks left, a problem under 14 days or expired', () => {
    expect(certificateFindings(new Date('2027-01-20T00:00:00Z'), now, c)[0]!.level).toBe('ok');
    expect(certificateFindings(new Date('2026-12-05T00:00:00Z'), now, c)[0]).toMatchObject({
      level: 'problem',
      text: /ends in 9 days/u,
      fix: /journalctl -u caddy/u,
    });
    expect(certificateFindings(new Date('2026-11-20T00:00:00Z'), now, c)[0]!.text).toMatch(/expired 6 days ago/u);
    expect(certificateFindings(undefined, now, c)).toEqual([]);
  });
});

describe('diskFindings', () => {
  const GB = 1024 ** 3;
  it('uses the backups’ thresholds: under 1 GiB or under 10 % free is a problem', () => {
    expect(diskFindings('/var/lib/orbit', { freeBytes: 50 * GB, totalBytes: 100 * GB })[0]!.level).toBe('ok');
    expect(diskFindings('/var/lib/orbit', { freeBytes: 5 * GB, totalBytes: 100 * GB })[0]!.level).toBe('problem');
    expect(diskFindings('/var/lib/orbit', { freeBytes: 0.5 * GB, totalBytes: 2 * GB })[0]).toMatchObject({
      level: 'problem',
      fix: /du -xsh \/var\/lib\/orbit/u,
    });
  });
});

describe('healthFindings', () => {
  it('an app that does not answer points to its log', () => {
    expect(healthFindings({ error: 'ECONNREFUSED' }, now, c)[0]).toMatchObject({
      level: 'problem',
      fix: /journalctl -u orbit-college@3000/u,
    });
  });

  it('says the backups and the outbox were not read when the app showed only its status (no HEALTH_TOKEN)', () => {
    const findings = healthFindings({ status: 'ok', database: true }, now, c);
    expect(findings.map((f) => [f.level, f.topic])).toEqual([
      ['ok', 'Database'],
      ['note', 'Backups and outbox'],
    ]);
    expect(findings[1]!.text).toMatch(/HEALTH_TOKEN/u);
  });

  it('turns the health warnings into problems with fixes, and says when the last backup was', () => {
    const findings = healthFindings(
      {
        status: 'ok',
        database: true,
        backups: { lastGoodAt: '2026-11-23T00:00:00Z', warnings: ['backup-stale', 'drill-failed'] },
        outbox: { backlog: 12, oldestSeconds: 7200 },
      },
      now,
      c,
    );
    expect(findings.filter((f) => f.level === 'problem').map((f) => f.topic)).toEqual(['Backups', 'Backups', 'Outbox']);
    expect(findings[1]).toMatchObject({
      text: /3 days ago/u,
      fix: /open https:\/\/college\.edu\.np\/admin\/backups and press Back up now/u,
    });
    expect(findings.at(-1)!.fix).toMatch(/SMTP_URL/u);
  });

  it('reports messages that cannot leave as a problem from the first one, with the setting that lets them go', () => {
    const findings = healthFindings(
      {
        status: 'ok',
        database: true,
        backups: { lastGoodAt: '2026-11-25T20:00:00Z', warnings: [] },
        // Written a minute ago: young, but they will never leave.
        outbox: { backlog: 27, oldestSeconds: 60, waitingForSetUp: { email: 20, sms: 7 } },
      },
      now,
      c,
    );
    const outbox = findings.filter((f) => f.topic === 'Outbox');
    expect(outbox.map((f) => [f.level, f.text])).toEqual([
      ['problem', '20 e-mails cannot be sent: e-mail is not set up'],
      ['problem', '7 SMS cannot be sent: SMS is not set up'],
    ]);
    expect(outbox[0]!.fix).toMatch(/SMTP_URL/u);
    expect(outbox[1]!.fix).toMatch(/E-mail and SMS/u);
  });

  it('a healthy app: every line ok', () => {
    const findings = healthFindings(
      {
        status: 'ok',
        database: true,
        backups: { lastGoodAt: '2026-11-25T20:00:00Z', warnings: [] },
        outbox: { backlog: 0, oldestSeconds: null },
      },
      now,
      c,
    );
    expect(findings.every((f) => f.level === 'ok')).toBe(true);
    expect(findings.map((f) => f.text)).toContain('last good backup: 2026-11-25T20:00:00Z (4 hours ago)');
  });
});

describe('report', () => {
  it('lists the problems, numbered, each with its fix; or says there are none', () => {
    const text = report(
      [{ title: 'Versions', lines: ['orbit-college 0.1.0'] }],
      [
        { level: 'ok', topic: 'Database', text: 'answers' },
        { level: 'problem', topic: 'Disk space', text: 'nearly full', fix: 'free some' },
      ],
    );
    expect(text).toContain('Versions:\n  orbit-college 0.1.0');
    expect(text).toContain('1 problem, each with its fix:\n  1. Disk space: nearly full\n     Fix: free some');
    expect(report([], [{ level: 'ok', topic: 'Database', text: 'answers' }])).toContain('No problems found.');
  });
});
