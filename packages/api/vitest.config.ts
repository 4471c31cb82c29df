import { defineConfig } from 'vitest/config';

// Each test file makes its own fresh database, which takes a moment on a 2-core machine.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
