/**
 * A Vite server for running the app's modules in Node at build time: chakraGlobalFromBuild asks it
 * for the name of Chakra's global styles, prerenderSignIn for the sign-in page's render. Its
 * plugins are the caller's (vite.config.ts: React and Chakra as published, none of the build's
 * transforms), so what it renders is what the published packages render.
 *
 * One per build: opened at its first use, closed once the sign-in page is rendered (the last use)
 * or the bundle is closed, so a build never leaves a server running.
 *
 * Without it: the two plugins above would each start a server of their own (two per build, as
 * before), or could not run the app's modules at all.
 */
import { createServer, type PluginOption, type ViteDevServer } from 'vite';

export interface BuildTimeRenderer {
  /** The server, opened at the first call. */
  get(): Promise<ViteDevServer>;
  /** Closes the server if it is open; a later get() opens a new one. */
  close(): Promise<void>;
}

export function buildTimeRenderer(plugins: () => PluginOption[]): BuildTimeRenderer {
  let opened: Promise<ViteDevServer> | undefined;
  return {
    get() {
      opened ??= createServer({
        configFile: false,
        mode: 'production',
        plugins: plugins(),
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
