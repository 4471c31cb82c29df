import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite-precompress';
import { prerender } from './vite-prerender';

const api = process.env.DOLYA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    prerender(),
    precompress(),
  ],
  server: { port: 5173, proxy: { '/api': api, '/trpc': api } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // Every browser the build targets preloads modules itself; the polyfill would ride in every
    // page's entry for nothing (issue 14). Where one does not, a preload is only a lost head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React and the router in one chunk: every page needs all of it, and one file compresses
        // better and costs one request instead of a dozen small ones (about 2 kB gzipped less).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store))[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
});
