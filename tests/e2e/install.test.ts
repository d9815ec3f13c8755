// Issue 44.5 in a real Chromium on a phone (390×844): installing the app on the home screen.
//  - Where the browser offers an install (a beforeinstallprompt event, synthetic here: headless
//    Chromium makes none), the customer's home offers it once, after the first sync; from then on
//    it is under the navigation (the drawer on a phone), and Install there shows the browser's
//    dialog.
//  - As iOS Safari (its user agent), which makes no offer: Safari's own steps, on the home screen
//    and from the navigation.
//  - Running installed (iOS's navigator.standalone here; display-mode: standalone elsewhere): nothing.
//  - Signed in, the app asks the browser to keep its storage (navigator.storage.persist), which
//    Safari's seven days and Chromium's and Firefox's eviction under pressure spare.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { watchContentSecurityPolicy } from './page-checks';
import { signInAndSync } from './roles';
import { checkAndShoot, settled, syncStatus } from './steps';

const demo = demoBackendForThisFile();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** A page in `context` whose every load gets an install offer once it is parsed, as Chromium's. */
async function offeringInstall(context: BrowserContext): Promise<Page> {
  await context.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          const w = window as unknown as { __installPrompts?: number };
          w.__installPrompts = (w.__installPrompts ?? 0) + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      dispatchEvent(offer);
    });
  });
  return context.newPage();
}

/** Opens the phone's navigation drawer and returns it. */
async function navigationDrawer(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Chairside Service' });
  await drawer.waitFor();
  await settled(page);
  return drawer;
}

describe('installing the app', { timeout: 240_000 }, () => {
  it('offers the install once on the home screen, then under the navigation', async () => {
    const context = await demo.browser.newContext(PHONE);
    await watchContentSecurityPolicy(context);
    const page = await offeringInstall(context);
    try {
      await signInAndSync(page, demo.server.url, 'CUSTOMER');
      const card = page.getByRole('region', { name: 'Install Chairside on this device' });
      await card.waitFor();
      await checkAndShoot(page, 'install offer on a phone', 'customer-install-offer-phone');
      await card.getByRole('button', { name: 'Not now' }).click();
      await card.waitFor({ state: 'detached' });

      const drawer = await navigationDrawer(page);
      const install = drawer.getByRole('button', { name: 'Install app' });
      await checkAndShoot(page, 'navigation with Install', 'customer-install-nav-phone');
      await install.click();
      await expect
        .poll(() => page.evaluate(() => (window as { __installPrompts?: number }).__installPrompts))
        .toBe(1);

      // Offered once to the role: after a reload, under the navigation only.
      await page.reload();
      await syncStatus(page)
        .getByText(/Synced/)
        .waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await (await navigationDrawer(page)).getByRole('button', { name: 'Install app' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await card.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("gives Safari's own steps on an iPhone, on the home screen and under the navigation", async () => {
    const context = await demo.browser.newContext({ ...PHONE, userAgent: IPHONE_SAFARI });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    try {
      await signInAndSync(page, demo.server.url, 'CUSTOMER');
      const card = page.getByRole('region', { name: 'Add Chairside to your Home Screen' });
      await card.waitFor();
      expect((await card.textContent())?.replace(/\s+/g, ' ')).toContain(
        'In Safari, tap Share, then Add to Home Screen.',
      );
      await checkAndShoot(page, 'iOS install steps on the home screen', 'customer-install-ios');
      await card.getByRole('button', { name: 'Got it' }).click();
      await card.waitFor({ state: 'detached' });

      await (
        await navigationDrawer(page)
      )
        .getByRole('button', { name: 'Add to Home Screen' })
        .click();
      const steps = page.getByRole('dialog', { name: 'Add Chairside to your Home Screen' });
      await steps.waitFor();
      await settled(page);
      // Still open once everything has settled (the drawer unmounts what it holds when it closes).
      expect(await steps.isVisible(), 'the steps stay open').toBe(true);
      await checkAndShoot(page, 'iOS install steps from the menu', 'customer-install-ios-steps');
      // Closing the steps closes the navigation too: back on the home screen.
      await steps.getByRole('button', { name: 'Close' }).click();
      await steps.waitFor({ state: 'detached' });
      await page.getByRole('dialog', { name: 'Chairside Service' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('asks the browser to keep its storage once the user is signed in', async () => {
    const context = await demo.browser.newContext(PHONE);
    await watchContentSecurityPolicy(context);
    // The page's own StorageManager, its answers kept: asked whether the storage is kept
    // (persisted) and, when it is not, to keep it (persist).
    await context.addInitScript(() => {
      const storage = navigator.storage;
      const asked: { persisted: boolean[]; persist: boolean[] } = { persisted: [], persist: [] };
      (window as unknown as { __storageAsked: typeof asked }).__storageAsked = asked;
      const persisted = storage.persisted.bind(storage);
      const persist = storage.persist.bind(storage);
      storage.persisted = async () => {
        const kept = await persisted();
        asked.persisted.push(kept);
        return kept;
      };
      storage.persist = async () => {
        const kept = await persist();
        asked.persist.push(kept);
        return kept;
      };
    });
    const page = await context.newPage();
    try {
      await page.goto(demo.server.url);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      const asked = () =>
        page.evaluate(
          () =>
            (window as unknown as { __storageAsked: { persisted: boolean[]; persist: boolean[] } })
              .__storageAsked,
        );
      // Not on the public screens.
      expect(await asked()).toEqual({ persisted: [], persist: [] });
      await signInAndSync(page, demo.server.url, 'CUSTOMER');
      await expect.poll(async () => (await asked()).persisted.length).toBeGreaterThan(0);
      const { persisted, persist } = await asked();
      // Asked to keep it unless the browser said it keeps it already.
      if (!persisted[0]) expect(persist.length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('offers nothing once the app runs installed', async () => {
    const context = await demo.browser.newContext({ ...PHONE, userAgent: IPHONE_SAFARI });
    await watchContentSecurityPolicy(context);
    // Opened from the Home Screen, as iOS says to a page it runs installed; and an offer besides.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    });
    const page = await offeringInstall(context);
    try {
      await signInAndSync(page, demo.server.url, 'CUSTOMER');
      expect(page.url()).toContain(customerPaths.home);
      const drawer = await navigationDrawer(page);
      await drawer.getByRole('link', { name: 'Profile' }).waitFor();
      expect(
        await drawer.getByRole('button', { name: /Install app|Add to Home Screen/ }).count(),
      ).toBe(0);
      await page.keyboard.press('Escape');
      expect(
        await page.getByRole('region', { name: /Install Chairside|Home Screen/ }).count(),
      ).toBe(0);
    } finally {
      await context.close();
    }
  });
});
