// The demo customer on a phone (390×844) in a real Chromium against the local backend (issue 15).
// Offline from the moment after sign-in: every customer screen passes the page checks (axe, CSP),
// has no horizontal scrolling and no tap target under 44 px; then create a ticket, book a
// service, activate the warranty of a delivered chair this device has never seen, submit its
// test sheet with every check passing, fill the cart and submit it; reload, still offline, and
// find all of it; back online, find each on the server exactly once with the warranty confirmed.
// Then, online, a serial not in inventory is named so by the live lookup and cannot be sent;
// sent offline, its refusal shows in needs-attention in SPEC's words, with no ghost chair left.
// With CUSTOMER_SCREENSHOTS=<dir> it also saves a PNG of every screen and dialog.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { customerPaths } from '../../src/domain/paths';
import { demoAccount } from '../../src/domain/demo-accounts';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';
import { signIn } from './steps';

const demo = demoBackendForThisFile();
const SHOTS = process.env.CUSTOMER_SCREENSHOTS;

const go = async (page: Page, hash: string) => {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.waitForURL((url) => url.hash === `#${hash}`);
};

/** Waits for the toast, then for it to go (4 s): on a phone toasts sit over the bottom buttons. */
const toast = async (page: Page, text: string | RegExp) => {
  await page.getByText(text).first().waitFor({ timeout: 60_000 });
  // A pointer resting on a toast pauses it; the last tap was often where the toast appears.
  await page.mouse.move(200, 300);
  await page
    .locator('[data-scope="toast"][data-part="root"]')
    .first()
    .waitFor({ state: 'detached', timeout: 60_000 });
};

/**
 * Waits for the open dialog's animations, so axe sees its final colours. An animation cancelled
 * meanwhile (the dialog rendered again) is over too: its `finished` rejects, as steps.ts's
 * settled() allows.
 */
const dialogSettled = (page: Page) =>
  page
    .locator('[role="dialog"], [role="alertdialog"]')
    .last()
    .evaluate((el) =>
      Promise.all(
        el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined)),
      ),
    );

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  await page.screenshot({ path: join(SHOTS, `${name}-viewport.png`) });
}

const SCREENS: [string, string, string][] = [
  ['overview', customerPaths.home, 'My Equipment'],
  ['chairs', customerPaths.chairs, 'My Chairs'],
  ['warranty', customerPaths.warranty, 'Warranty Activation'],
  ['training', customerPaths.training, 'Training Resources'],
  ['parts', customerPaths.parts, 'Parts Catalog'],
  ['support', customerPaths.support, 'Support Center'],
  ['service', customerPaths.service, 'Book Service'],
  ['profile', customerPaths.profile, 'Profile'],
];

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Visible controls smaller than a thumb (SPEC-independent: the issue's 44 px rule), described so
 * a failure names them. Text links inside running text are exempt (WCAG 2.5.8's inline exception).
 */
const smallTapTargets = (page: Page) =>
  page.evaluate(() => {
    const selector = 'button, a[href], input, select, textarea, [role="tab"], [role="checkbox"]';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        if (el.closest('[aria-hidden="true"], [hidden]')) return false;
        if (el instanceof HTMLInputElement && (el.type === 'hidden' || el.type === 'checkbox')) {
          return false;
        }
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') return false;
        return box.height < 44 || box.width < 44;
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        return `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  });

/** Each screen at 390 px: no horizontal scrolling, thumb-sized controls, axe and CSP clean. */
async function checkPhoneScreen(page: Page, name: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: no horizontal scrolling`,
  ).toBeLessThanOrEqual(390);
  expect(await smallTapTargets(page), `${name}: tap targets of at least 44 px`).toEqual([]);
  await checkPage(page, name);
  await shot(page, name);
}

const CHECKS = ['All parts arrived', 'Chair powers on', 'Movement is OK', 'Water and air are OK'];

describe('customer on a phone', () => {
  it('works offline from sign-in, finds it all after a reload, and syncs each change once', async () => {
    const customerId = DEMO_USER_IDS.customer;
    // A chair an engineer has installed at the practice (DELIVERED, no owner yet): the customer's
    // device has never seen it.
    const { rows: delivered } = await demo.db.query<{ id: string; serial_number: string }>(
      `update public.chairs set status = 'DELIVERED', delivery_date = now()
        where id = (select id from public.chairs where status = 'IN_STOCK' and owner_user_id is null
                     and serial_number like 'S30-%' order by serial_number limit 1)
        returning id, serial_number`,
    );
    const chair = delivered[0]!;
    const { rows: parts } = await demo.db.query<{ id: string; name: string }>(
      `select id, name from public.parts where stock > 2 and deleted_at is null order by name limit 2`,
    );

    const context = await demo.browser.newContext({ viewport: { width: 390, height: 844 } });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    await signIn(page, demo.server.url, demoAccount('CUSTOMER'), customerPaths.home);
    const syncStatus = page.getByRole('button', { name: /^Sync status/ });
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

    // Offline from here on.
    await context.setOffline(true);
    await syncStatus.getByText('Offline').waitFor();

    for (const [name, path, heading] of SCREENS) {
      await go(page, path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await checkPhoneScreen(page, name);
    }

    // My Chairs' Service History dialog.
    await go(page, customerPaths.chairs);
    await page.getByRole('button', { name: 'Service History' }).first().click();
    await dialogSettled(page);
    await checkPage(page, 'service history dialog');
    await shot(page, 'chairs-history-dialog');
    await page.keyboard.press('Escape');

    // The confirmation before buying an extension.
    await page.getByRole('button', { name: 'Extend +3 Years' }).first().click();
    await dialogSettled(page);
    await checkPage(page, 'extend warranty dialog');
    await shot(page, 'chairs-extend-dialog');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    // A FAQ's content, the cancel-request dialog and the profile's edit mode.
    await go(page, customerPaths.training);
    await page.getByRole('tab', { name: /FAQ/ }).click();
    await page.getByRole('button', { name: 'View Content' }).first().click();
    await dialogSettled(page);
    await checkPage(page, 'training content dialog');
    await shot(page, 'training-faq-dialog');
    await page.keyboard.press('Escape');
    await go(page, customerPaths.service);
    await page.getByRole('button', { name: 'Cancel Request' }).first().click();
    await dialogSettled(page);
    await checkPage(page, 'cancel request dialog');
    await shot(page, 'service-cancel-dialog');
    await page.keyboard.press('Escape');
    await go(page, customerPaths.profile);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await checkPhoneScreen(page, 'profile-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // A ticket.
    await go(page, customerPaths.support);
    await page.getByRole('button', { name: 'Create Ticket' }).first().click();
    await page.getByLabel('Title').fill('Headrest squeaks when adjusted');
    await page.getByLabel('Description').fill('The headrest squeaks loudly every time it moves.');
    await page.getByLabel('Priority').selectOption('HIGH');
    await dialogSettled(page);
    await checkPage(page, 'create ticket dialog');
    await shot(page, 'support-dialog');
    await page.getByRole('button', { name: 'Create Ticket' }).last().click();
    await toast(page, 'Support ticket created');

    // A service visit.
    await go(page, customerPaths.service);
    await page.getByRole('button', { name: 'Book Service' }).first().click();
    await dialogSettled(page);
    await checkPage(page, 'book service dialog');
    await shot(page, 'service-dialog');
    const chairOption = page.getByLabel('Chair').locator('option').nth(1);
    await page.getByLabel('Chair').selectOption((await chairOption.getAttribute('value'))!);
    await page.getByLabel('Preferred Date').fill(inDays(7));
    await page.getByLabel('Preferred Time').selectOption('10:30');
    await page.getByLabel('Notes').fill('Morning visit, please');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await toast(page, 'Service request submitted');

    // The warranty of the delivered chair: not on this device, so it is checked once sent.
    await go(page, customerPaths.warranty);
    await page.getByLabel('Serial Number').fill(chair.serial_number);
    await page.getByText(/once you are back online/).waitFor();
    await page.getByLabel('Delivery Date').fill(today());
    await page.getByRole('button', { name: 'Activate Warranty' }).click();
    await toast(page, 'Warranty activation received');

    // It is in My Chairs at once; its test sheet, every check passing, before any sync.
    await go(page, customerPaths.chairs);
    const card = page.getByRole('article', { name: chair.serial_number });
    await card.getByText(/Activated on this device/).waitFor();
    await checkPhoneScreen(page, 'chairs-activated-offline');
    await card.getByRole('link', { name: 'Submit Test Sheet' }).click();
    for (const check of CHECKS) await page.getByText(check).click();
    await checkPhoneScreen(page, 'test-sheet');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await toast(page, 'Test sheet submitted and warranty confirmed!');
    await page.waitForURL((url) => url.hash === `#${customerPaths.chairs}`);
    await card.getByText('Complete').waitFor();

    // The cart.
    await go(page, customerPaths.parts);
    for (const part of parts) {
      await page
        .getByRole('article', { name: part.name })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
    }
    await page
      .getByRole('article', { name: parts[0]!.name })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await toast(page, 'Added to cart');
    await page
      .getByRole('region', { name: 'Cart' })
      .getByText(/^3 items/)
      .waitFor();
    await shot(page, 'parts-cart');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await toast(page, 'Parts request submitted');

    // Reload, still offline: all of it is there.
    await page.reload();
    await syncStatus.getByText('Offline').waitFor();
    await syncStatus.getByText('5 pending').waitFor();
    await go(page, customerPaths.support);
    await page.getByRole('article', { name: 'Headrest squeaks when adjusted' }).waitFor();
    await go(page, customerPaths.service);
    await page.getByText('Morning visit, please').waitFor();
    await go(page, customerPaths.chairs);
    await card.getByText('Complete').waitFor();
    await card.getByText('Active').waitFor();
    await go(page, customerPaths.parts);
    await page
      .getByRole('region', { name: 'My Part Requests' })
      .getByText(/3 items/)
      .first()
      .waitFor();

    // Back online: the queue drains in order, each change once.
    await context.setOffline(false);
    await syncStatus.getByText('0 pending').waitFor({ timeout: 60_000 });

    const count = async (sql: string, params: unknown[]) =>
      (await demo.db.query<{ n: string }>(sql, params)).rows[0]?.n;
    expect(
      await count(
        `select count(*)::text as n from public.support_tickets where customer_user_id = $1 and title = $2`,
        [customerId, 'Headrest squeaks when adjusted'],
      ),
    ).toBe('1');
    expect(
      await count(
        `select count(*)::text as n from public.service_requests
          where customer_user_id = $1 and notes = $2 and preferred_time = '10:30'`,
        [customerId, 'Morning visit, please'],
      ),
    ).toBe('1');
    const { rows: requests } = await demo.db.query<{ items: { partId: string; qty: number }[] }>(
      `select items from public.part_requests where user_id = $1 and status = 'PENDING'
        and created_at > now() - interval '1 hour'`,
      [customerId],
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.items).toEqual([
      { partId: parts[0]!.id, qty: 2 },
      { partId: parts[1]!.id, qty: 1 },
    ]);
    const { rows: server } = await demo.db.query<{
      id: string;
      owner_user_id: string;
      status: string;
      warranty: { confirmed: boolean };
      test_sheet: Record<string, unknown>;
    }>(
      `select id, owner_user_id, status, warranty, test_sheet from public.chairs
        where serial_number = $1`,
      [chair.serial_number],
    );
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({
      id: chair.id,
      owner_user_id: customerId,
      status: 'REGISTERED',
      warranty: { confirmed: true },
      test_sheet: { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true },
    });
    const { rows: applied } = await demo.db.query<{ name: string; n: string }>(
      `select name, count(*)::text as n from public.applied_mutations where user_id = $1
        group by name order by name`,
      [customerId],
    );
    expect(applied).toEqual([
      { name: 'chair.activateWarranty', n: '1' },
      { name: 'chair.submitTestSheet', n: '1' },
      { name: 'partRequest.create', n: '1' },
      { name: 'serviceRequest.create', n: '1' },
      { name: 'ticket.create', n: '1' },
    ]);
    // The phone shows the server's chair, once, confirmed.
    await go(page, customerPaths.chairs);
    // (The stand-in goes when the activation settles; the server's row arrives with the pull.)
    await card.getByText(/Activated on this device/).waitFor({ state: 'detached' });
    await card.getByText('Complete').waitFor();
    expect(await page.getByRole('article', { name: chair.serial_number }).count()).toBe(1);

    // Online, the live lookup asks the server: a serial not in inventory is named so at once,
    // and cannot be submitted.
    await go(page, customerPaths.warranty);
    await page.getByLabel('Serial Number').fill('NOT-IN-INVENTORY-1');
    await page.getByText('Serial number not found in inventory').waitFor();
    await page.getByLabel('Delivery Date').fill(today());
    expect(await page.getByRole('button', { name: 'Activate Warranty' }).isDisabled()).toBe(true);

    // Sent offline, it shows in My Chairs until the server refuses it once back online, in
    // SPEC's words; no ghost chair is left.
    await context.setOffline(true);
    await page.getByLabel('Serial Number').fill('S30-NOT-IN-INVENTORY-2');
    await page.getByText(/once you are back online/).waitFor();
    await page.getByRole('button', { name: 'Activate Warranty' }).click();
    await toast(page, 'Warranty activation received');
    await go(page, customerPaths.chairs);
    await page.getByRole('article', { name: 'S30-NOT-IN-INVENTORY-2' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: /1 need attention/ }).waitFor({ timeout: 60_000 });
    await page
      .getByRole('article', { name: 'S30-NOT-IN-INVENTORY-2' })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /1 need attention/ }).click();
    await page.getByText('Serial number not found in inventory').first().waitFor();
    await page.getByText('S30-NOT-IN-INVENTORY-2').first().waitFor();
    await dialogSettled(page);
    await checkPage(page, 'needs attention');
    await shot(page, 'needs-attention');
    await context.close();
  });

  it('still reads well on a desktop (1440×900)', async () => {
    const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    await signIn(page, demo.server.url, demoAccount('CUSTOMER'), customerPaths.home);
    await page
      .getByRole('button', { name: /^Sync status/ })
      .getByText(/Synced/)
      .waitFor({ timeout: 60_000 });
    for (const [name, path, heading] of [SCREENS[0]!, SCREENS[1]!, SCREENS[4]!]) {
      await go(page, path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        1440,
      );
      await checkPage(page, `desktop ${name}`);
      await shot(page, `desktop-${name}`);
    }
    await context.close();
  });
});
