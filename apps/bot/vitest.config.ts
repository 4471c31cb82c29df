import { defineConfig } from 'vitest/config';

// The CLI tests spawn node with tsx, which takes a moment on a busy 2-core machine.
export default defineConfig({ test: { testTimeout: 30_000 } });
