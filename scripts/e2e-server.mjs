// Starts the built server for Playwright on a fresh, empty DATA_DIR (so every run sees the same demo
// content) and deletes that folder when the server stops. Playwright ends it with SIGTERM.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// A fixed folder per port (tests/e2e/support/env.ts sets DATA_DIR), emptied so every run sees the same demo content.
const dataDir = process.env.DATA_DIR ?? path.join(os.tmpdir(), `orbit-e2e-data-${process.env.PORT ?? 3300}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// A clock moved by an earlier run's test starts at the real time again.
if (process.env.TEST_CLOCK_FILE) fs.rmSync(process.env.TEST_CLOCK_FILE, { force: true });
const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

// The tests' mailbox, which the server's SMTP_URL names (tests/e2e/support/env.ts).
if (process.env.E2E_MAILBOX_DIR && process.env.E2E_SMTP_PORT) {
  const { startMailbox } = await import('./e2e-mailbox.mjs');
  await startMailbox(Number(process.env.E2E_SMTP_PORT), process.env.E2E_MAILBOX_DIR);
}

const server = spawn(process.execPath, ['server/start.mjs'], {
  env: { ...process.env, DATA_DIR: dataDir },
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    // The server shuts down on its own signal (it shares our process group); make sure it gets one.
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});
server.on('error', (err) => {
  console.error(`e2e server: could not start node: ${err.message}`);
  removeDataDir();
  process.exit(1);
});
