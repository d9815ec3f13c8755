// Every route of every role, at the role's device size (customer 390×844, engineer 1024×768, admin
// and vendor 1440×900), in light and dark mode, in a real Chromium against the demo backend. The
// routes come from the typed path tables in src/domain/paths.ts, so a route added there is
// checked without touching this file. On each route:
//  - the page checks (axe: no serious or critical violation; no CSP violation) on the screen, on
//    each of its tabs, and on each dialog it opens (a button named like an opener: Add…, Create…,
//    Book…, Edit…, Delete…, View…, Service History, Extend…, Cancel Request, or one marked
//    aria-haspopup="dialog"), with each of the dialog's tabs;
//  - the keyboard: Tab from the top of the page reaches every enabled control of the page (top
//    bar, navigation, content), and each shows a focus ring of at least 2 px at 3:1 or more
//    against what is behind it;
//  - each dialog opened from the keyboard (Enter on its opener) takes focus, keeps it inside on
//    Tab and Shift+Tab, closes on Escape and gives focus back to its opener;
//  - for the engineer (a11y-engineer.test.ts asks for it), no heading level skipped on the way
//    down on each screen and each of its tabs (engineer-a11y.test.ts checked it on the same
//    screens and tabs before; it keeps the states only it reaches).
// Every problem is recorded and the test fails at the end with the whole list. Each role is a file
// of its own (a11y-customer, a11y-engineer, a11y-admin, a11y-vendor: four that pack well beside the
// other files, two at a time), signed in once for both of its passes: the light one on the signed-in
// page, then the dark one on the same device reloaded in dark mode (the choice kept as the top bar's
// switch keeps it). The sign-in and first sync, a third of a role's CPU, are paid once, not twice.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoRole } from '../../src/domain/demo-accounts';
import { roleHome } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import {
  accessibilityViolations,
  cspViolations,
  focusWalk,
  headingJumps,
  watchContentSecurityPolicy,
} from './page-checks';
import { go, roleContext, roleRoutes, screenShown, settled, signInAs } from './roles';

/** Buttons that open a dialog by their name; the key (one dialog per kind and route) is the match. */
const OPENER =
  /^(Add (?!to )\w+|Create \w+|Book \w+|Edit(?! Profile$)|Delete|View \w+|Service History|Extend|Cancel Request)/;

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** Axe and CSP on the page as it is now; a failure is recorded, not thrown. */
async function check(page: Page, where: string, failures: string[]) {
  const found = [...(await cspViolations(page)), ...(await accessibilityViolations(page))];
  if (found.length > 0) failures.push(`${where}:\n  ${found.join('\n  ')}`);
}

/** Clicks each tab of `scope` in turn and checks the page with each shown. */
async function eachTab(page: Page, scope: Locator, where: string, failures: string[]) {
  const tabs = scope.getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if (!(await tab.isVisible())) continue;
    const name = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    await settled(page);
    await check(page, `${where}, tab ${name}`, failures);
  }
}

/** The buttons of this route already pressed as openers (see openers()), in the page. */
type TriedWindow = Window & { __openersTried?: WeakSet<Element> };

/** A new route: no button of it has been pressed as an opener yet. */
async function forgetOpeners(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as TriedWindow).__openersTried = new WeakSet();
  });
}

/**
 * The dialog openers visible in main now, one per kind (the first 'Edit …' of a list), but for
 * the buttons pressed already on an earlier tab of this route: a button outside the tabs (a
 * screen's header, the ticket's Quick Actions) is the same element on every tab, and pressing it
 * again opens the same dialog, or again none (a button named like an opener that opens none, such
 * as 'Add Service Notes', which shows the notes tab, costs the wait for a dialog each time).
 */
async function openers(page: Page): Promise<{ key: string; button: Locator }[]> {
  const buttons = page.locator(
    'main button:visible:not([disabled]), main a[role="button"]:visible',
  );
  const names = await buttons.evaluateAll((els) =>
    els.map((el) => ({
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      popup: el.getAttribute('aria-haspopup') === 'dialog',
      tried: (window as TriedWindow).__openersTried?.has(el) ?? false,
    })),
  );
  const found = new Map<string, Locator>();
  names.forEach(({ name, popup, tried }, i) => {
    const key = OPENER.exec(name)?.[0] ?? (popup ? name : null);
    if (key && !tried && !found.has(key)) found.set(key, buttons.nth(i));
  });
  return [...found].map(([key, button]) => ({ key, button }));
}

/**
 * Whether the key press just made opened a dialog. The app's dialogs mount in the render of the
 * press itself (no dialog's code loads on demand), so a dialog that is not there once two frames
 * have been drawn and the screen is at rest was never coming: a button named like an opener that
 * opens none (as 'Add Service Notes', which shows the notes tab) costs that, not a timeout.
 */
async function dialogOpened(page: Page): Promise<boolean> {
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  await settled(page);
  return (await page.locator(DIALOG).count()) > 0;
}

/**
 * Opens the dialog from the keyboard and checks it: axe and CSP (and each of its tabs), focus
 * inside it, kept inside on Tab and Shift+Tab, Escape closes it and focus is back on the opener.
 * Returns false when the button opened no dialog.
 */
async function checkDialog(
  page: Page,
  opener: Locator,
  where: string,
  failures: string[],
): Promise<boolean> {
  await opener.evaluate((el) => (window as TriedWindow).__openersTried?.add(el));
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator(DIALOG).last();
  if (!(await dialogOpened(page))) return false; // at rest by then: no wait for it again
  await dialog.waitFor();
  await check(page, where, failures);
  await eachTab(page, dialog, where, failures);

  const inside = () =>
    page.evaluate((selector) => {
      const dialogs = document.querySelectorAll(selector);
      return Boolean(dialogs[dialogs.length - 1]?.contains(document.activeElement));
    }, DIALOG);
  if (!(await inside())) failures.push(`${where}: focus is not in the dialog when it opens`);
  const stops = await dialog
    .locator('button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])')
    .count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      if (!(await inside())) {
        failures.push(`${where}: ${key} moved focus out of the dialog`);
        break;
      }
    }
  }
  // Escape from a field closes the dialog too; start from the first stop like a user would.
  await page.keyboard.press('Escape');
  try {
    // Playwright's 30 s: a closing animation on a busy machine is not a dialog that stays.
    await dialog.waitFor({ state: 'detached' });
  } catch {
    failures.push(`${where}: Escape did not close the dialog`);
    await dialog
      .getByRole('button', { name: /^(Close|Cancel)$/ })
      .first()
      .click();
    await dialog.waitFor({ state: 'detached' });
    return true;
  }
  await expect
    .poll(() => opener.evaluate((el) => el === document.activeElement))
    .toBe(true)
    .catch(() => failures.push(`${where}: focus did not return to the opener on close`));
  return true;
}

/** What a role's pass checks besides axe, CSP and the keyboard. */
interface Extra {
  /** No heading level skipped on the way down, on each screen and each of its tabs. */
  headingLevels?: boolean;
}

/** Axe and CSP on the screen or tab shown now, and its heading levels when asked for. */
async function checkScreen(page: Page, where: string, failures: string[], extra: Extra) {
  if (extra.headingLevels) {
    const jumps = await headingJumps(page);
    if (jumps.length > 0) failures.push(`${where}: heading levels skipped: ${jumps.join('; ')}`);
  }
  await check(page, where, failures);
}

async function checkRoute(
  page: Page,
  where: string,
  failures: string[],
  dialogs: string[],
  extra: Extra,
) {
  await forgetOpeners(page);
  await checkScreen(page, where, failures, extra);
  const walk = await focusWalk(page);
  // At least the skip link, the top bar's controls and the navigation.
  if (walk.reached < 3) failures.push(`${where}: Tab reached only ${walk.reached} controls`);
  for (const control of walk.unreachable)
    failures.push(`${where}: not reachable by Tab: ${control}`);
  for (const ring of walk.badRings) failures.push(`${where}: focus ring: ${ring}`);

  const main = page.locator('main');
  const tabCount = await main.getByRole('tab').count();
  // Each tab shown in turn (or the screen as it is), and the dialogs opened from what it shows.
  for (let i = 0; i < Math.max(tabCount, 1); i++) {
    let at = where;
    if (tabCount > 0) {
      const tab = main.getByRole('tab').nth(i);
      at = `${where}, tab ${((await tab.textContent()) ?? '').trim()}`;
      await tab.click();
      await settled(page);
      if (i > 0) await checkScreen(page, at, failures, extra);
    }
    for (const { key, button } of await openers(page)) {
      if (await checkDialog(page, button, `${at}, dialog from '${key}'`, failures)) {
        dialogs.push(`${at}: ${key}`);
      }
    }
  }
}

/**
 * Every route of `role` in light mode, then in dark mode, one test each, on one device signed in
 * once against this file's demo backend; `extra` checks besides.
 */
export function everyRouteInBothModes(role: DemoRole, extra: Extra = {}): void {
  const demo = demoBackendForThisFile();
  const name = role.toLowerCase();
  describe(`every ${name} route in light and dark mode: axe, CSP and the keyboard`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await roleContext(demo.browser, role, 'light');
      await watchContentSecurityPolicy(context);
      page = await context.newPage();
      await signInAs(page, demo.server.url, role);
    });
    afterAll(() => context?.close());

    for (const mode of ['light', 'dark'] as const) {
      it(`${name} in ${mode} mode`, async () => {
        if ((await page.evaluate(() => localStorage.getItem('theme'))) !== mode) {
          // The device switched to `mode` (next-themes' 'theme' key, as the top bar's switch
          // keeps it) and the app opened again on the role's home from its session: a fresh
          // document in that mode, every screen drawn in it from the start.
          await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
          await page.goto(`${demo.server.url}/#${roleHome(role)}`);
          await page.reload();
          await page.waitForURL((url) => url.hash === `#${roleHome(role)}`);
        }
        expect(await page.evaluate(() => document.documentElement.className)).toContain(mode);
        const failures: string[] = [];
        const dialogs: string[] = [];
        const routes = await roleRoutes(role, demo.db);
        expect(routes.length).toBeGreaterThan(1);
        for (const route of routes) {
          await go(page, route.path);
          await screenShown(page);
          await checkRoute(page, `${role} ${route.path} (${mode})`, failures, dialogs, extra);
        }
        console.log(`${role} (${mode}): dialogs checked:\n  ${dialogs.join('\n  ')}`);
        expect(failures).toEqual([]);
        // Every role's routes open at least one dialog (the keyboard check needs one per role).
        expect(dialogs.length).toBeGreaterThan(0);
      });
    }
  });
}
