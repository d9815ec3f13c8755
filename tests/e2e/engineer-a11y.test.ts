// The demo engineer on a 1024×768 tablet in a real Chromium against the local backend, in light and
// in dark mode: the sign-in page and every engineer route (home, tickets, a ticket page with each
// tab, equipment with a search result and both its dialogs with each tab, each installation step
// including the acceptance errors, calendar, reference with each tab, service requests, profile
// with each tab) pass the page checks (axe: no serious or critical violation; no CSP violation).
// Every page is checked before the test fails, so one run lists everything. Then the keyboard:
// Tab from the top of a page reaches the skip link first, and it moves focus into the main
// content; after sign-in and after each route change focus is on the screen's heading.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { demoAccount } from '../../src/domain/demo-accounts';
import { engineerPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import {
  accessibilityViolations,
  checkPage,
  cspViolations,
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

async function signIn(context: BrowserContext, mode: Mode, failures: string[]): Promise<Page> {
  const page = await context.newPage();
  const engineer = demoAccount('ENGINEER');
  await page.goto(`${demo.server.url}/#/login`);
  await page.getByLabel('Email').waitFor();
  expect(await page.evaluate(() => document.documentElement.className)).toContain(mode);
  await page.getByRole('button', { name: /Demo credentials/ }).click();
  await page.getByRole('button', { name: /^Engineer · / }).waitFor();
  await settled(page);
  await check(page, `sign-in (${mode})`, failures);
  await page.getByLabel('Email').fill(engineer.email);
  await page.getByLabel('Password').fill(engineer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.hash === `#${engineerPaths.home}`);
  return page;
}

/** Headings that skip a level on the way down (h1 then h3), in document order. */
const headingJumps = (page: Page) =>
  page.evaluate(() => {
    const jumps: string[] = [];
    let previous = 0;
    for (const h of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
      if (!h.checkVisibility()) continue;
      const level = Number(h.tagName[1]);
      if (level > previous + 1) jumps.push(`h${previous} to h${level} "${h.textContent?.trim()}"`);
      previous = level;
    }
    return jumps;
  });

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

async function visitEveryScreen(page: Page, mode: Mode, failures: string[]) {
  const at = (name: string) => `${name} (${mode})`;
  const { rows } = await demo.db.query<{ id: string; title: string }>(
    `select id, title from public.support_tickets where engineer_user_id = $1
      order by created_at desc limit 1`,
    [DEMO_USER_IDS.engineer],
  );
  const ticket = rows[0]!;

  await screen(page, engineerPaths.home, 'Overview');
  await check(page, at('overview'), failures);

  await screen(page, engineerPaths.tickets, 'Support Tickets');
  await check(page, at('tickets'), failures);

  await go(page, engineerPaths.ticket(ticket.id));
  await page.getByRole('heading', { level: 1, name: ticket.title }).waitFor();
  for (const tab of ['Overview', 'Service Notes', 'Parts & Quote', 'Resolution']) {
    await page.getByRole('tab', { name: tab }).click();
    await settled(page);
    await check(page, at(`ticket, ${tab} tab`), failures);
  }

  await screen(page, engineerPaths.equipment, 'Equipment Search');
  await check(page, at('equipment, empty'), failures);
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
  await check(page, at('installation, select equipment'), failures);
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

  await screen(page, engineerPaths.calendar, 'Service Calendar');
  await check(page, at('calendar'), failures);

  await screen(page, engineerPaths.reference, 'Technical Reference');
  for (const tab of await page.getByRole('tab').allTextContents()) {
    await page.getByRole('tab', { name: tab }).click();
    await settled(page);
    await check(page, at(`reference, ${tab} tab`), failures);
  }

  await screen(page, engineerPaths.serviceRequests, 'Service Requests');
  await check(page, at('service requests'), failures);

  await screen(page, engineerPaths.profile, 'My Profile');
  for (const tab of ['Overview', 'Skills', 'Availability', 'Performance']) {
    await page.getByRole('tab', { name: tab }).click();
    await settled(page);
    await check(page, at(`profile, ${tab} tab`), failures);
  }
}

describe('engineer accessibility at 1024×768', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`passes axe and CSP on every engineer screen in ${mode} mode`, async () => {
      const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
      await watchContentSecurityPolicy(context);
      // next-themes keeps the choice under 'theme', as the top bar's switch does.
      await context.addInitScript((theme) => {
        if (!localStorage.getItem('theme')) localStorage.setItem('theme', theme);
      }, mode);
      const failures: string[] = [];
      try {
        const page = await signIn(context, mode, failures);
        await visitEveryScreen(page, mode, failures);
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    });
  }

  it('offers a skip link first and moves focus to the heading after sign-in and route changes', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    try {
      const page = await signIn(context, 'light', []);
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
    } finally {
      await context.close();
    }
  });
});
