/**
 * docs/examples/orbit-college@.service and orbit-college.env: systemd accepts the unit, and the
 * process started the way the unit starts it stops the way the unit stops it (KillSignal, exit 0,
 * well within TimeoutStopSec).
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, freePort } from './server-process.ts';

const UNIT = path.join(PROJECT_ROOT, 'docs/examples/orbit-college@.service');
const ENV_FILE = path.join(PROJECT_ROOT, 'docs/examples/orbit-college.env');

const hasSystemdAnalyze = (() => {
  try {
    accessSync('/usr/bin/systemd-analyze', constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

/** `Key=value` lines of one section; repeated keys keep every value. */
function section(text: string, name: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let inside = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) inside = line === `[${name}]`;
    else if (inside && line && !line.startsWith('#')) {
      const at = line.indexOf('=');
      const key = line.slice(0, at);
      out.set(key, [...(out.get(key) ?? []), line.slice(at + 1)]);
    }
  }
  return out;
}

const envFileVariables = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-systemd-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The example with this machine's paths, as an administrator would adapt it. */
async function adapted(port: number): Promise<{ unit: string; unitFile: string; envFile: string; dataDir: string }> {
  const dataDir = path.join(dir, 'data');
  const envFile = path.join(dir, 'orbit-college.env');
  await fs.writeFile(
    envFile,
    (await fs.readFile(ENV_FILE, 'utf8'))
      .replace('/var/lib/orbit-college', dataDir)
      .replace('https://college.example.edu.np', `http://127.0.0.1:${port}`)
      .replace('TRUST_PROXY=true', 'TRUST_PROXY=false'),
  );
  const user = os.userInfo().username;
  const unit = (await fs.readFile(UNIT, 'utf8'))
    .replace('/opt/orbit-college', PROJECT_ROOT)
    .replace('/usr/bin/node', process.execPath)
    .replace('/etc/orbit-college.env', envFile)
    .replace('User=orbit', `User=${user}`)
    .replace('Group=orbit', `Group=${user}`)
    .replaceAll('/var/lib/orbit-college', dataDir)
    .replaceAll('%i', String(port));
  const unitFile = path.join(dir, `orbit-college@${port}.service`);
  await fs.writeFile(unitFile, unit);
  return { unit, unitFile, envFile, dataDir };
}

describe('the example systemd unit', () => {
  it.skipIf(!hasSystemdAnalyze)('passes systemd-analyze verify without a warning', async () => {
    const { unitFile } = await adapted(3000);
    const result = spawnSync('systemd-analyze', ['verify', unitFile], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr.trim()).toBe('');
  });

  it('starts the app as ExecStart does and stops it with KillSignal, exit 0, within TimeoutStopSec', async () => {
    const port = await freePort();
    const { unit, envFile } = await adapted(port);
    const service = section(unit, 'Service');
    const [command, ...args] = service.get('ExecStart')![0]!.split(' ');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...envFileVariables(await fs.readFile(envFile, 'utf8')),
      ...Object.fromEntries(service.get('Environment')!.map((e) => e.split('=') as [string, string])),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    };
    const child = spawn(command!, args, {
      cwd: service.get('WorkingDirectory')![0],
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let healthy = false;
      for (let i = 0; i < 300 && !healthy && child.exitCode === null; i++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (!healthy) await new Promise((r) => setTimeout(r, 200));
      }
      expect(healthy, output).toBe(true);

      const timeoutStop = Number(service.get('TimeoutStopSec')![0]);
      expect(timeoutStop).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_SECONDS));
      const stoppedAt = Date.now();
      child.kill(service.get('KillSignal')![0] as NodeJS.Signals);
      expect(await exited).toBe(0);
      expect(Date.now() - stoppedAt).toBeLessThan(timeoutStop * 1000);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
