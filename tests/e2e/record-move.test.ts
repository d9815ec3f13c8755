// Issue 44.6 in a real Chromium, its CPU slowed 4× as on a tablet: an engineer on a ticket's
// Service Notes moves away without a reload and, during the move, taps where the time spent was,
// types minutes and presses Enter (which saves the notes). Nothing of it reaches the ticket left:
//  - T2 to T7 by the address (back, forward, a link from elsewhere): the mirror's answer for T7 is
//    held meanwhile (a busy tablet's storage), so this move lasts as long as the test needs;
//  - T7 to Support Tickets by the navigation's link: React draws the list in a transition and
//    keeps T7's page on screen meanwhile.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { engineerPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';
import { go, screenShown, signInAndSync } from './roles';

const demo = demoBackendForThisFile();

/**
 * Holds IndexedDB's support tickets in the page: a read-write transaction kept open with one
 * request after another, so every read of tickets waits for it. Resolves once it holds.
 */
async function holdTicketReads(page: Page): Promise<void> {
  await page.evaluate(async (prefix) => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith(prefix))?.name;
    if (!name) throw new Error('No mirror database');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('supportTickets', 'readwrite').objectStore('supportTickets');
    const held = window as unknown as { __releaseTickets?: () => void };
    let holding = true;
    held.__releaseTickets = () => {
      holding = false;
    };
    await new Promise<void>((resolve) => {
      const again = () => {
        if (holding) store.count().onsuccess = again;
        else db.close();
      };
      store.count().onsuccess = () => {
        resolve();
        again();
      };
    });
  }, 'chairside-');
}

/** The service-notes changes queued on this device (offline: nothing has left), by ticket. */
async function queuedNotes(page: Page): Promise<{ ticketId: string; patch: unknown }[]> {
  return page.evaluate(async (prefix) => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith(prefix))?.name;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name!);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = await new Promise<{ name: string; args: { ticketId: string; patch: unknown } }[]>(
      (resolve) => {
        const request = db.transaction('outbox').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result);
      },
    );
    db.close();
    return all
      .filter((entry) => entry.name === 'ticket.updateServiceNotes')
      .map((entry) => ({ ticketId: entry.args.ticketId, patch: entry.args.patch }));
  }, 'chairside-');
}

interface Point {
  x: number;
  y: number;
}

/** Where the notes' time spent is on screen (scrolled into view), as a finger aims at it. */
async function timeSpentField(page: Page): Promise<Point> {
  const field = page.getByRole('spinbutton', { name: 'Time spent (minutes)' });
  await field.scrollIntoViewIfNeeded();
  const box = await field.boundingBox();
  if (!box) throw new Error('The time spent is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** During a move: a tap where the time spent was, minutes typed, and Enter, which saves. */
async function typeAndSaveAt(page: Page, field: Point): Promise<void> {
  await page.mouse.click(field.x, field.y);
  await page.keyboard.type('45');
  await page.keyboard.press('Enter');
}

describe('moving from one ticket to another', { timeout: 240_000 }, () => {
  it('takes nothing typed or tapped during a move into the ticket just left, at 4× CPU', async () => {
    const { rows } = await demo.db.query<{ id: string; title: string }>(
      `select id, title from public.support_tickets where engineer_user_id = $1
        order by created_at desc limit 2`,
      [DEMO_USER_IDS.engineer],
    );
    const [t2, t7] = rows;
    if (!t2 || !t7) throw new Error('The demo engineer needs two tickets');
    const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    try {
      await signInAndSync(page, demo.server.url, 'ENGINEER');
      await go(page, engineerPaths.ticket(t2.id));
      await page.getByRole('heading', { level: 1, name: t2.title }).waitFor();
      await screenShown(page);
      await page.getByRole('tab', { name: 'Service Notes' }).click();
      const field = await timeSpentField(page);
      // Offline: what the engineer saves stays in the outbox, where the test reads it.
      await context.setOffline(true);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

      await holdTicketReads(page);
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, engineerPaths.ticket(t7.id));
      await typeAndSaveAt(page, field);
      await page.evaluate(() =>
        (window as unknown as { __releaseTickets: () => void }).__releaseTickets(),
      );
      await page.getByRole('heading', { level: 1, name: t7.title }).waitFor();

      await page.getByRole('tab', { name: 'Service Notes' }).click();
      const fieldT7 = await timeSpentField(page);
      // The navigation's link, clicked where it is (no scrolling to it: the field stays put).
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Support Tickets' })
        .dispatchEvent('click');
      await typeAndSaveAt(page, fieldT7);
      await page.getByRole('heading', { level: 1, name: 'Support Tickets' }).waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

      // Back on T7, a save of its own: the device's writes are in order, so once it is queued any
      // save made during a move is queued before it.
      await go(page, engineerPaths.ticket(t7.id));
      await page.getByRole('heading', { level: 1, name: t7.title }).waitFor();
      await screenShown(page);
      await page.getByRole('tab', { name: 'Service Notes' }).click();
      await page.getByRole('textbox', { name: 'Work performed' }).fill('Checked the pump on T7');
      await page.getByRole('button', { name: 'Save Service Notes' }).click();
      await page.getByText('Service notes updated successfully').first().waitFor();

      const queued = await queuedNotes(page);
      expect(queued.filter((entry) => entry.ticketId === t2.id)).toEqual([]);
      // T7's own save, and nothing typed while T7 was being left.
      expect(queued).toEqual([
        {
          ticketId: t7.id,
          patch: expect.objectContaining({ workPerformed: 'Checked the pump on T7' }),
        },
      ]);
      await checkPage(page, `ticket ${t7.title} after the move`);
    } finally {
      await context.close();
    }
  });
});
