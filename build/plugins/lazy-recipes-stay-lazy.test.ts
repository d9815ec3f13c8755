import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { lazyRecipesStayLazy } from './lazy-recipes-stay-lazy';
import { fails, hook } from './testing/hooks';

type Chunk = Pick<Rollup.OutputChunk, 'type' | 'name' | 'fileName' | 'isEntry' | 'imports'>;

const chunk = (name: string, fields: Partial<Chunk> = {}): Chunk => ({
  type: 'chunk',
  name,
  fileName: `assets/${name}-abc123.js`,
  isEntry: false,
  imports: [],
  ...fields,
});
const RECIPES = chunk('theme-lazy-recipes');

/** generateBundle over a bundle of `chunks` (and a stylesheet, which it passes over). */
function generate(chunks: Chunk[]) {
  const bundle = Object.fromEntries(
    [...chunks, { type: 'asset', fileName: 'assets/index.css' }].map((file) => [
      file.fileName,
      file,
    ]),
  );
  const plugin = lazyRecipesStayLazy();
  return () =>
    hook(plugin, 'generateBundle').call(
      { error: fails } as never,
      {} as never,
      bundle as never,
      false,
    );
}

describe('lazyRecipesStayLazy', () => {
  it('runs in a build only', () => {
    expect(lazyRecipesStayLazy().apply).toBe('build');
  });

  it('passes a bundle whose entry loads the lazy recipes only later', () => {
    const entry = chunk('index', { isEntry: true, imports: ['assets/react-abc123.js'] });
    const later = chunk('theme-lazy', { imports: [RECIPES.fileName] });
    expect(generate([entry, later, RECIPES])).not.toThrow();
  });

  it('fails the build, naming the entry, when an entry imports them at once', () => {
    const entry = chunk('index', { isEntry: true, imports: [RECIPES.fileName] });
    expect(generate([entry, RECIPES])).toThrow(
      `assets/index-abc123.js imports ${RECIPES.fileName} at once`,
    );
  });

  it('fails the build when there is no lazy recipes chunk at all', () => {
    expect(generate([chunk('index', { isEntry: true })])).toThrow('no theme-lazy-recipes chunk');
  });
});
