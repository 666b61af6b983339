import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: unit and API tests run without the React Router plugin.
export default defineConfig({
  test: {
    include: ['{common,server,app,content,scripts}/**/*.test.{ts,tsx}', 'eslint-rules/*.test.js'],
    environment: 'node',
    testTimeout: 30_000,
    // The files of one worker share its loaded modules instead of loading the app again for each of 186 files:
    // the suite takes two thirds of the time (4.5 min against 6.7 on 2 cores). Every file opens its own
    // database and app (server/test-support), and no test replaces a module (no vi.mock), so no state is shared
    // through them.
    isolate: false,
    // One file per core, not Vitest's default of one fewer: most files wait on their database, their files and the
    // child processes they start, so two at once on 2 cores took the suite from 330 s to 175 s here.
    maxWorkers: os.availableParallelism(),
    // Passwords hashed at a test-only cost (server/auth/password.ts): the production cost made hashing half of
    // the suite's time. server/auth/password.test.ts and scripts/admin.test.ts check the production cost.
    env: { PASSWORD_HASH_COST: 'test' },
  },
});
