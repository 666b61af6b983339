import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from './server-process.ts';

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx scripts/<name>.ts ...args` as `npm run <name> -- ...args` would, without blocking. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|S3_.*|DATA_DIR|PUBLIC_ASSET_BASE_URL)$/u.test(k)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
