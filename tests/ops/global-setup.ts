import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './server-process.ts';

/**
 * The server processes under test serve the built pages too: build once, before any test file starts
 * servers, so no two processes run `react-router build` at the same time (server/main.ts would).
 */
export default function setup(): void {
  if (fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) return;
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('react-router build failed');
}
