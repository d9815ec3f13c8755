// Product theme: brand teal, readable type scale, light and dark, 44 px touch targets.
//
// Chakra's default theme with only the recipes of the components the app uses (Chakra's "bundle
// optimization" guide): every one of its 70-odd component recipes would otherwise be on the
// sign-in page, about a tenth of its JavaScript. And of those, the system starts with the recipes
// of what the entry can render (the sign-in page, the loading and error states): the rest
// (theme-lazy-recipes.ts) are added by loadLazyRecipes, which every lazily loaded screen waits
// for (src/app/lazy.tsx), so a first visit's sign-in page loads none of them. theme.test.ts
// requires a recipe here for every Chakra component the entry's modules import, one in either
// set for every other Chakra component in src/, and the rest of the theme to be Chakra's default.
import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import type { SerializedStyles } from '@emotion/react';
import builtGlobalName from 'virtual:chakra-global-name';
import {
  alertSlotRecipe,
  animationStyles,
  breakpoints,
  buttonRecipe,
  collapsibleSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import type { ThemeRecipes } from './theme-lazy-recipes';

/** The recipes of the components the entry renders: the sign-in page, loading and error states. */
export const signInRecipes = {
  recipes: {
    button: buttonRecipe,
    heading: headingRecipe,
    icon: iconRecipe,
    input: inputRecipe,
    link: linkRecipe,
    spinner: spinnerRecipe,
  },
  slotRecipes: {
    alert: alertSlotRecipe,
    collapsible: collapsibleSlotRecipe,
    field: fieldSlotRecipe,
  },
} satisfies ThemeRecipes;

/** Chakra's defaultConfig, but with the recipes of the sign-in page only (the rest come later). */
export const chakraConfig = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: { ...signInRecipes.recipes },
      slotRecipes: { ...signInRecipes.slotRecipes },
    },
  }),
);

const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%', bg: 'bg.subtle', color: 'fg' },
    button: { minHeight: '44px' },
    // Focus rings at least 2 px everywhere: Chakra's inputs draw 1 px by default (WCAG 2.4.11).
    ':root': { '--focus-ring-width': '2px' },
    // Links without a recipe (a card's LinkOverlay) drew the browser's 1 px ring.
    a: { focusVisibleRing: 'outside' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e6f3f4' },
          100: { value: '#c2e2e5' },
          200: { value: '#9ad1d4' },
          300: { value: '#5fb3ba' },
          400: { value: '#2f939c' },
          500: { value: '#16697a' },
          600: { value: '#0f4c5c' },
          700: { value: '#0b3a47' },
          800: { value: '#082a33' },
          900: { value: '#041a20' },
          950: { value: '#020e12' },
        },
      },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        // Error text at 4.5:1 or more on white and bg.subtle (Chakra's red.500 is 3.6:1).
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } } },
        // Grey focus rings (inputs, grey and outline buttons) at 3:1 or more against the page:
        // Chakra's gray.400 is 2.5:1 on white.
        gray: { focusRing: { value: { _light: '{colors.gray.600}', _dark: '{colors.gray.400}' } } },
        // The same for the light palettes' buttons (Extend +3 Years is orange: orange.500 is 2.8:1).
        orange: {
          focusRing: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.400}' } },
        },
        yellow: {
          focusRing: { value: { _light: '{colors.yellow.700}', _dark: '{colors.yellow.400}' } },
        },
        green: {
          focusRing: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
        },
        teal: { focusRing: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.400}' } } },
        cyan: { focusRing: { value: { _light: '{colors.cyan.700}', _dark: '{colors.cyan.400}' } } },
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.700}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.300}' } },
        },
      },
    },
  },
});

let system: SystemContext | undefined;

/**
 * The app's Chakra system, made at its first use. Making it is the largest single piece of the
 * app's start (about 20 ms on a desktop, four times that on a phone, half of it the global styles
 * the build's page already holds: builtGlobalStyles): src/main.tsx makes it in a task of its own,
 * between evaluating the entry and rendering.
 */
export function appSystem(): SystemContext {
  if (!system) {
    system = createSystem(chakraConfig, config);
    const built = builtGlobalStyles();
    // Emotion takes an already serialised style as it is: the provider's <Global> then finds the
    // build's style element by its name and keeps it, and Chakra never makes its own.
    if (built) system._global = built as unknown as SystemContext['_global'];
  }
  return system;
}

/**
 * Chakra's global styles (CSS reset, global CSS, the tokens' variables) as the build rendered them
 * into index.html (build/plugins/chakra-global-from-build.ts): their name and, should Emotion ever
 * insert them again, their CSS. Null outside the build or when the page has no such element.
 */
export function builtGlobalStyles(
  name: string | null = builtGlobalName,
  doc: Pick<Document, 'querySelector'> | null = globalThis.document ?? null,
): SerializedStyles | null {
  const element = name && doc?.querySelector(`style[data-emotion="css-global ${name}"]`);
  return element ? { name: name, styles: element.textContent ?? '' } : null;
}

let lazyRecipesAdded: Promise<void> | undefined;

/**
 * Adds the recipes of every other component the app uses to the app's system (once; again after
 * a failed load). Chakra looks a component's recipe up in the system's theme when it first renders
 * one (and keeps what it found), so whatever renders after this resolves is styled as if the
 * system had them from the start; nothing renders before with one of them (the entry's components
 * have theirs from the start, theme.test.ts). The recipes only style components: tokens, global styles and
 * utilities do not depend on them.
 */
export function loadLazyRecipes(): Promise<void> {
  lazyRecipesAdded ??= import('./theme-lazy-recipes').then(
    ({ lazyRecipes }) => {
      const theme = appSystem()._config.theme!;
      Object.assign((theme.recipes ??= {}), lazyRecipes.recipes);
      Object.assign((theme.slotRecipes ??= {}), lazyRecipes.slotRecipes);
    },
    (error: unknown) => {
      lazyRecipesAdded = undefined;
      throw error;
    },
  );
  return lazyRecipesAdded;
}
