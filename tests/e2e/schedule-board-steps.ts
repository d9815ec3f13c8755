// The schedule board's browser steps (issue 45): service requests made on the server for the
// demo customer, a day of the board as its cell key, the board's cells and chips as a person
// finds them, a pointer drag that waits for the cell's verdict before letting go, and what the
// board's live region has said.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Database } from '../../server/db/database';
import { DEMO_CHAIR_IDS, DEMO_USER_IDS } from '../../server/seed/demo-data';
import { localDateKey } from '../../src/domain/appointments';
import { displayId } from '../../src/domain/format';

/** 'YYYY-MM-DD' of today plus `offset` days, as the board (in this machine's zone) shows it. */
export function boardDay(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return localDateKey(date);
}

/** A pending, unassigned request of the demo customer, preferred `offset` days ahead at 10:00. */
export async function pendingRequest(db: Database, offset: number, note: string) {
  const id = crypto.randomUUID();
  await db.query(
    `insert into public.service_requests
       (id, customer_user_id, chair_id, preferred_date, preferred_time, notes, status)
     values ($1, $2, $3, $4, '10:00', $5, 'PENDING')`,
    [id, DEMO_USER_IDS.customer, DEMO_CHAIR_IDS.riversideActive, boardDay(offset), note],
  );
  return { id, short: displayId(id), note };
}

/** A request of the demo customer already booked with the demo engineer, `offset` days ahead. */
export async function bookedRequest(db: Database, offset: number, note: string) {
  const request = await pendingRequest(db, offset, note);
  await db.query(
    `update public.service_requests set status = 'SCHEDULED', engineer_user_id = $2,
        scheduled_date = preferred_date, scheduled_time = '10:00', confirmed_at = now()
      where id = $1`,
    [request.id, DEMO_USER_IDS.engineer],
  );
  return request;
}

/** Where the drag overlay, the picked-up chip and the first and last cells are, for a failure. */
export function boardGeometry(page: Page): Promise<string> {
  return page.evaluate(() => {
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect();
      return r
        ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`
        : 'none';
    };
    const cells = document.querySelectorAll('[aria-label="Schedule board"] td');
    return [
      `overlay ${box(document.querySelector('.board-drag-overlay'))}`,
      `focused ${box(document.activeElement)}`,
      `first cell ${box(cells[0])}, last cell ${box(cells[cells.length - 1])}, ${cells.length} cells`,
      `scroll ${window.scrollX},${window.scrollY}`,
    ].join('; ');
  });
}

/** The chip of a request, wherever it is on the board. */
export const requestChip = (page: Page, short: string) =>
  page.getByRole('button', { name: new RegExp(`^Service Request #${short}`) });

/** An engineer's row on the board. */
export const engineerRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Schedule board' }).locator('tr', {
    has: page.getByText(name, { exact: true }),
  });

/** An engineer's cell of the week's day `offset` (the cells after the heading and the tickets). */
export const dayCell = (page: Page, name: string, offset: number) =>
  engineerRow(page, name)
    .locator('td')
    .nth(offset + 1);

async function centre(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags `from` onto `to` with the mouse, in steps as a hand does, and lets go once the cell
 * shows its verdict (the warnings are seen before the drop).
 */
export async function dragTo(page: Page, from: Locator, to: Locator): Promise<string> {
  await from.scrollIntoViewIfNeeded();
  const start = await centre(from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 4 });
  await to.scrollIntoViewIfNeeded();
  const end = await centre(to);
  await page.mouse.move(end.x, end.y, { steps: 12 });
  const verdict = to.locator('p[aria-hidden]').last();
  // dnd-kit measures the cells once the drag has started and finds the cell under the pointer on
  // the pointer's next move: on a loaded machine all the moves above can come before the cells are
  // measured (a fresh run, 2026-11-28, waited 30 s for a verdict that never came). A hand holding
  // a card over a cell moves a little: so does this one, until the cell shows its verdict.
  let nudge = 1;
  for (let tries = 0; !(await verdict.isVisible()); tries += 1) {
    if (tries > 600) throw new Error('No verdict on the cell under the pointer');
    nudge = -nudge;
    await page.mouse.move(end.x + nudge, end.y);
    await page.waitForTimeout(100);
  }
  const text = (await verdict.textContent()) ?? '';
  await page.mouse.up();
  return text;
}

/** Confirms a move with warnings, if the board asked. */
export async function confirmIfAsked(page: Page, warned: boolean): Promise<void> {
  if (!warned) return;
  const dialog = page.getByRole('alertdialog', { name: 'Move with warnings?' });
  await dialog.getByRole('button', { name: 'Move anyway' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Starts recording what the board's live region says; `heard()` returns it so far. */
export async function listen(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { boardSaid: string[] }).boardSaid = said;
    new MutationObserver(() => {
      const text = document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
      if (text && said.at(-1) !== text) said.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { boardSaid: string[] }).boardSaid);
}

/**
 * Picks `chip` up from the keyboard (focus, Space) and waits until the pick-up is heard: dnd-kit
 * listens for the arrows only after the pick-up's task, and an arrow sent before it was lost on a
 * busy machine. A person presses the arrows once they hear it too.
 */
export async function pickUpWithKeyboard(
  page: Page,
  chip: Locator,
  heard: () => Promise<string[]>,
  patience: { timeout: number },
): Promise<void> {
  await chip.waitFor(patience);
  await chip.focus();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await heard()).join('\n'), patience).toMatch(/^Picked up /);
}

/**
 * Moves picked-up work left with the keyboard, cell by cell, until it is over a day the board
 * shows (at most `tries` cells): the first cells left of the queue may be scrolled out of the
 * board's region, where the work is over nothing. Each press waits until the work has moved.
 */
export async function moveLeftUntilOver(
  page: Page,
  heard: () => Promise<string[]>,
  patience: { timeout: number },
  tries = 4,
): Promise<string> {
  const over = async () => (await heard()).find((line) => line.includes(' is over ')) ?? '';
  const lifted = page.locator('.board-drag-overlay');
  const at = async () => JSON.stringify(await lifted.boundingBox());
  for (let i = 0; i < tries && !(await over()); i += 1) {
    const before = await at();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(at, patience).not.toBe(before);
  }
  await expect.poll(over, patience).toMatch(/ is over /);
  return over();
}
