// The app's Chakra system carries only the recipes of the components the app uses (theme.ts), and
// starts with those of the entry's (the sign-in page's): the rest come with the first lazily
// loaded screen (loadLazyRecipes). A component whose recipe is missing would render unstyled, so:
// every Chakra component a module of the entry imports has its recipe (and those of the components
// it renders) in the system from the start, every other Chakra component in src/ has it in the
// lazily loaded set, and everything else in the system is Chakra's default, unchanged.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type * as chakra from '@chakra-ui/react';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it, vi } from 'vitest';
import { appSystem, chakraConfig, loadLazyRecipes, signInRecipes } from './theme';
import { lazyRecipes } from './theme-lazy-recipes';

const root = join(__dirname, '..', '..');
const chakraEsm = join(root, 'node_modules', '@chakra-ui', 'react', 'dist', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The modules the entry (src/main.tsx) imports, directly or through others, without a dynamic
 * import: what the sign-in page can render before any more code is loaded.
 */
function entryModules(): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    found.add(file);
    const source = readFileSync(file, 'utf8');
    const from = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm;
    for (const [, named, bare] of source.matchAll(from)) {
      const base = resolve(dirname(file), (named ?? bare)!);
      const module = ['.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((suffix) => `${base}${suffix}`)
        .find((path) => existsSync(path));
      if (module) visit(module);
    }
  };
  visit(join(root, 'src', 'main.tsx'));
  return [...found];
}

/** The names each file imports from '@chakra-ui/react' (values, not types); all of src/ at first. */
function chakraImports(files = sourceFiles(join(root, 'src'))): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim();
        if (!name || name.startsWith('type ')) continue;
        users.set(name, [...(users.get(name) ?? []), relative(root, file)]);
      }
    }
  }
  return users;
}

/** Where Chakra's index takes each exported name from. */
function chakraExports(): Map<string, string> {
  const index = readFileSync(join(chakraEsm, 'index.js'), 'utf8');
  const files = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const [, local, from] of index.matchAll(/import \* as (\S+) from '([^']+)'/g)) {
    namespaces.set(local!, from!);
  }
  for (const [, names, from] of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of names!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/);
      const file = from ?? namespaces.get(local!.trim());
      if (file) files.set(exported!.trim(), join(chakraEsm, file));
    }
  }
  return files;
}

/** The recipe keys a Chakra module uses, with those of the Chakra components it imports. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file) || !file.startsWith(join(chakraEsm, 'components'))) return keys;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, key] of source.matchAll(/key: "(\w+)"/g)) keys.add(key!);
  for (const [, from] of source.matchAll(/from '(\.[^']+)'/g)) {
    const imported = resolve(dirname(file), from!);
    if (existsSync(imported)) for (const key of recipeKeys(imported, seen)) keys.add(key);
  }
  return keys;
}

const defaults = {
  ...defaultConfig.theme!.recipes,
  ...defaultConfig.theme!.slotRecipes,
} as Record<string, unknown>;
const atStart = {
  ...chakraConfig.theme!.recipes,
  ...chakraConfig.theme!.slotRecipes,
} as Record<string, unknown>;
const lazy = { ...lazyRecipes.recipes, ...lazyRecipes.slotRecipes } as Record<string, unknown>;
const ours = { ...atStart, ...lazy };

/** What is missing from `recipes` for the Chakra components `users` import. */
function missingRecipes(
  users: Map<string, string[]>,
  recipes: Record<string, unknown>,
  where: string,
): { missing: string[]; components: number } {
  const exports = chakraExports();
  const missing: string[] = [];
  let components = 0;
  for (const [name, files] of users) {
    const file = exports.get(name);
    expect(file, `${name} is exported by @chakra-ui/react`).toBeDefined();
    const keys = [...recipeKeys(file!)].filter((key) => key in defaults);
    if (keys.length > 0) components++;
    for (const key of keys) {
      if (!isDeepStrictEqual(recipes[key], defaults[key])) {
        missing.push(`${key} (for ${name} in ${files[0]}): add Chakra's recipe to ${where}`);
      }
    }
  }
  return { missing, components };
}

describe('the Chakra system', () => {
  it('is made at its first use, once (the start makes it in a task of its own)', async () => {
    vi.resetModules();
    const made = vi.fn();
    vi.doMock('@chakra-ui/react', async (importOriginal) => {
      const original = await importOriginal<typeof chakra>();
      return {
        ...original,
        createSystem: (...configs: Parameters<typeof chakra.createSystem>) => {
          made();
          return original.createSystem(...configs);
        },
      };
    });
    try {
      const theme = await import('./theme');
      expect(made).not.toHaveBeenCalled();
      const system = theme.appSystem();
      expect(theme.appSystem()).toBe(system);
      expect(made).toHaveBeenCalledTimes(1);
      expect(system.getRecipe('button')).toBeDefined();
    } finally {
      vi.doUnmock('@chakra-ui/react');
      vi.resetModules();
    }
  });

  it("has the recipe of every Chakra component src/ uses, Chakra's own", () => {
    const { missing, components } = missingRecipes(
      chakraImports(),
      ours,
      'src/components/theme-lazy-recipes.ts',
    );
    expect(missing).toEqual([]);
    // The scan finds what it looks for: Button's recipe, and the spinner its loading state shows.
    expect(components).toBeGreaterThan(10);
    expect(recipeKeys(chakraExports().get('Button')!)).toEqual(new Set(['button', 'spinner']));
  });

  it("starts with the recipe of every Chakra component the entry's modules use", () => {
    const modules = entryModules();
    const { missing, components } = missingRecipes(
      chakraImports(modules),
      atStart,
      "src/components/theme.ts's signInRecipes",
    );
    expect(missing).toEqual([]);
    // The scan follows the entry's static imports and stops at its dynamic ones.
    const names = modules.map((file) => relative(root, file));
    expect(names).toContain('src/app/sign-in-screen.tsx');
    expect(names).not.toContain('src/app/layout.tsx');
    expect(components).toBeGreaterThan(5);
  });

  it('leaves out of the start what the entry does not use, and loads it once asked', async () => {
    expect(Object.keys(lazy).filter((key) => key in atStart)).toEqual([]);
    const exports = chakraExports();
    const entryKeys = new Set(
      [...chakraImports(entryModules()).keys()].flatMap((name) => [
        ...recipeKeys(exports.get(name)!),
      ]),
    );
    expect(Object.keys(atStart).filter((key) => !entryKeys.has(key))).toEqual([]);
    expect(appSystem().getSlotRecipe('tabs')).toBeUndefined();
    await loadLazyRecipes();
    // Chakra reads a recipe from the system's theme when a component first renders one.
    expect(appSystem().getSlotRecipe('tabs')).toEqual(defaults.tabs);
    expect(appSystem().getRecipe('badge')).toEqual(defaults.badge);
    expect(appSystem().getRecipe('button')).toEqual(defaults.button);
  });

  it('finds a component whose recipe is left out (the check can fail)', () => {
    const accordion = recipeKeys(chakraExports().get('Accordion')!);
    expect(accordion.has('accordion')).toBe(true);
    expect(ours.accordion).toBeUndefined();
    expect(missingRecipes(new Map([['Accordion', ['x.tsx']]]), ours, 'x').missing).toHaveLength(1);
  });

  it("is Chakra's default theme apart from the recipes left out", () => {
    const { recipes: _r, slotRecipes: _s, ...theme } = chakraConfig.theme!;
    const { recipes: _dr, slotRecipes: _ds, ...defaultTheme } = defaultConfig.theme!;
    expect(theme).toEqual(defaultTheme);
    const { theme: _t, ...rest } = chakraConfig;
    const { theme: _dt, ...defaultRest } = defaultConfig;
    expect(rest).toEqual(defaultRest);
    for (const [key, recipe] of Object.entries(ours)) expect(recipe, key).toEqual(defaults[key]);
    expect(chakraConfig.theme!.recipes).toEqual(signInRecipes.recipes);
    expect(chakraConfig.theme!.slotRecipes).toEqual(signInRecipes.slotRecipes);
    // The app's system is made from it (with the brand on top).
    expect(appSystem()._config.theme?.recipes?.button).toEqual(defaults.button);
    expect(appSystem()._config.theme?.slotRecipes?.accordion).toBeUndefined();
  });
});
