/**
 * Chakra's global styles, from the build (src/components/theme.ts's appSystem).
 *
 * Why: createSystem makes them at once (its CSS reset, global CSS and every token as a CSS
 * variable: 40 KB of CSS, about half its work) and Emotion serialises them again when the provider
 * first renders: both in the longest tasks of the app's start on a phone. The build's sign-in page
 * already carries them (prerenderSignIn puts Emotion's global style elements in index.html, which
 * every screen loads), so:
 *  - Chakra's system.js makes them only when they are read (`_global`, a getter); and
 *  - 'virtual:chakra-global-name' is the name Emotion gives them, worked out by the build-time
 *    renderer with Chakra as published. appSystem hands the provider the style element of that
 *    name, which Emotion takes over as it is instead of making it again. Outside the build (dev,
 *    tests, the renderer itself: `renderer` null) it is null and Chakra makes them as usual.
 *
 * Without it: 'virtual:chakra-global-name' does not resolve, and the start pays for the styles
 * twice. The build fails if Chakra's code no longer reads as expected, or if the page it rendered
 * has no global styles of that name.
 */
import type { Plugin } from 'vite';
import type { BuildTimeRenderer } from './build-time-renderer';

export const CHAKRA_GLOBAL_NAME = 'virtual:chakra-global-name';

const SYSTEM = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '\n    _global,\n';

/** Chakra's system.js with `_global` made when it is first read; throws if it reads otherwise. */
export function lazyGlobalStyles(code: string): string {
  if (!code.includes(EAGER) || code.split(RETURNED).length !== 2) {
    throw new Error("Chakra's createSystem no longer makes _global as expected");
  }
  return code
    .replace(EAGER, 'let _global;')
    .replace(
      RETURNED,
      '\n    get _global() {\n' +
        '      return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n' +
        '    },\n    set _global(value) {\n      _global = value;\n    },\n',
    );
}

export function chakraGlobalFromBuild(renderer: BuildTimeRenderer | null): Plugin {
  let build = false;
  let builtName: string | undefined;
  return {
    name: 'chairside-chakra-global-from-build',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(source) {
      return source === CHAKRA_GLOBAL_NAME ? `\0${CHAKRA_GLOBAL_NAME}` : null;
    },
    async load(id) {
      if (id !== `\0${CHAKRA_GLOBAL_NAME}`) return null;
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
      try {
        return lazyGlobalStyles(code);
      } catch (error) {
        this.error(`${id}: ${(error as Error).message}`);
      }
    },
  };
}
