import { defineConfig } from 'vitest/config';

// Journeys in headless Chromium against the real server; one file at a time on a 2-core machine.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
