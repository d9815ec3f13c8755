import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_CHAKRA_THEME, lazyChakraTheme } from './lazy-chakra-theme';
import { hook } from './testing/hooks';

const ESM = path.resolve('node_modules/@chakra-ui/react/dist/esm');
const THEME = path.join(ESM, 'theme/index.js');

/** resolveId as Vite calls it, with Node's resolution of Chakra's files for `this.resolve`. */
function resolverIn(command: 'build' | 'serve') {
  const plugin = lazyChakraTheme();
  hook(plugin, 'configResolved').call(undefined as never, { command } as never);
  const context = {
    async resolve(source: string, importer?: string) {
      if (source === '@chakra-ui/react/theme') return { id: THEME };
      return { id: path.resolve(path.dirname(importer!), source) };
    },
  };
  return (source: string, importer?: string) =>
    hook(plugin, 'resolveId').call(context as never, source, importer, {} as never);
}

describe('lazyChakraTheme', () => {
  it("resolves the lazy theme to a side-effect-free copy of Chakra's theme module in a build", async () => {
    const resolve = resolverIn('build');
    expect(await resolve(LAZY_CHAKRA_THEME, '/app/src/components/theme-lazy-recipes.ts')).toEqual({
      id: `${THEME}?lazy`,
      moduleSideEffects: false,
    });
  });

  it("makes what a lazy module imports from Chakra's theme folder lazy too, and nothing else", async () => {
    const resolve = resolverIn('build');
    const lazyTheme = `${THEME}?lazy`;
    expect(await resolve('./recipes/button.js', lazyTheme)).toEqual({
      id: `${path.join(ESM, 'theme/recipes/button.js')}?lazy`,
      moduleSideEffects: false,
    });
    // The styled system is the entry's: the same module as every other import of it.
    expect(await resolve('../styled-system/config.js', lazyTheme)).toEqual({
      id: path.join(ESM, 'styled-system/config.js'),
    });
    // Packages, and the imports of modules that are not lazy, are left to Vite.
    expect(await resolve('@pandacss/is-valid-prop', lazyTheme)).toBeNull();
    expect(await resolve('./recipes/button.js', THEME)).toBeNull();
    expect(await resolve('react', '/app/src/main.tsx')).toBeNull();
  });

  it('gives the dev server and the tests the theme module itself', async () => {
    const resolve = resolverIn('serve');
    expect(await resolve(LAZY_CHAKRA_THEME, '/app/src/components/theme-lazy-recipes.ts')).toEqual({
      id: THEME,
    });
  });
});
