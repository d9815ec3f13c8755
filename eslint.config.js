// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const areas = ['customer', 'admin', 'vendor', 'engineer'];

/**
 * Production code: every file of src/ and sync/ but tests (*.test.*, an area's test-fixtures) and
 * their testing folders (src/testing, sync/testing), which hold the test doubles.
 */
const productionCode = [
  './src/!(*.test|test-fixtures).{ts,tsx}',
  './src/!(testing)/**/!(*.test|test-fixtures).{ts,tsx}',
  './sync/!(*.test|test-fixtures).ts',
  './sync/!(testing)/**/!(*.test|test-fixtures).ts',
];

/** Storage and backend clients: only src/data, src/lib and sync/ may import them. */
const storageImports = {
  paths: [
    {
      name: 'dexie',
      message: 'Only src/data, src/lib and sync/ talk to storage. Use a hook or an action.',
    },
    {
      name: 'dexie-react-hooks',
      message: 'Only src/data wraps live queries. Use a hook from src/data.',
    },
    { name: '@supabase/supabase-js', message: 'Only sync/ and src/lib talk to the backend.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Role areas never import each other.
            ...areas.map((area) => ({
              target: `./src/areas/${area}`,
              from: areas.filter((a) => a !== area).map((a) => `./src/areas/${a}`),
              message:
                'Role areas never import each other: move shared pieces to src/components or src/domain.',
            })),
            // A screen two roles share (the dispatch board: vendors and admins) is imported by
            // their areas' routes and imports none of them.
            {
              target: './src/areas/dispatch',
              from: areas.map((a) => `./src/areas/${a}`),
              message: 'A shared screen imports no role area: the areas import it.',
            },
            // The domain is pure: no React, no storage, no app code.
            {
              target: './src/domain',
              from: [
                './src/app',
                './src/data',
                './src/areas',
                './src/components',
                './src/lib',
                './src/files',
                './sync',
                './server',
              ],
              message: 'src/domain is pure TypeScript.',
            },
            // Screens never import the backend client (src/lib: supabase-js, the session's
            // storage): they read the mirror through src/data's hooks and write with useAction;
            // src/main.tsx hands the client to the session and to sync/. The whole of src/app is
            // in the zone, its shell as its screens: none of it needs the client. The one file it
            // may read is app-env.ts, a parsed value without a client: the sign-in page shows the
            // demo accounts only against the local stand-in, and loads without the session's code.
            {
              target: ['./src/areas', './src/components', './src/app'],
              from: './src/lib',
              except: ['./app-env.ts'],
              message:
                "Screens never import the backend client (src/lib): read with src/data's hooks, write with useAction. Files (CSV, PDF, share, scan, photos) are in src/files.",
            },
            // The file makers: data in, a file's bytes out (or a code read from a frame). No
            // storage, no backend, no React: any screen may load them on demand.
            {
              target: './src/files',
              from: [
                './src/app',
                './src/areas',
                './src/components',
                './src/data',
                './src/lib',
                './sync',
                './server',
              ],
              message:
                'src/files makes files from plain data: it imports only src/domain and src/utils.',
            },
            // Helpers over the platform itself (the next task, the remembered Emotion hash), which
            // every folder may import: they import nothing of the app.
            {
              target: './src/utils',
              from: [
                './src/app',
                './src/areas',
                './src/components',
                './src/data',
                './src/domain',
                './src/files',
                './src/lib',
                './sync',
                './server',
              ],
              message: 'src/utils imports nothing of the app.',
            },
            {
              target: './src/components',
              from: ['./src/data', './src/areas', './sync', './server'],
              message: 'Shared components are presentational: no data access.',
            },
            // Role areas build on the kit, the data hooks and the domain, never on the app shell.
            {
              target: './src/areas',
              from: ['./src/app', './sync', './server'],
              message:
                'Areas import only src/components, src/data, src/domain, src/files and src/utils: paths come from src/domain/paths.ts, toasts and guards from src/components.',
            },
            // src/data reaches the kit only for the toaster store, where useAction's toasts go.
            {
              target: './src/data',
              from: './src/components',
              except: ['./toaster.tsx'],
              message: 'src/data may import only the toaster from src/components.',
            },
            {
              target: './sync',
              from: ['./src/app', './src/areas', './src/components', './server'],
              message: 'sync/ depends only on src/domain, src/data and src/lib.',
            },
            // One direction between the mirror and the engine: sync/ writes src/data, never back.
            {
              target: './src/data',
              from: ['./sync'],
              message:
                'src/data never imports sync/: put what it needs behind a port in src/data (as sync-status.ts and SessionBackend do) and wire sync/ in src/main.tsx.',
            },
            // The areas' tests keep the areas' rule too: the helpers they use (src/testing, but for
            // the app tests' kit, which renders the shell) never reach the shell or sync/.
            {
              target: ['./src/testing/!(app-test-kit).{ts,tsx}'],
              from: ['./src/app', './sync', './server'],
              message:
                "src/testing serves the areas' tests: it builds on src/components, src/data and src/domain (sync/ has its own doubles in sync/testing; the shell's tests use app-test-kit).",
            },
            {
              target: './src/areas',
              from: ['./src/testing/app-test-kit.tsx'],
              message:
                "app-test-kit renders the app shell: an area's test renders its screen with src/testing/session.",
            },
            // Test doubles live in testing folders, and only tests import them.
            {
              target: productionCode,
              from: ['./src/testing', './sync/testing', './tests'],
              message:
                'Production code never imports test doubles (src/testing, sync/testing, tests/).',
            },
            {
              target: './src',
              from: ['./server', './tests'],
              message: 'The app never imports the local server or tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // src/testing builds fake sessions for component tests.
    ignores: ['src/data/**', 'src/lib/**', 'src/testing/**'],
    rules: { 'no-restricted-imports': ['error', storageImports] },
  },
  {
    // The app runs a declarative router (src/app/router.tsx: <HashRouter>, useRoutes): the hooks
    // and routers of react-router's data router would throw there, while the app tests' memory
    // data router (src/testing/app-test-kit.tsx) would let them pass.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/data/**', 'src/lib/**', 'src/testing/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...storageImports.paths,
            {
              name: 'react-router-dom',
              importNames: [
                'createBrowserRouter',
                'createHashRouter',
                'createMemoryRouter',
                'RouterProvider',
                'useBlocker',
                'unstable_usePrompt',
                'useFetcher',
                'useFetchers',
                'useLoaderData',
                'useActionData',
                'useRouteLoaderData',
                'useMatches',
                'useNavigation',
                'useRevalidator',
                'useRouteError',
                'useAsyncValue',
                'useAsyncError',
                'useSubmit',
                'Form',
              ],
              message:
                'The app runs a declarative router (src/app/router.tsx): data-router APIs throw there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...storageImports.paths,
            { name: 'react', message: 'src/domain is pure TypeScript.' },
          ],
        },
      ],
    },
  },
  {
    // Playwright's waitForFunction does not await the predicate: an async one returns a promise,
    // which is truthy at once (the background-sync test once went on before the page had
    // registered its sync). Poll with page.evaluate instead (tests/e2e/steps.ts: eventually).
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='waitForFunction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message:
            "waitForFunction takes an async predicate's promise as truthy at once: poll page.evaluate with eventually() (tests/e2e/steps.ts).",
        },
      ],
    },
  },
);
