import { defineConfig } from 'vitest/config';

// Tests that start real server processes (tests/ops, tests/scale): one file at a time, so the
// processes of one file do not compete for the 2 cores with another's, and with longer time limits.
export default defineConfig({
  test: {
    include: ['tests/{ops,scale}/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ['tests/ops/global-setup.ts'],
  },
});
