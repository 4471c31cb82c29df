import { defineConfig } from 'vitest/config';

// Each test file makes its own fresh database and starts the real server, which takes a moment.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 60_000 } });
