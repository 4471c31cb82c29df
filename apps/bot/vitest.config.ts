import { defineConfig } from 'vitest/config';

// The CLI tests spawn node with tsx, and the end-to-end files start the real server on a fresh
// database first: both take a moment on a busy 2-core machine.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
