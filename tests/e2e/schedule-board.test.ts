// The dispatcher's schedule board in real Chromium (issue 45): two dispatchers (the vendor and an
// admin, whose area opens the same board) and the engineer, each on their own device. A request
// dragged on the vendor's board shows on the admin's board and the engineer's Service Calendar
// without a reload; a move the server refuses (the customer cancelled meanwhile) springs back
// with the server's reason; a keyboard-only move, heard in words; an offline move applied once; a
// chair due for its inspection dropped on a day, booked for its owner.
// Screenshots at 1440×900 and 1024×768; axe in light and dark.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccount, type DemoRole } from '../../src/domain/demo-accounts';
import { adminPaths, engineerPaths, roleHome, vendorPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';
import { go, roleContext } from './roles';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { displayId, formatDate } from '../../src/domain/format';
import {
  boardDay,
  boardGeometry,
  bookedRequest,
  confirmIfAsked,
  dayCell,
  dragTo,
  listen,
  moveLeftUntilOver,
  pendingRequest,
  pickUpWithKeyboard,
  requestChip,
} from './schedule-board-steps';
import { onServer, settled, signIn, syncStatus } from './steps';

const demo = demoBackendForThisFile();
/** Far longer than a live update takes on a busy machine; half the minute's poll it replaces. */
const LIVE = { timeout: 30_000 };
const SHOTS = 'tests/e2e/__screens__';
const ENGINEER = demoAccount('ENGINEER').name;
const CLEAR = ['Drop here', 'Already here'];

async function open(role: DemoRole, mode: 'light' | 'dark' = 'light') {
  const context = await roleContext(demo.browser, role, mode);
  await watchContentSecurityPolicy(context);
  const page = await context.newPage();
  await signIn(page, demo.server.url, demoAccount(role), roleHome(role));
  return { context, page };
}

async function board(page: Page, path: string) {
  await go(page, path);
  await page.getByRole('heading', { level: 1, name: 'Schedule Board' }).waitFor();
  await page.getByRole('region', { name: 'Schedule board' }).waitFor();
}

const applied = async (id: string) =>
  (
    await demo.db.query<{ name: string }>(
      `select name from public.applied_mutations where result->'service_requests'->0->>'id' = $1 order by applied_at`,
      [id],
    )
  ).rows.map((row) => row.name);

async function closeAll(...contexts: BrowserContext[]) {
  for (const context of contexts) await context.close();
}

describe('the schedule board', { timeout: 300_000 }, () => {
  it('moves a request on one board and shows it on the other and on the engineer’s calendar', async () => {
    const request = await pendingRequest(demo.db, 1, `Board drag ${Date.now().toString(36)}`);
    const vendor = await open('VENDOR');
    const admin = await open('ADMIN');
    const field = await open('ENGINEER');
    try {
      await board(vendor.page, vendorPaths.schedule);
      await board(admin.page, adminPaths.schedule);
      await go(field.page, engineerPaths.calendar);
      const chip = requestChip(vendor.page, request.short);
      await chip.waitFor(LIVE);

      const verdict = await dragTo(vendor.page, chip, dayCell(vendor.page, ENGINEER, 1));
      await confirmIfAsked(vendor.page, !CLEAR.includes(verdict));
      await dayCell(vendor.page, ENGINEER, 1)
        .getByRole('button', { name: /^Service Request/ })
        .first()
        .waitFor();
      await onServer(
        demo.db,
        `select 1 from public.service_requests where id = $1 and engineer_user_id is not null
           and scheduled_date = $2 and status = 'SCHEDULED'`,
        [request.id, boardDay(1)],
        'the move',
      );
      // The other dispatcher's board and the engineer's calendar, untouched, show it.
      await dayCell(admin.page, ENGINEER, 1)
        .getByRole('button', { name: new RegExp(`^Service Request #${request.short}`) })
        .waitFor(LIVE);
      await field.page.getByText(`Service Request #${request.short}`).waitFor(LIVE);

      await settled(vendor.page);
      await vendor.page.screenshot({ path: `${SHOTS}/schedule-board-1440.png` });
      await checkPage(vendor.page, 'Schedule Board (vendor, light)');
      await vendor.page.setViewportSize({ width: 1024, height: 768 });
      await settled(vendor.page);
      await vendor.page.screenshot({ path: `${SHOTS}/schedule-board-1024.png` });
      await checkPage(vendor.page, 'Schedule Board (vendor, 1024)');
      await checkPage(admin.page, 'Schedule Board (admin)');
    } finally {
      await closeAll(vendor.context, admin.context, field.context);
    }
  });

  it('moves a visit with the keyboard alone and says what happened', async () => {
    const request = await bookedRequest(demo.db, 2, `Board keys ${Date.now().toString(36)}`);
    const vendor = await open('VENDOR');
    try {
      await board(vendor.page, vendorPaths.schedule);
      const heard = await listen(vendor.page);
      const chip = requestChip(vendor.page, request.short);
      await pickUpWithKeyboard(vendor.page, chip, heard, LIVE);
      await vendor.page.keyboard.press('ArrowRight');
      await expect
        .poll(async () => (await heard()).join('\n'), LIVE)
        .toMatch(new RegExp(`is over ${ENGINEER}, .*${formatDate(boardDay(3))}`));
      await vendor.page.keyboard.press('Enter');
      // Not the customer's preferred day: a warning, confirmed from the keyboard.
      const dialog = vendor.page.getByRole('alertdialog', { name: 'Move with warnings?' });
      await dialog.waitFor();
      for (let i = 0; i < 4; i += 1) {
        const focused = await vendor.page.evaluate(() => document.activeElement?.textContent);
        if (focused === 'Move anyway') break;
        await vendor.page.keyboard.press('Tab');
      }
      await vendor.page.keyboard.press('Enter');
      await onServer(
        demo.db,
        `select 1 from public.service_requests where id = $1 and scheduled_date = $2`,
        [request.id, boardDay(3)],
        'the keyboard move',
      );
      const said = await heard();
      expect(said[0]).toMatch(new RegExp(`^Picked up Service Request #${request.short}`));
      expect(said.join('\n')).toMatch(
        new RegExp(`#${request.short} .*is waiting for you to confirm the move to ${ENGINEER}`),
      );
    } finally {
      await closeAll(vendor.context);
    }
  });

  it('picks work up from the queue with the keyboard and moves it onto the board', async () => {
    const request = await pendingRequest(demo.db, 5, `Board queue keys ${Date.now().toString(36)}`);
    const vendor = await open('VENDOR');
    try {
      await board(vendor.page, vendorPaths.schedule);
      const heard = await listen(vendor.page);
      const chip = requestChip(vendor.page, request.short);
      await pickUpWithKeyboard(vendor.page, chip, heard, LIVE);
      await moveLeftUntilOver(vendor.page, heard, LIVE).catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}; heard ${JSON.stringify(await heard())}; ${await boardGeometry(vendor.page)}`,
        );
      });
      await vendor.page.keyboard.press('Escape');
      await expect.poll(async () => (await heard()).at(-1), LIVE).toMatch(/^Move cancelled\./);
    } finally {
      await closeAll(vendor.context);
    }
  });

  it('sends a move made offline once, and springs back a move the server refuses', async () => {
    const kept = await pendingRequest(demo.db, 1, `Board offline ${Date.now().toString(36)}`);
    const cancelled = await pendingRequest(demo.db, 2, `Board refused ${Date.now().toString(36)}`);
    const vendor = await open('VENDOR');
    try {
      await board(vendor.page, vendorPaths.schedule);
      await requestChip(vendor.page, cancelled.short).waitFor(LIVE);
      await vendor.context.setOffline(true);
      // Meanwhile the customer cancels one of them: this board cannot know.
      await demo.db.query(`update public.service_requests set status = 'CANCELLED' where id = $1`, [
        cancelled.id,
      ]);
      for (const [request, day] of [
        [kept, 1],
        [cancelled, 2],
      ] as const) {
        const verdict = await dragTo(
          vendor.page,
          requestChip(vendor.page, request.short),
          dayCell(vendor.page, ENGINEER, day),
        );
        await confirmIfAsked(vendor.page, !CLEAR.includes(verdict));
        await dayCell(vendor.page, ENGINEER, day)
          .getByRole('button', { name: new RegExp(`^Service Request #${request.short}`) })
          .waitFor();
      }
      expect(await applied(kept.id)).toEqual([]);

      await vendor.context.setOffline(false);
      await onServer(
        demo.db,
        `select 1 from public.service_requests where id = $1 and status = 'SCHEDULED'`,
        [kept.id],
        'the offline move',
      );
      // The refused move springs back: off the engineer's day, with the server's reason.
      await vendor.page
        .getByText(/refused by the server/)
        .first()
        .waitFor(LIVE);
      await dayCell(vendor.page, ENGINEER, 2)
        .getByRole('button', { name: new RegExp(`^Service Request #${cancelled.short}`) })
        .waitFor({ state: 'detached', ...LIVE });
      await syncStatus(vendor.page).click();
      await vendor.page
        .getByRole('dialog', { name: 'Sync status' })
        .getByText('This service request is already cancelled')
        .first()
        .waitFor();
      expect(await applied(kept.id)).toEqual(['serviceRequest.assign', 'serviceRequest.schedule']);
      expect(await applied(cancelled.id)).toEqual([]);
    } finally {
      await closeAll(vendor.context);
    }
  });

  it('books a chair due for its inspection when it is dropped on an engineer’s day', async () => {
    const serial = `S30-DUE-${Date.now().toString(36).toUpperCase()}`;
    const chairId = crypto.randomUUID();
    await demo.db.query(
      `insert into public.chairs (id, serial_number, model, model_name, owner_user_id, status, service)
       values ($1, $2, 'S30', 'S30 Sigma', $3, 'REGISTERED', jsonb_build_object('nextServiceDue', $4::text))`,
      [chairId, serial, DEMO_USER_IDS.customer, boardDay(2)],
    );
    const vendor = await open('VENDOR');
    try {
      await board(vendor.page, vendorPaths.schedule);
      // Found by its serial, whatever else waits in the queue before it.
      await vendor.page.getByRole('searchbox', { name: 'Search the queue' }).fill(serial);
      const chip = vendor.page.getByRole('button', { name: new RegExp(`^Chair ${serial}`) });
      const queued = vendor.page.getByRole('list', { name: 'Unassigned work' }).getByRole('button');
      await expect.poll(() => queued.count(), LIVE).toBe(1);
      // By keyboard (the pointer's drags from the queue are the other tests').
      const heard = await listen(vendor.page);
      await pickUpWithKeyboard(vendor.page, chip, heard, LIVE);
      const over = await moveLeftUntilOver(vendor.page, heard, LIVE);
      expect(over).toMatch(new RegExp(`^Chair ${serial} of .* is over `));
      const warned = !over.endsWith('No warnings.');
      await vendor.page.keyboard.press('Enter');
      if (warned) {
        const dialog = vendor.page.getByRole('alertdialog', { name: 'Move with warnings?' });
        await dialog.getByRole('button', { name: 'Move anyway' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      await chip.waitFor({ state: 'detached', ...LIVE });
      await onServer(
        demo.db,
        `select 1 from public.service_requests where chair_id = $1 and customer_user_id = $2
           and engineer_user_id is not null and scheduled_date is not null and status = 'SCHEDULED'`,
        [chairId, DEMO_USER_IDS.customer],
        'the booking',
      );
      const { rows } = await demo.db.query<{ id: string }>(
        `select id from public.service_requests where chair_id = $1`,
        [chairId],
      );
      expect(rows).toHaveLength(1);
      // On the board as the engineer's scheduled visit, booked once.
      await requestChip(vendor.page, displayId(rows[0]!.id)).waitFor(LIVE);
      expect(await applied(rows[0]!.id)).toEqual(['serviceRequest.book']);
    } finally {
      await closeAll(vendor.context);
    }
  });

  it('is accessible in dark mode', async () => {
    const vendor = await open('VENDOR', 'dark');
    try {
      await board(vendor.page, vendorPaths.schedule);
      await settled(vendor.page);
      await vendor.page.screenshot({ path: `${SHOTS}/schedule-board-1440-dark.png` });
      await checkPage(vendor.page, 'Schedule Board (vendor, dark)');
    } finally {
      await closeAll(vendor.context);
    }
  });
});
