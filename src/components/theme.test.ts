// The app's Chakra system carries only the recipes of the components the app uses (theme.ts).
// A component whose recipe is missing would render unstyled, so: every Chakra component imported
// anywhere in src/ has its recipe (and those of the components it renders) in the system, and
// everything else in the system is Chakra's default, unchanged.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { chakraConfig, system } from './theme';

const root = join(__dirname, '..', '..');
const chakraEsm = join(root, 'node_modules', '@chakra-ui', 'react', 'dist', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The names each file of src/ imports from '@chakra-ui/react' (values, not types). */
function chakraImports(): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const file of sourceFiles(join(root, 'src'))) {
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
const ours = {
  ...chakraConfig.theme!.recipes,
  ...chakraConfig.theme!.slotRecipes,
} as Record<string, unknown>;

describe('the Chakra system', () => {
  it("has the recipe of every Chakra component src/ uses, Chakra's own", () => {
    const exports = chakraExports();
    const missing: string[] = [];
    let components = 0;
    for (const [name, files] of chakraImports()) {
      const file = exports.get(name);
      expect(file, `${name} is exported by @chakra-ui/react`).toBeDefined();
      const keys = [...recipeKeys(file!)].filter((key) => key in defaults);
      if (keys.length > 0) components++;
      for (const key of keys) {
        if (!isDeepStrictEqual(ours[key], defaults[key])) {
          missing.push(
            `${key} (for ${name} in ${files[0]}): add Chakra's recipe to src/components/theme.ts`,
          );
        }
      }
    }
    expect(missing).toEqual([]);
    // The scan finds what it looks for: Button's recipe, and the spinner its loading state shows.
    expect(components).toBeGreaterThan(10);
    expect(recipeKeys(exports.get('Button')!)).toEqual(new Set(['button', 'spinner']));
  });

  it('finds a component whose recipe is left out (the check can fail)', () => {
    const accordion = recipeKeys(chakraExports().get('Accordion')!);
    expect(accordion.has('accordion')).toBe(true);
    expect(ours.accordion).toBeUndefined();
  });

  it("is Chakra's default theme apart from the recipes left out", () => {
    const { recipes: _r, slotRecipes: _s, ...theme } = chakraConfig.theme!;
    const { recipes: _dr, slotRecipes: _ds, ...defaultTheme } = defaultConfig.theme!;
    expect(theme).toEqual(defaultTheme);
    const { theme: _t, ...rest } = chakraConfig;
    const { theme: _dt, ...defaultRest } = defaultConfig;
    expect(rest).toEqual(defaultRest);
    for (const [key, recipe] of Object.entries(ours)) expect(recipe, key).toEqual(defaults[key]);
    // The app's system is made from it (with the brand on top).
    expect(system._config.theme?.recipes?.button).toEqual(defaults.button);
    expect(system._config.theme?.slotRecipes?.accordion).toBeUndefined();
  });
});
