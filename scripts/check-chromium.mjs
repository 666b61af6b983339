// The end-to-end tests drive Debian's Chromium (Playwright's own browser download is not reachable here).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function fail(reason) {
  console.error(
    `\n${reason}\n\nThe end-to-end tests need Debian's Chromium. Install it with:\n\n    sudo apt-get install -y chromium\n\n` +
      `(or set CHROMIUM_PATH to another Chromium or Chrome binary).\n`,
  );
  process.exit(1);
}

try {
  fs.accessSync(chromium, fs.constants.X_OK);
} catch {
  fail(`Chromium was not found at ${chromium}.`);
}

const version = spawnSync(chromium, ['--version'], { encoding: 'utf8', timeout: 30_000 });
if (version.status !== 0)
  fail(`${chromium} is there but does not run: ${(version.stderr || version.error?.message || '').trim()}`);
console.log(`Using ${version.stdout.trim()} (${chromium})`);
