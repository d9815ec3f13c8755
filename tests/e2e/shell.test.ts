// The app shell in a real Chromium against the local backend: each demo account signs in and
// lands on its home, another role's area is denied, a deep link survives sign-in, and a returning
// user opens the app with no network.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_ACCOUNTS, type DemoRole } from '../../src/domain/demo-accounts';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';

const demo = demoBackendForThisFile();

const ROLE_LABEL: Record<DemoRole, string> = {
  CUSTOMER: 'Customer',
  ADMIN: 'Admin',
  ENGINEER: 'Engineer',
  VENDOR: 'Vendor',
};

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
  await watchContentSecurityPolicy(context);
  return { context, page: await context.newPage() };
}

/** Signs in through the demo box: open it, click the account, submit. */
async function signInWithDemo(page: Page, role: DemoRole) {
  await page.getByRole('button', { name: 'Demo credentials' }).click();
  // The account's button is named by its visible words: "<role> · <name> <email> Password: …".
  await page.getByRole('button', { name: new RegExp(`^${ROLE_LABEL[role]} · `) }).click();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const hashOf = (page: Page) => new URL(page.url()).hash;

describe('app shell', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a] as const))(
    'signs the %s demo account in and lands on its home',
    async (role, account) => {
      const { context, page } = await newPage();
      await page.goto(`${demo.server.url}/#/login`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await checkPage(page, 'the sign-in page');
      await signInWithDemo(page, role);
      await page.waitForURL((url) => url.hash === `#/dashboard/${role.toLowerCase()}`);
      const banner = page.getByRole('banner');
      await banner.getByText(account.name).waitFor();
      expect(await banner.getByText(ROLE_LABEL[role], { exact: true }).isVisible()).toBe(true);
      // The app runs under the server's Content-Security-Policy without breaking it.
      await checkPage(page, `the ${role} home`);
      await context.close();
    },
  );

  it("shows Access Denied for another role's area", async () => {
    const { context, page } = await newPage();
    await page.goto(`${demo.server.url}/#/login`);
    await signInWithDemo(page, 'CUSTOMER');
    await page.waitForURL((url) => url.hash === '#/dashboard/customer');
    await page.goto(`${demo.server.url}/#/dashboard/admin/users`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByText('CUSTOMER', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Go to My Portal' }).isVisible()).toBe(true);
    expect(await main.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
    await main.getByRole('link', { name: 'Go to My Portal' }).click();
    await page.waitForURL((url) => url.hash === '#/dashboard/customer');
    await context.close();
  });

  it('returns to a deep link after signing in', async () => {
    const { context, page } = await newPage();
    await page.goto(`${demo.server.url}/#/dashboard/engineer/calendar`);
    await page.waitForURL((url) => url.hash === '#/login');
    await signInWithDemo(page, 'ENGINEER');
    await page.waitForURL((url) => url.hash === '#/dashboard/engineer/calendar');
    expect(hashOf(page)).toBe('#/dashboard/engineer/calendar');
    await context.close();
  });

  it('opens on the home of a returning user with the network offline', async () => {
    const { context, page } = await newPage();
    await page.goto(`${demo.server.url}/#/login`);
    await signInWithDemo(page, 'ENGINEER');
    await page.waitForURL((url) => url.hash === '#/dashboard/engineer');
    const syncStatus = page.getByRole('banner').getByRole('button', { name: /^Sync status/ });
    // The first sync fills the mirror; then the shell is cached by the service worker, which
    // controls the page only from the next load.
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.goto(`${demo.server.url}/`);
    await page.waitForURL((url) => url.hash === '#/dashboard/engineer');
    await page.getByRole('banner').getByText('James Carter').waitFor();
    await syncStatus.getByText('Offline').waitFor();
    expect(await syncStatus.textContent()).toMatch(/Synced (just now|\d+ min ago)/);
    expect(await syncStatus.textContent()).toContain('0 pending');
    await context.setOffline(false);
    await context.close();
  });
});
