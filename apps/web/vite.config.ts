import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite-precompress';
import { preloadRoutes } from './vite-preload-routes';
import { prerender } from './vite-prerender';

const api = process.env.DOLYA_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    preloadRoutes(),
    prerender(),
    precompress(),
    // The service worker (issue 27): Workbox precaches the built app (code, styles, texts, icons,
    // the prerendered pages), so the shell opens without a connection, and a new build waits for
    // the user's word (src/lib/pwa.ts registers it after the first screen and asks). The manifests
    // are ours (public/, one per language: a manifest holds one language).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Deep links open the app's page; the API and the server's own pages are never the app.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(api|trpc|metrics|health|healthz|readyz)(\/|$)/],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        sourcemap: false,
      },
    }),
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
