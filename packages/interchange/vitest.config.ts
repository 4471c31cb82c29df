import { defineConfig } from 'vitest/config';

// The property tests write and read a few hundred random exports: seconds on a busy 2-core machine.
export default defineConfig({ test: { testTimeout: 30_000 } });
