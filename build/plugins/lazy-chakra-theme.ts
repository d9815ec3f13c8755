/**
 * `@chakra-ui/react/theme?lazy`: Chakra's theme module and its recipes once more, as modules of
 * their own (their ids end in ?lazy), for src/components/theme-lazy-recipes.ts.
 *
 * Why: any Chakra import reaches every recipe through Chakra's index modules, so rolldown counts
 * each recipe the app uses among the entry's modules: moved to another chunk, it would be loaded
 * with the entry all the same. Reached only under this name, the recipes are the lazily loaded
 * chunk's own. The dev server and the tests use the module itself.
 *
 * Without it: '@chakra-ui/react/theme?lazy' does not resolve and the build fails; imported by its
 * plain name instead, the recipes the sign-in page never draws load with the entry again
 * (lazyRecipesStayLazy fails the build when that happens).
 */
import type { Plugin } from 'vite';

export const LAZY_CHAKRA_THEME = '@chakra-ui/react/theme?lazy';

const LAZY = '?lazy';
const CHAKRA_THEME = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]/;

export function lazyChakraTheme(): Plugin {
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
      if (source === LAZY_CHAKRA_THEME) {
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
