// Issue 29's layout findings measured in a real Chromium at each role's device size: the vendor's
// engineer dropdowns show their whole text at 1440 px and two stat cards fill their row (#14), a
// customer's ticket on a phone keeps most of the card for its values (#12) with an engineer's name
// and phone on lines of their own, and compact toasts leave the parts cart's buttons clear on a
// tablet-wide screen and are gone from the next screen (#9). SCREENSHOT_DIR keeps the shots.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerPaths, vendorPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { focusedRingProblem } from './page-checks';
import { go, roleContext, screenShown, signInAs } from './roles';

const demo = demoBackendForThisFile();
const SHOTS = process.env.SCREENSHOT_DIR;
const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

describe('field findings: layout', { timeout: 180_000 }, () => {
  it('the engineer dropdowns of Service and Ticket Assignment show their whole text at 1440 px', async () => {
    const context = await roleContext(demo.browser, 'VENDOR');
    const page = await context.newPage();
    try {
      await signInAs(page, demo.server.url, 'VENDOR');
      for (const path of [vendorPaths.serviceRequests, vendorPaths.tickets]) {
        await go(page, path);
        await screenShown(page);
        const selects = page.locator('main select[aria-label^="Engineer for"], main select');
        await selects.first().waitFor();
        const clipped = await page.$$eval('main select', (els) =>
          els
            .filter((el) => el.getAttribute('aria-label') !== null)
            .map((el) => {
              const select = el as HTMLSelectElement;
              const text = select.selectedOptions[0]?.textContent ?? '';
              const probe = document.createElement('span');
              probe.style.font = getComputedStyle(select).font;
              probe.style.whiteSpace = 'nowrap';
              probe.textContent = text;
              document.body.append(probe);
              const needed = probe.getBoundingClientRect().width;
              probe.remove();
              const style = getComputedStyle(select);
              const room =
                select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
              return needed > room + 1 ? text : null;
            })
            .filter(Boolean),
        );
        expect(clipped).toEqual([]);
        // Two stat cards share their row between them, not half of a four-column row.
        const summary = await page.$eval('main section[aria-label="Summary"]', (section) => {
          const row = section.getBoundingClientRect();
          const cards = [...section.children].map((c) => c.getBoundingClientRect());
          return { cards: cards.length, rowRight: row.right, lastRight: cards.at(-1)!.right };
        });
        expect(summary.cards).toBe(2);
        expect(summary.rowRight - summary.lastRight).toBeLessThan(2);
        await shoot(page, `vendor-${path.split('/').pop()}`);
      }
    } finally {
      await context.close();
    }
  });

  it("a customer's ticket on a phone gives its label column under a third of the card", async () => {
    const context = await roleContext(demo.browser, 'CUSTOMER');
    const page = await context.newPage();
    try {
      await signInAs(page, demo.server.url, 'CUSTOMER');
      await go(page, customerPaths.support);
      await screenShown(page);
      const ticket = page.locator('main article').first();
      await ticket.waitFor();
      const card = await ticket.boundingBox();
      const label = await ticket.locator('dt').first().boundingBox();
      expect(card && label).toBeTruthy();
      expect(label!.width).toBeLessThan(card!.width / 3);
      // An assigned engineer's name and phone on lines of their own (they once ran together).
      const assigned = page.locator('main article', { has: page.locator('a[href^="tel:"]') });
      const name = await assigned.first().getByText('James Carter', { exact: true }).boundingBox();
      const phone = await assigned.first().locator('a[href^="tel:"]').boundingBox();
      expect(phone!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
      await ticket.scrollIntoViewIfNeeded();
      await shoot(page, 'customer-support-phone');
    } finally {
      await context.close();
    }
  });

  it("toasts leave the cart's buttons clear, and the previous screen's toasts go on navigation", async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    try {
      await signInAs(page, demo.server.url, 'CUSTOMER');
      await go(page, customerPaths.parts);
      await screenShown(page);
      const adds = page.locator('main button:not([disabled])', { hasText: 'Add to Cart' });
      for (let n = 0; n < 3; n += 1) await adds.nth(n).click();
      await page.getByText('Added to cart').first().waitFor();
      // The pointer resting on a toast holds them all while they are measured: each leaves after
      // 4 s, which the measuring outlasted on a busy machine (the third had gone).
      await page.locator('[data-part="root"][data-type]').first().hover();
      // Every toast's box read at one moment (one toast leaving between two reads would leave the
      // second waiting for an element that is gone).
      const toastBoxes = await page.evaluate(() =>
        [...document.querySelectorAll('[data-part="root"][data-type]')].map((toast) => {
          const { x, y, width, height } = toast.getBoundingClientRect();
          return { x, y, width, height };
        }),
      );
      expect(toastBoxes.length).toBeGreaterThan(0);
      const cart = page.getByRole('region', { name: 'Cart' });
      const buttons = await cart.getByRole('button').all();
      for (const t of toastBoxes) {
        for (const button of buttons) {
          const b = await button.boundingBox();
          if (!b) continue;
          const overlaps =
            t.x < b.x + b.width &&
            b.x < t.x + t.width &&
            t.y < b.y + b.height &&
            b.y < t.y + t.height;
          expect(overlaps, `toast over ${await button.getAttribute('aria-label')}`).toBe(false);
        }
      }
      await shoot(page, 'customer-parts-tablet-toasts');
      // A keyboard user who tabs on from the last button pressed reaches the toasts and sees where
      // focus is: a ring of 2 px at 3:1, as on every control. (The pointer rests on a toast
      // meanwhile, which holds them all, so none leaves before Tab gets there on a slow machine.)
      await page.locator('[data-part="root"][data-type]').first().hover();
      const onToast = () =>
        page.evaluate(() => document.activeElement?.matches('[data-part="root"][data-type]'));
      for (let n = 0; n < 80 && !(await onToast()); n += 1) await page.keyboard.press('Tab');
      expect(await onToast()).toBe(true);
      expect(await focusedRingProblem(page)).toBeNull();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(600, 100);
      // On a phone too: in the top bar's first row, clear of every control.
      await page.setViewportSize({ width: 390, height: 844 });
      // The tablet's toasts gone (4 s each), however long that takes.
      const shown = page.locator('[data-part="root"][data-type]');
      await expect.poll(() => shown.count()).toBe(0);
      // Three in a row, each tap landing on its button (a toast in the way would take the tap).
      for (let n = 0; n < 3; n += 1) {
        // Scrolled up from under the cart's bar, as a thumb does, then tapped.
        await adds.nth(n).evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await adds.nth(n).click();
      }
      await expect.poll(() => shown.count()).toBe(3);
      // Their entry animations over: measured where they rest.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-part="root"][data-type]')].every((toast) =>
          toast.getAnimations({ subtree: true }).every((a) => a.playState !== 'running'),
        ),
      );
      // Over no control of the top bar (menu, sync row, colour mode, sign out), the screen or the cart.
      const covered = await page.evaluate(() => {
        const toasts = [...document.querySelectorAll('[data-part="root"][data-type]')].map((t) =>
          t.getBoundingClientRect(),
        );
        const controls = [...document.querySelectorAll('button, a[href], select, input, textarea')]
          .filter((c) => !c.closest('[data-part="root"][data-type]'))
          .map((c) => ({ c, r: c.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.bottom > 0 && r.top < window.innerHeight);
        return controls
          .filter(({ r }) =>
            toasts.some(
              (t) => t.left < r.right && r.left < t.right && t.top < r.bottom && r.top < t.bottom,
            ),
          )
          .map(({ c }) => c.getAttribute('aria-label') ?? c.textContent?.trim());
      });
      expect(covered).toEqual([]);
      await shoot(page, 'customer-parts-phone-toasts');
      // Older than a second: the previous screen's, which a change of screen clears.
      await page.waitForTimeout(1200);
      await page.setViewportSize({ width: 1024, height: 768 });
      // Held by the pointer resting on one, they cannot leave by their own time: only the change
      // of screen takes them, however long it and their exit take on a busy machine.
      await shown.first().hover();
      // Through the app's own link, as a user moves (by keyboard: the pointer stays).
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => shown.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
