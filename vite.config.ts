/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { buildTimeRenderer } from './build/plugins/build-time-renderer.ts';
import { chakraGlobalFromBuild } from './build/plugins/chakra-global-from-build.ts';
import { lazyChakraTheme } from './build/plugins/lazy-chakra-theme.ts';
import { lazyRecipesStayLazy } from './build/plugins/lazy-recipes-stay-lazy.ts';
import { prerenderSignIn } from './build/plugins/prerender-sign-in.ts';
import { rememberedEmotionHash } from './build/plugins/remembered-emotion-hash.ts';

const THEME = '#0f4c5c';

/** Where each role area's routes live: its chunk is named area-<role>-<hash>.js. */
const AREA_ROUTES = /[\\/]src[\\/]areas[\\/]([^\\/]+)[\\/]routes\.tsx$/;

// The build's own plugins are in build/plugins/, one file each saying why it exists. The build-time
// renderer runs the app's modules with React and Chakra as published (none of the build's
// transforms): once for the name of Chakra's global styles, once for the sign-in page.
const renderer = buildTimeRenderer(() => [react(), chakraGlobalFromBuild(null)]);

export default defineConfig({
  plugins: [
    react(),
    prerenderSignIn(renderer),
    lazyChakraTheme(),
    rememberedEmotionHash(),
    chakraGlobalFromBuild(renderer),
    lazyRecipesStayLazy(),
    VitePWA({
      // Our own service worker (src/sw.ts, built to dist/sw.js): what the generated one did, and
      // the outbox's background sync (issue 32). The precache manifest is injected into it.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
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
      injectManifest: {
        // wasm: the label scanner's ZXing decoder (src/files/barcode-reader.ts), bundled with the
        // app and precached, so Scan label works without signal.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest,wasm}'],
        // The technical reference's documents (public/docs/) are not precached: each is kept
        // when it is opened or marked "available offline" (src/data/offline-docs.ts), in the
        // cache src/sw.ts serves /docs/ from, so it opens without signal.
        globIgnores: ['docs/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // One classic script: no module worker (registered as before) and no chunks of its own.
        rollupFormat: 'iife',
      },
    }),
  ],
  build: {
    target: 'es2022',
    // The entry holds what the sign-in page needs: React, Chakra (with the recipes it renders),
    // the router and the sign-in form. The session's code (supabase-js, Dexie, sync, the local
    // effects, zod) is a chunk of its own, loaded when a session is stored or the user signs in
    // (src/data/session-deferred.ts); every chunk is precached, so offline start is unchanged.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Each role area's chunk is named after it, so the bench and the network panel say which
        // area a page loaded.
        chunkFileNames: (chunk) => {
          const area = AREA_ROUTES.exec(chunk.facadeModuleId ?? '');
          return area ? `assets/area-${area[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // Everything the entry imports statically goes in the entry's chunk: left to automatic
        // chunking, what it shares with the lazy chunks became three more requests on the sign-in
        // page's critical path, and Lighthouse's first contentful paint went from 2.3-2.4 s to
        // 2.65-2.75 s for the same bytes. Vendor chunks did worse still (353 KB gzip against 337).
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    // Both cores of the CI machine kind (vitest would otherwise use one here).
    maxWorkers: 2,
    // Tests wait for states, never for speed (docs/testing.md): a wait gives up only when its state
    // has clearly not come, on a machine as busy as a laptop with a build running beside it (the
    // suite passes beside `stress-ng --cpu 2`). expect.poll waits 30 s as findBy and vi.waitFor do
    // (tests/setup/patience.ts); each project's time limit is a hang's, not a slow machine's (the
    // unit tests' 120 s: a 50-card list took 61 s at a load of 25 on 2 cores, 22 s at 15).
    expect: { poll: { timeout: 30_000 } },
    // The browser files' times at the end of the run, slowest first (tests/setup/file-times.ts).
    reporters: ['default', ['./tests/setup/file-times.ts', { projects: ['e2e'] }]],
    projects: [
      // The unit tests in two projects (`--project 'unit-*'` runs both). Tests of code without a
      // DOM (*.test.ts) run in Node: a jsdom set up for each of them was half the unit phase. A
      // .ts test that needs a DOM says so in its first line (`@vitest-environment jsdom`).
      // Both reuse one environment and one module graph per worker (isolate: false): every file
      // imported React, Chakra and Dexie again otherwise. Tests leave nothing behind them:
      // fake-indexeddb databases are named per test, the DOM is cleaned after each test, and mocks,
      // stubs and timers are restored by the files that make them.
      {
        extends: true,
        test: {
          name: 'unit-node',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'sync/**/*.test.ts',
            'server/**/*.test.ts',
            'build/**/*.test.ts',
            'tests/setup/**/*.test.ts',
            // The benches' pure helpers (the Lighthouse slowdown's calibration), not the benches.
            'tests/bench/harness/**/*.test.ts',
          ],
          setupFiles: ['./vitest.setup-node.ts'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./vitest.setup.ts'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      // The integration files reuse one worker's packages too (isolate: false; a fresh process per
      // file re-imported supabase-js, pg and PGlite and compiled PGlite's WebAssembly again), with
      // the project's modules evaluated afresh per file (tests/setup/fresh-modules.ts). Each file
      // still opens its own database and servers and closes them in its afterAll.
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['./tests/setup/migrated-pglite.ts'],
          setupFiles: ['./tests/setup/fresh-modules.ts'],
          isolate: false,
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
          globalSetup: ['./tests/setup/migrated-pglite.ts'],
          // file-cpu.ts first: its afterAll runs last, once the file's browser is closed. The
          // served files' cache is the worker's, not a file's (served-files.ts).
          setupFiles: [
            './tests/setup/file-cpu.ts',
            './tests/setup/fresh-modules.ts',
            './tests/setup/served-files.ts',
          ],
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'bench',
          environment: 'node',
          include: ['tests/bench/**/*.bench.test.ts'],
          // The run's header (browser, machine, IndexedDB probe) at the start and atop each file,
          // and the run's whole time at its end.
          globalSetup: ['./tests/bench/harness/run-header.ts'],
          setupFiles: ['./tests/bench/harness/print-header.ts'],
          testTimeout: 1_200_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
