import { defineConfig } from 'vitest/config';

// OPS_SPECS=upload-crash,backup-restore: only those files (tests/{ops,scale}/<name>.test.ts), to run a few
// while working on them.
const OPS_SPECS = process.env.OPS_SPECS?.split(',').map((name) => `tests/{ops,scale}/**/${name.trim()}.test.ts`);

// Tests that start real server processes (tests/ops, tests/scale): one file at a time, so the
// processes of one file do not compete for the 2 cores with another's, and with longer time limits.
export default defineConfig({
  test: {
    include: OPS_SPECS ?? ['tests/{ops,scale}/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/ops/global-setup.ts'],
  },
});
