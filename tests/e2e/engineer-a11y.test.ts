// The demo engineer on a 1024×768 tablet in a real Chromium against the local backend, in light and
// in dark mode: the sign-in page, equipment with a search result and both its dialogs with each
// tab, and each installation step past the first including the acceptance errors pass the page
// checks (axe: no serious or critical violation; no CSP violation) with no heading level skipped.
// Every engineer route as it opens, with each tab and dialog, is a11y-engineer.test.ts's (the same
// checks, heading levels included, and the keyboard). Every page is checked before the test fails,
// so one run lists everything. Then the keyboard: Tab from the top of a page reaches the skip link
// first, and it moves focus into the main content; after sign-in and after each route change focus
// is on the screen's heading.
// One tablet for the whole file, signed in once (by the keyboard test, which looks at focus right
// after it): the light pass runs on the signed-in page, the dark pass on the same device reloaded
// in dark mode, as the top bar's switch keeps the choice (a sign-in and first sync cost about 8
// CPU-seconds each).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/domain/demo-accounts';
import { engineerPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import {
  accessibilityViolations,
  checkPage,
  cspViolations,
  headingJumps,
  watchContentSecurityPolicy,
} from './page-checks';
import { settled } from './steps';

const demo = demoBackendForThisFile();

type Mode = 'light' | 'dark';

const go = async (page: Page, hash: string) => {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.waitForURL((url) => url.hash === `#${hash}`);
};

/** The accessible name of the focused element and whether it is inside <main>. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: (el?.textContent ?? '').trim(),
      inMain: Boolean(el?.closest('main')),
    };
  });

/** The sign-in page in `mode`, with the demo accounts shown: the page checks (a fresh load). */
async function checkSignInPage(page: Page, mode: Mode, failures: string[]): Promise<void> {
  await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
  await page.goto(`${demo.server.url}/#/login`);
  await page.reload();
  await page.getByLabel('Email').waitFor();
  expect(await page.evaluate(() => document.documentElement.className)).toContain(mode);
  await page.getByRole('button', { name: /Demo credentials/ }).click();
  await page.getByRole('button', { name: /^Engineer · / }).waitFor();
  await settled(page);
  await check(page, `sign-in (${mode})`, failures);
}

/** Signs the engineer in on the sign-in page now shown and waits for the engineer's home. */
async function signIn(page: Page): Promise<void> {
  const engineer = demoAccount('ENGINEER');
  await page.getByLabel('Email').fill(engineer.email);
  await page.getByLabel('Password').fill(engineer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.hash === `#${engineerPaths.home}`);
}

/**
 * checkPage and no skipped heading level, a failure kept for the end so one run reports every
 * page.
 */
async function check(page: Page, where: string, failures: string[]) {
  const jumps = await headingJumps(page);
  if (jumps.length > 0) failures.push(`${where}: heading levels skipped: ${jumps.join('; ')}`);
  try {
    await checkPage(page, where);
  } catch {
    const found = [...(await cspViolations(page)), ...(await accessibilityViolations(page))];
    failures.push(`${where}: ${found.join('\n')}`);
  }
}

async function screen(page: Page, path: string, heading: string) {
  await go(page, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * On the installation screen: discards the draft installation, if there is one, through 'Start
 * over' and its confirmation, and waits for the first step (the chairs to install).
 */
async function startOver(page: Page): Promise<void> {
  const firstStep = page.getByRole('list', { name: 'Chairs to install' });
  const button = page.getByRole('button', { name: 'Start over' });
  await firstStep.or(button).first().waitFor();
  if (await button.isVisible()) {
    await button.click();
    await page.getByRole('button', { name: 'Discard and start over' }).click();
  }
  await firstStep.waitFor();
}

/**
 * The states of engineer screens that only this file reaches: equipment with a search result and
 * both its dialogs with each tab, and each installation step past the first, with the acceptance
 * errors. The screens and their tabs as they open (overview, tickets, a ticket with each tab,
 * equipment, installation's first step, calendar, reference, service requests, profile) are
 * a11y-engineer.test.ts's, with axe, CSP, heading levels, the keyboard and their dialogs.
 */
async function visitEveryScreen(page: Page, mode: Mode, failures: string[]) {
  const at = (name: string) => `${name} (${mode})`;

  await screen(page, engineerPaths.equipment, 'Equipment Search');
  await page.getByLabel('Search equipment').fill('S30-23');
  const card = page.getByRole('listitem', { name: /^Chair S30-23/ }).first();
  await card.waitFor();
  await check(page, at('equipment, results'), failures);
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog');
  for (const tab of ['Overview', 'Service History', 'Support Tickets', 'Appointments']) {
    await details.getByRole('tab', { name: tab }).click();
    await settled(page);
    await check(page, at(`equipment details dialog, ${tab} tab`), failures);
  }
  await details.getByRole('button', { name: 'Close' }).click();
  await details.waitFor({ state: 'detached' });
  await card.getByRole('button', { name: 'Service History' }).click();
  const history = page.getByRole('dialog');
  for (const tab of ['Timeline', 'Summary']) {
    await history.getByRole('tab', { name: tab }).click();
    await settled(page);
    await check(page, at(`service history dialog, ${tab} tab`), failures);
  }
  await history.getByRole('button', { name: 'Close' }).click();
  await history.waitFor({ state: 'detached' });

  await screen(page, engineerPaths.installation, 'New Installation');
  // From the first step, as on a device with no installation begun: the other mode's pass left
  // none behind, but a pass that failed half-way may have.
  await startOver(page);
  await page.getByRole('list', { name: 'Chairs to install' }).getByRole('listitem').first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await settled(page);
  await check(page, at('installation, verify equipment'), failures);
  await page.getByText('The chair on site matches exactly').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await settled(page);
  await check(page, at('installation, checklist'), failures);
  const tickAll = page.getByRole('button', { name: /^Tick all in group/ });
  while ((await tickAll.count()) > 0) await tickAll.first().click();
  await settled(page);
  await check(page, at('installation, checklist ticked'), failures);
  await page.getByRole('button', { name: 'Next' }).click();
  await settled(page);
  await check(page, at('installation, acceptance'), failures);
  await page.getByRole('button', { name: 'Complete Installation' }).click();
  await page
    .getByText(/required/i)
    .first()
    .waitFor();
  await check(page, at('installation, acceptance with errors'), failures);
  // The device left as found: the draft discarded, as the engineer's 'Start over' does.
  await startOver(page);
}

describe('engineer accessibility at 1024×768', () => {
  let context: BrowserContext;
  let page: Page;
  let signedIn = false;
  beforeAll(async () => {
    context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    await watchContentSecurityPolicy(context);
    // next-themes keeps the choice under 'theme', as the top bar's switch does.
    await context.addInitScript(() => {
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'light');
    });
    page = await context.newPage();
    await page.goto(`${demo.server.url}/#/login`);
  });
  afterAll(() => context?.close());

  /** The device in `mode`, signed in (through the sign-in page, the first time), on its home. */
  async function onHomeIn(mode: Mode): Promise<void> {
    if (!signedIn) {
      await page.goto(`${demo.server.url}/#/login`);
      await page.getByLabel('Email').waitFor();
      await signIn(page);
      signedIn = true;
    }
    await page.evaluate((theme) => localStorage.setItem('theme', theme), mode);
    await page.goto(`${demo.server.url}/#${engineerPaths.home}`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toContain(mode);
  }

  it('passes axe and CSP on the sign-in page in light and dark mode', async () => {
    const failures: string[] = [];
    for (const mode of ['light', 'dark'] as const) await checkSignInPage(page, mode, failures);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    expect(failures).toEqual([]);
  });

  it('offers a skip link first and moves focus to the heading after sign-in and route changes', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.goto(`${demo.server.url}/#/login`);
    await page.reload();
    await page.getByLabel('Email').waitFor();
    await signIn(page);
    signedIn = true;
    // After sign-in the screen's heading has focus.
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Overview' });
    // After a route change too.
    await go(page, engineerPaths.calendar);
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'h1', text: 'Service Calendar', inMain: true });
    await page.getByRole('link', { name: 'Support Tickets' }).click();
    await expect
      .poll(() => focused(page))
      .toMatchObject({ tag: 'h1', text: 'Support Tickets', inMain: true });

    // From the top of a freshly loaded page, the first Tab stop is the skip link.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Support Tickets' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to main content' });
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toMatchObject({ inMain: true });
    // The next Tab stop is inside the main content, not back in the top bar or navigation.
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);

    // Focus rings: 2 px, at 3:1 or more against the page (inputs and grey buttons drew 1 px
    // of gray.400, 2.5:1 on white).
    const ring = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const style = getComputedStyle(el);
        return { width: style.outlineWidth, color: style.outlineColor };
      });
    await page.getByLabel('Search tickets').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await ring('input:focus-visible')).toEqual({ width: '2px', color: 'rgb(82, 82, 91)' });
    await page.getByRole('button', { name: 'Switch to dark mode' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    // In the top bar the ring takes the bar's contrast colour (white on teal).
    expect(await ring('header button:focus-visible')).toEqual({
      width: '2px',
      color: 'rgb(255, 255, 255)',
    });
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`passes axe and CSP on every engineer screen in ${mode} mode`, async () => {
      const failures: string[] = [];
      await onHomeIn(mode);
      await visitEveryScreen(page, mode, failures);
      expect(failures).toEqual([]);
    });
  }
});
