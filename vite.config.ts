/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#0f4c5c';

/** Where each role area's routes live: its chunk is named area-<role>-<hash>.js. */
const AREA_ROUTES = /[\\/]src[\\/]areas[\\/]([^\\/]+)[\\/]routes\.tsx$/;

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Chairside Service',
        short_name: 'Chairside',
        description:
          'Field service, installations, warranties and parts for S30 Sigma and U500 Ambidextrous dental chairs. Works without signal.',
        theme_color: THEME,
        background_color: '#f4f7f8',
        display: 'standalone',
        start_url: './',
        scope: './',
        orientation: 'any',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: 'icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/auth\//, /^\/rest\//],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  build: {
    target: 'es2022',
    // The entry (React, Chakra, the router, supabase-js, Dexie and the session) is the largest.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Each role area's chunk is named after it, so the bench and the network panel say which
        // area a page loaded. Libraries stay with Rolldown's automatic chunking: grouping them
        // into vendor chunks made the sign-in page load more (measured: 353 KB gzip against 337).
        chunkFileNames: (chunk) => {
          const area = AREA_ROUTES.exec(chunk.facadeModuleId ?? '');
          return area ? `assets/area-${area[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    // Both cores of the CI machine kind (vitest would otherwise use one here).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sync/**/*.test.ts', 'server/**/*.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          environment: 'node',
          include: ['tests/bench/**/*.bench.test.ts'],
          testTimeout: 1_200_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
