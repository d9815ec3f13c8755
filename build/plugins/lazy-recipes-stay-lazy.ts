/**
 * A guard: fails the build when an entry would load the lazy recipes' chunk at once.
 *
 * Why: the recipes the sign-in page does not draw are a chunk of their own
 * (src/components/theme-lazy-recipes.ts, reached through lazyChakraTheme), loaded after the first
 * screen. One static import of it from the entry's code puts it back on the sign-in page's
 * critical path, and nothing else would say so.
 *
 * Without it: such a regression ships silently, and the first paint waits for the recipes again.
 */
import type { Plugin, Rollup } from 'vite';

export function lazyRecipesStayLazy(): Plugin {
  return {
    name: 'chairside-lazy-recipes-stay-lazy',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file): Rollup.OutputChunk[] =>
        file.type === 'chunk' ? [file] : [],
      );
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
