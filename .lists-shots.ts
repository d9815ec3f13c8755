// Screenshots of the changed lists (not committed).
import type { Page } from 'playwright-core';
import { generateLargeDataSet } from './server/seed/generate';
import { demoAccount } from './src/domain/demo-accounts';
import { adminPaths, roleHome, vendorPaths } from './src/domain/paths';
import { startDemoBackend, stopDemoBackend } from './tests/e2e/demo-server';
import { TENTH_STEP } from './tests/bench/harness/data-sets';

const OUT = '/tmp/lists-shots';
const backend = await startDemoBackend();
const big = process.argv[2] === 'big';
if (big) await generateLargeDataSet(backend.db, { ...TENTH_STEP, partRequests: 500, trainingResources: 50 });

async function signIn(page: Page, role: 'VENDOR' | 'ADMIN') {
  const a = demoAccount(role);
  await page.goto(`${backend.server.url}/#/login`);
  await page.getByLabel('Email').fill(a.email);
  await page.getByLabel('Password').fill(a.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.hash === `#${roleHome(role)}`);
  await page.getByText(/Synced/).first().waitFor({ timeout: 600_000 });
}

const lists = {
  VENDOR: [
    ['ops', vendorPaths.home ?? roleHome('VENDOR'), null, null],
    ['tickets', vendorPaths.tickets, 'Search tickets', 'pump'],
    ['services', vendorPaths.serviceRequests, 'Search service requests', 'annual'],
    ['engineers', vendorPaths.engineers, 'Search engineers', 'leeds'],
  ],
  ADMIN: [
    ['admin-tickets', adminPaths.tickets, 'Search tickets', 'pump'],
    ['admin-chairs', adminPaths.chairs, 'Search chairs', 'u500'],
    ['admin-services', adminPaths.serviceRequests, 'Search service requests', 'annual'],
    ['admin-parts-req', adminPaths.partRequests, 'Search part requests', 'valve'],
  ],
} as const;

for (const role of ['VENDOR', 'ADMIN'] as const) {
  const context = await backend.browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, role);
  for (const [name, path, search, text] of lists[role]) {
    await page.evaluate((p) => (window.location.hash = p), path);
    await page.reload();
    if (big) {
      // The moment the first page is in and the rest is still being read.
      await page.locator('ul > li').first().waitFor();
      await page.screenshot({ path: `${OUT}/${name}-${role}-big-first.png` });
    }
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${OUT}/${name}-${big ? 'big' : 'demo'}-loaded.png` });
    if (search) {
      await page.getByLabel(search).pressSequentially(text!, { delay: 60 });
      await page.waitForTimeout(1000);
      await page.screenshot({ path: `${OUT}/${name}-${big ? 'big' : 'demo'}-search.png` });
    }
  }
  await context.close();
}
await stopDemoBackend(backend);
process.exit(0);
