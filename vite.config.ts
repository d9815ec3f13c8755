/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const THEME = '#0f4c5c';

/** Where each role area's routes live: its chunk is named area-<role>-<hash>.js. */
const AREA_ROUTES = /[\\/]src[\\/]areas[\\/]([^\\/]+)[\\/]routes\.tsx$/;

/**
 * `@chakra-ui/react/theme?lazy`: Chakra's theme module and its recipes once more, as modules of
 * their own (their ids end in ?lazy), for src/components/theme-lazy-recipes.ts. Any Chakra import
 * reaches every recipe through Chakra's index modules, so rolldown counts each recipe the app uses
 * among the entry's modules: moved to another chunk, it would be loaded with the entry all the
 * same. Reached only under this name, the recipes are the lazily loaded chunk's own. The dev server
 * and the tests use the module itself.
 */
function lazyChakraTheme(): Plugin {
  const LAZY = '?lazy';
  const CHAKRA_THEME = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]/;
  let build = false;
  // Side-effect free, as Chakra's package.json says of every module (a new id loses that).
  const lazy = (id: string) => ({ id: `${id}${LAZY}`, moduleSideEffects: false });
  return {
    name: 'chairside-lazy-chakra-theme',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    async resolveId(source, importer, options) {
      if (source === `@chakra-ui/react/theme${LAZY}`) {
        const theme = await this.resolve('@chakra-ui/react/theme', importer, options);
        return build && theme ? lazy(theme.id) : theme;
      }
      // What a ?lazy module of Chakra's theme imports from its own folder is ?lazy too; the rest
      // (anatomy, the styled system) is the entry's.
      if (!importer?.endsWith(LAZY) || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer.slice(0, -LAZY.length), options);
      return resolved && CHAKRA_THEME.test(resolved.id) ? lazy(resolved.id) : resolved;
    },
  };
}

/**
 * Emotion's class-name hash, remembered (src/lib/emotion-hash.ts): every import of '@emotion/hash'
 * but that module's own is routed to it. The same hash function, so the same class names.
 */
function rememberedEmotionHash(): Plugin {
  const remembered = fileURLToPath(new URL('./src/lib/emotion-hash.ts', import.meta.url));
  return {
    name: 'chairside-remembered-emotion-hash',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@emotion/hash' || !importer || importer === remembered) return null;
      return remembered;
    },
    // Fails the build when Emotion's serialiser no longer reaches the hash by that import.
    generateBundle() {
      const serialize = [...this.getModuleIds()].find((id) =>
        /@emotion[\\/]serialize[\\/]/.test(id),
      );
      if (serialize && !this.getModuleInfo(serialize)?.importedIds.includes(remembered)) {
        this.error(
          `${serialize} does not import src/lib/emotion-hash.ts: Emotion's hash is not remembered`,
        );
      }
    },
  };
}

/** Fails the build when an entry would load the lazy recipes' chunk at once (lazyChakraTheme). */
function lazyRecipesStayLazy(): Plugin {
  return {
    name: 'chairside-lazy-recipes-stay-lazy',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const recipes = chunks.find((chunk) => chunk.name === 'theme-lazy-recipes');
      if (!recipes)
        this.error('no theme-lazy-recipes chunk (src/components/theme-lazy-recipes.ts)');
      const eager = chunks.filter(
        (chunk) => chunk.isEntry && chunk.imports.includes(recipes.fileName),
      );
      if (eager.length > 0) {
        this.error(
          `${eager.map((chunk) => chunk.fileName).join(', ')} imports ${recipes.fileName} at once: ` +
            "the lazy recipes must come from '@chakra-ui/react/theme?lazy' only",
        );
      }
    },
  };
}

/**
 * A Vite server for running the app's modules in Node at build time (the name of Chakra's global
 * styles, then the sign-in page's render), without this config's plugins: Chakra as published.
 * One per build, opened at its first use and closed once the sign-in page is rendered (the last
 * use) or the bundle is closed.
 */
function buildTimeRenderer() {
  let opened: ReturnType<typeof createServer> | undefined;
  return {
    get() {
      opened ??= createServer({
        configFile: false,
        mode: 'production',
        // Not a build: 'virtual:chakra-global-name' is null, Chakra makes its global styles itself.
        plugins: [react(), chakraGlobalFromBuild(null)],
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        appType: 'custom',
        logLevel: 'warn',
        ssr: { noExternal: ['workbox-window'] },
      });
      return opened;
    },
    async close() {
      const server = opened;
      opened = undefined;
      await (await server)?.close();
    },
  };
}
type BuildTimeRenderer = ReturnType<typeof buildTimeRenderer>;

/**
 * Chakra's global styles, from the build (src/components/theme.ts's appSystem). createSystem
 * makes them at once (its CSS reset, global CSS and every token as a CSS variable: 40 KB of CSS,
 * about half its work) and Emotion serialises them again when the provider first renders: both
 * in the longest tasks of the app's start on a phone. The build's sign-in page already carries
 * them (prerenderSignIn puts Emotion's global style elements in index.html, which every screen
 * loads), so:
 *  - Chakra's system.js makes them only when they are read (`_global`, a getter); and
 *  - 'virtual:chakra-global-name' is the name Emotion gives them, worked out here with Chakra as
 *    published. appSystem hands the provider the style element of that name, which Emotion takes
 *    over as it is instead of making it again. Outside the build (dev, tests) it is null and
 *    Chakra makes them as usual.
 * The build fails if Chakra's code no longer reads as expected.
 */
function chakraGlobalFromBuild(renderer: BuildTimeRenderer | null): Plugin {
  const NAME = 'virtual:chakra-global-name';
  const SYSTEM = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
  const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  const RETURNED = '\n    _global,\n';
  let build = false;
  let builtName: string | undefined;
  return {
    name: 'chairside-chakra-global-from-build',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(source) {
      return source === NAME ? `\0${NAME}` : null;
    },
    async load(id) {
      if (id !== `\0${NAME}`) return null;
      if (!build || !renderer) return 'export default null;';
      const server = await renderer.get();
      const { appSystem } = (await server.ssrLoadModule('/src/components/theme.ts')) as {
        appSystem: () => { _global: unknown };
      };
      // What Emotion's <Global> does with them: serializeStyles([styles]), as css() does.
      const { css } = await import('@emotion/react');
      const serialized = css(appSystem()._global as Parameters<typeof css>[0]);
      if (serialized.next) this.error("Chakra's global styles hold keyframes Emotion keeps apart");
      builtName = serialized.name;
      return `export default ${JSON.stringify(serialized.name)};`;
    },
    // After prerenderSignIn: the page the build rendered holds the styles by that name.
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (builtName !== undefined && !html.includes(`data-emotion="css-global ${builtName}"`)) {
          throw new Error(`index.html has no Chakra global styles named ${builtName}`);
        }
      },
    },
    transform(code, id) {
      if (!build || !SYSTEM.test(id)) return null;
      if (!code.includes(EAGER) || code.split(RETURNED).length !== 2) {
        this.error(`${id}: Chakra's createSystem no longer makes _global as expected`);
      }
      return code
        .replace(EAGER, 'let _global;')
        .replace(
          RETURNED,
          '\n    get _global() {\n' +
            '      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n' +
            '    },\n    set _global(value) {\n      _global = value;\n    },\n',
        );
    },
  };
}

/**
 * The sign-in page, rendered by the build (src/prerender.tsx: the app's own tree at /login) into
 * index.html with its styles, so a first visit paints it before any JavaScript has loaded, let
 * alone run. The entry is preloaded instead of run: public/boot.js starts it at once for a stored
 * session or another screen (hiding the build's page), and on the sign-in page at the visitor's
 * first touch, key or focus; the app then hydrates the page as it is (src/main.tsx).
 */
function prerenderSignIn(renderer: BuildTimeRenderer): Plugin {
  return {
    name: 'chairside-prerender-sign-in',
    apply: 'build',
    closeBundle: () => renderer.close(),
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        let markup: string;
        try {
          const server = await renderer.get();
          const { renderSignIn } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
            renderSignIn: () => string;
          };
          markup = renderSignIn();
        } finally {
          await renderer.close();
        }
        // next-themes' inline script would be refused by the CSP (script-src 'self'): boot.js
        // sets the colour mode before the first paint instead, and this one stays inert.
        const inline = markup.split('<script>').length - 1;
        if (inline !== 1)
          throw new Error(`prerender: expected next-themes' one inline script, found ${inline}`);
        markup = markup.replace('<script>', '<script type="text/plain">');
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry || !html.includes('<div id="root"></div>')) {
          throw new Error('prerender: index.html has no entry script or no empty #root');
        }
        const base = entry[1]!.slice(0, entry[1]!.indexOf('assets/'));
        // Emotion renders each style beside the element it styles: 68 KB of CSS through the body,
        // which Chromium painted part by part as it parsed it (the card, centred, moving up as
        // its form came in: a layout shift of 0.09-0.16 on a phone). In the head, the body's
        // markup is painted whole. The app's emotion cache moves server-rendered styles into the
        // head anyway before it hydrates (and reads them from anywhere in the document).
        const styles: string[] = [];
        markup = markup.replace(/<style data-emotion="[^"]*">[\s\S]*?<\/style>/g, (style) => {
          styles.push(style);
          return '';
        });
        if (styles.length === 0 || markup.includes('<style'))
          throw new Error("prerender: expected emotion's styles, and no other style in the markup");
        if (!html.includes('</head>')) throw new Error('prerender: index.html has no </head>');
        // And the first paint waits for the page's last element (a render-blocking `expect` link):
        // a page painted before its form has been parsed still moves when the form comes.
        return html
          .replace(
            '</head>',
            `    ${styles.join('\n    ')}\n` +
              `    <link rel="expect" href="#prerendered-end" blocking="render">\n  </head>`,
          )
          .replace(
            entry[0],
            `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>\n` +
              `    <style>html[data-boot='app'] #root[data-prerendered] { display: none; }</style>\n` +
              `    <script src="${base}boot.js"></script>`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered>${markup}</div><span id="prerendered-end" hidden></span>`,
          );
      },
    },
  };
}

const renderer = buildTimeRenderer();

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
        // wasm: the label scanner's ZXing decoder (src/lib/barcode-reader.ts), bundled with the
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
    // (tests/setup/patience.ts); each project's time limit is a hang's, not a slow machine's.
    expect: { poll: { timeout: 30_000 } },
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
          include: ['src/**/*.test.ts', 'sync/**/*.test.ts', 'server/**/*.test.ts'],
          setupFiles: ['./vitest.setup-node.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
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
          setupFiles: ['./tests/setup/fresh-modules.ts'],
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
