// The cross-engine browser project (issue 43): the customer's offline day, the engineer's service
// note and axe on each role's home, in Firefox ESR (puppeteer-core over WebDriver BiDi) and in
// WebKitGTK, Safari's engine (selenium-webdriver and WebKitWebDriver), from Debian's packages. Each
// engine is one file with its own backend; the two run side by side. WebKitGTK's MiniBrowser needs
// an X display, so the run is under xvfb-run; on the built app (dist/):
//   npm run build && npm run test:engines
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'engines',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/setup/migrated-pglite.ts'],
    setupFiles: ['./tests/setup/fresh-modules.ts'],
    // A hang's limits: every wait inside gives its state a minute or more (engine-page.ts).
    testTimeout: 600_000,
    hookTimeout: 300_000,
    maxWorkers: 2,
  },
});
