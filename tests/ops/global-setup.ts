import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './server-process.ts';
import { buildBundle, freshBundle } from '#server/startup/server-bundle.mjs';

/**
 * The server processes under test serve the built pages too, and run compiled (server/start.mjs): build and
 * compile once, before any test file starts servers, so that no two processes build or compile at the same time
 * (server/main.ts and server/start.mjs would, each on its own).
 */
export default async function setup(): Promise<void> {
  if (!fs.existsSync(path.join(PROJECT_ROOT, 'build', 'server', 'index.js'))) {
    const result = spawnSync('npx', ['react-router', 'build'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('react-router build failed');
  }
  if (!freshBundle()) await buildBundle();
}
