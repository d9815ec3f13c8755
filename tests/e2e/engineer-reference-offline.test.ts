// The technical reference without signal (issue 14 item 8), in a real Chromium against the local
// backend: the demo documents are the product's own (/docs/); one opened with signal and one
// marked "available offline" show the badge and the space they take, and still open once the
// device is offline (from the service worker's cache); one never kept says so offline instead of
// failing. The page passes the page checks (axe, CSP) with the badges shown, offline too.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/domain/demo-accounts';
import { engineerPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';

const demo = demoBackendForThisFile();

const MANUAL = 'S30 Sigma installation and service manual';
const SPEC = 'U500 Ambidextrous technical specification';
const VIDEO = 'Weekly water line disinfection';

const go = async (page: Page, hash: string) => {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.waitForURL((url) => url.hash === `#${hash}`);
};

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Clicks the card's Watch/Open and returns the document's tab once its heading shows. */
async function openDocument(page: Page, title: string, action: 'Open' | 'Watch') {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    card(page, title).getByRole('link', { name: action }).click(),
  ]);
  await tab.getByRole('heading', { level: 1, name: title }).waitFor();
  return tab;
}

describe('technical reference offline', () => {
  it('keeps opened and marked documents for offline use and says so for the others', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    await watchContentSecurityPolicy(context);
    try {
      const page = await context.newPage();
      const engineer = demoAccount('ENGINEER');
      await page.goto(`${demo.server.url}/#/login`);
      await page.getByLabel('Email').fill(engineer.email);
      await page.getByLabel('Password').fill(engineer.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.hash === `#${engineerPaths.home}`);
      const syncStatus = page.getByRole('banner').getByRole('button', { name: /^Sync status/ });
      await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload();
      await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });

      await go(page, engineerPaths.reference);
      await page.getByText('No documents kept for offline use yet').waitFor();

      // Opened with signal: the product's own document, kept on the device.
      await page.getByRole('tab', { name: /^Documentation/ }).click();
      const manualTab = await openDocument(page, MANUAL, 'Open');
      await checkPage(manualTab, 'the manual');
      await manualTab.close();
      await card(page, MANUAL)
        .getByText(/^\s*Available offline/)
        .waitFor();

      // Marked "available offline" without opening it.
      await page.getByRole('tab', { name: /^Videos/ }).click();
      await card(page, VIDEO).getByRole('button', { name: 'Make available offline' }).click();
      await card(page, VIDEO)
        .getByText(/^\s*Available offline/)
        .waitFor();
      await page.getByText(/^2 documents available offline, taking \d+(\.\d)? KB/).waitFor();
      await checkPage(page, 'reference with kept documents');

      await context.setOffline(true);

      // Both open without signal, from the service worker's cache.
      const videoTab = await openDocument(page, VIDEO, 'Watch');
      await videoTab.close();
      await page.getByRole('tab', { name: /^Documentation/ }).click();
      const offlineManual = await openDocument(page, MANUAL, 'Open');
      await offlineManual.close();

      // One never kept says so, in the page, instead of a browser error.
      const pagesBefore = context.pages().length;
      await card(page, SPEC).getByRole('link', { name: 'Open' }).click();
      await card(page, SPEC)
        .getByText(/^Not available offline/)
        .waitFor();
      expect(context.pages().length).toBe(pagesBefore);
      expect(
        await card(page, SPEC).getByRole('button', { name: 'Make available offline' }).isDisabled(),
      ).toBe(true);
      await checkPage(page, 'reference offline');

      // Removing a kept copy takes the badge away.
      await card(page, MANUAL).getByRole('button', { name: 'Remove offline copy' }).click();
      await card(page, MANUAL)
        .getByText(/^\s*Available offline/)
        .waitFor({ state: 'detached' });
      await page.getByText(/^1 document available offline/).waitFor();
    } finally {
      await context.close();
    }
  });
});
