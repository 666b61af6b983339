import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError, parseSetupArgs } from './args.ts';
import { caddyfileText, fileChange, managedEnv, mergeEnvFile, parseEnvFile, setupPaths, unitText } from './files.ts';
import { domainVerdict, supportedSystem } from './machine.ts';

describe('parseSetupArgs', () => {
  it('reads every flag, in both --flag value and --flag=value forms', () => {
    const o = parseSetupArgs([
      '--domain=College.Edu.NP.',
      '--email',
      'office@college.edu.np',
      '--dry-run',
      '--yes',
      '--internal-ca',
      '--no-systemd',
      '--port',
      '4000',
      '--user',
      'orbit2',
      '--prefix',
      '/tmp/x',
      '--start-empty',
    ]);
    expect(o).toEqual({
      domain: 'college.edu.np',
      email: 'office@college.edu.np',
      dryRun: true,
      yes: true,
      internalCa: true,
      systemd: false,
      port: 4000,
      user: 'orbit2',
      prefix: '/tmp/x',
      startEmpty: true,
    });
  });

  it('defaults to a real install: systemd, Let’s Encrypt, port 3000, user orbit, files under /', () => {
    expect(parseSetupArgs([])).toMatchObject({
      systemd: true,
      internalCa: false,
      port: 3000,
      user: 'orbit',
      prefix: '/',
      startEmpty: false,
    });
  });

  it.each([
    [['--domain', 'not a domain'], /not a domain name/u],
    [['--domain', 'http://college.edu.np'], /not a domain name/u],
    [['--email', 'office'], /not an e-mail/u],
    [['--port', '80'], /1024 to 65535/u],
    [['--user', 'Root!'], /not a valid system user/u],
    [['--prefix', 'relative'], /absolute/u],
    [['--domain'], /needs a value/u],
    [['--frobnicate'], /Unknown argument --frobnicate/u],
  ])('refuses %j clearly', (argv, message) => {
    expect(() => parseSetupArgs(argv)).toThrow(UsageError);
    expect(() => parseSetupArgs(argv)).toThrow(message);
  });
});

describe('supportedSystem', () => {
  it('accepts Debian, Ubuntu and their derivatives, and names what it refused', () => {
    expect(supportedSystem('ID=debian\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"').ok).toBe(true);
    expect(supportedSystem('ID=ubuntu\nID_LIKE=debian').ok).toBe(true);
    expect(supportedSystem('ID=linuxmint\nID_LIKE="ubuntu debian"').ok).toBe(true);
    expect(supportedSystem('ID=fedora\nPRETTY_NAME="Fedora Linux 40"')).toEqual({ ok: false, name: 'Fedora Linux 40' });
    expect(supportedSystem(undefined).ok).toBe(false);
  });
});

describe('domainVerdict', () => {
  it('is right when an address of the domain is one of this machine’s', () => {
    expect(domainVerdict(['203.0.113.5'], ['127.0.0.1', '203.0.113.5']).ok).toBe(true);
    expect(domainVerdict(['127.0.0.1'], ['127.0.0.1', '::1']).ok).toBe(true);
  });

  it('refuses a domain that resolves nowhere, or elsewhere while this machine has a public address', () => {
    expect(domainVerdict([], ['203.0.113.5'])).toMatchObject({ ok: false, reason: /does not resolve/u });
    expect(domainVerdict(['198.51.100.7'], ['127.0.0.1', '203.0.113.5'])).toMatchObject({
      ok: false,
      reason: /198\.51\.100\.7.*203\.0\.113\.5/u,
    });
  });

  it('cannot tell behind NAT (only private addresses here): unknown, not a refusal', () => {
    expect(domainVerdict(['198.51.100.7'], ['127.0.0.1', '192.168.1.20', 'fe80::1']).ok).toBe('unknown');
  });
});

describe('the files setup writes', () => {
  it('puts every file under the prefix, or at the real place', () => {
    expect(setupPaths('/').caddyfile).toBe('/etc/caddy/Caddyfile');
    expect(setupPaths('/tmp/box/').envFile).toBe('/tmp/box/etc/orbit-college.env');
    expect(setupPaths('/tmp/box').dataDir).toBe('/tmp/box/var/lib/orbit-college');
  });

  it('Caddyfile: the domain, automatic HTTPS, no compression, the app on loopback', () => {
    const text = caddyfileText({
      domain: 'college.edu.np',
      email: 'office@college.edu.np',
      port: 3000,
      internalCa: false,
    });
    expect(text).toContain('\temail office@college.edu.np');
    expect(text).toContain('college.edu.np {');
    expect(text).toContain('reverse_proxy 127.0.0.1:3000');
    expect(text).not.toMatch(/^\s*encode/mu);
    expect(text).not.toContain('tls internal');
    const internal = caddyfileText({ domain: 'orbit.test', email: undefined, port: 4000, internalCa: true });
    expect(internal).toContain('\ttls internal');
    expect(internal).toContain('skip_install_trust');
  });

  it('environment file: the managed settings, and a person’s own lines kept where they were', () => {
    const managed = managedEnv({ domain: 'college.edu.np', port: 3000, dataDir: '/var/lib/orbit-college' });
    const fresh = mergeEnvFile(undefined, managed);
    expect(parseEnvFile(fresh)).toMatchObject({
      HOST: '127.0.0.1',
      PORT: '3000',
      SITE_URL: 'https://college.edu.np',
      TRUST_PROXY: 'true',
      DATA_DIR: '/var/lib/orbit-college',
    });
    expect(mergeEnvFile(fresh, managed)).toBe(fresh);

    const edited = `${fresh}SMTP_URL=smtp://u:p@mail.example.com:587\n`.replace(
      'TRUST_PROXY=true',
      'TRUST_PROXY=false',
    );
    const merged = mergeEnvFile(edited, managed);
    expect(merged).toContain('SMTP_URL=smtp://u:p@mail.example.com:587');
    expect(parseEnvFile(merged).TRUST_PROXY).toBe('true');
    expect(merged.split('\n').filter((l) => l.startsWith('TRUST_PROXY=')).length).toBe(1);
  });

  it('environment file: --start-empty turns the demo seed off, and without it a person’s SEED_DEMO line stays', () => {
    const o = { domain: 'college.edu.np', port: 3000, dataDir: '/var/lib/orbit-college' };
    expect(parseEnvFile(mergeEnvFile(undefined, managedEnv({ ...o, startEmpty: true }))).SEED_DEMO).toBe('false');
    const fresh = mergeEnvFile(undefined, managedEnv(o));
    expect(parseEnvFile(fresh).SEED_DEMO).toBeUndefined();
    const own = `${fresh}SEED_DEMO=true\n`;
    expect(mergeEnvFile(own, managedEnv(o))).toBe(own);
  });

  it('systemd unit: the hardened example with this install’s folder, node, user and files', () => {
    const example = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../docs/examples/orbit-college@.service'),
      'utf8',
    );
    const unit = unitText(example, {
      appDir: '/srv/orbit',
      node: '/usr/local/bin/node',
      user: 'orbit2',
      envFile: '/etc/orbit2.env',
      dataDir: '/var/lib/orbit2',
    });
    expect(unit).toContain('WorkingDirectory=/srv/orbit\n');
    expect(unit).toContain('ExecStart=/usr/local/bin/node server/start.mjs');
    expect(unit).toContain('User=orbit2\nGroup=orbit2');
    expect(unit).toContain('EnvironmentFile=/etc/orbit2.env');
    expect(unit).toContain('ReadWritePaths=/var/lib/orbit2');
    for (const hardening of ['NoNewPrivileges=true', 'ProtectSystem=strict', 'PrivateTmp=true', 'ProtectHome=true'])
      expect(unit).toContain(hardening);
  });

  it('fileChange: create, update, or already right', () => {
    expect(fileChange(undefined, 'a')).toBe('create');
    expect(fileChange('a', 'b')).toBe('update');
    expect(fileChange('a', 'a')).toBe('already right');
  });
});

describe('--name', () => {
  it('takes the college’s name, spaces tidied, and refuses an empty or too long one', () => {
    expect(parseSetupArgs(['--name', '  Shree   Janata College ']).name).toBe('Shree Janata College');
    expect(parseSetupArgs(['--name=St. Xavier’s College']).name).toBe('St. Xavier’s College');
    expect(() => parseSetupArgs(['--name', ' '])).toThrow("--name must be the college's name, 1 to 80 characters.");
    expect(() => parseSetupArgs(['--name', 'x'.repeat(81)])).toThrow('1 to 80 characters');
  });

  it('is written to the environment file quoted as systemd reads it, and read back whole', () => {
    const name = `St. Xavier's "Model" College $HOME \`x\` \\ end`;
    const env = managedEnv({ domain: 'college.edu.np', port: 3000, dataDir: '/var/lib/x', name });
    expect(env.COLLEGE_NAME).toBe(`"St. Xavier's \\"Model\\" College \\$HOME \\\`x\\\` \\\\ end"`);
    expect(parseEnvFile(mergeEnvFile(undefined, env)).COLLEGE_NAME).toBe(name);
    expect(managedEnv({ domain: 'college.edu.np', port: 3000, dataDir: '/var/lib/x' }).COLLEGE_NAME).toBeUndefined();
  });
});
