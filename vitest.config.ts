import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: unit and API tests run without the React Router plugin.
export default defineConfig({
  test: {
    include: ['{common,server,app,content,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
