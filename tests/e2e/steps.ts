// The steps the desktop browser suites share: wait for animations, visit a route and run the page
// checks on it (with a screenshot to SCREENSHOT_DIR when set), sign in, and wait for the server to
// hold what the sync engine pushes on its own schedule.
import type { Page } from 'playwright-core';
import type { Database } from '../../server/db/database';
import { paths } from '../../src/domain/paths';
import { checkPage } from './page-checks';

const SHOTS = process.env.SCREENSHOT_DIR;

/** The sync status button in the top bar. */
export const syncStatus = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Sync status/ });

/**
 * Resolves when the screen is at rest: nothing still reading or searching (`aria-busy`: every
 * LoadingState, and SearchableList's rows while its search runs) and the page's running
 * animations (a dialog opening, the Export button fading in once its list is first read)
 * finished.
 */
export const settled = async (page: Page) => {
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
  );
};

/** The page checks on the page as it is now, and a screenshot `<shot>.png` when asked for. */
export async function checkAndShoot(page: Page, where: string, shot: string): Promise<void> {
  await settled(page);
  await checkPage(page, where);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png` });
}

/** Goes to `path` in the app, waits for its heading and the network, then checks and shoots. */
export async function visitRoute(page: Page, path: string, heading: string, shot: string) {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
  await checkAndShoot(page, heading, shot);
}

/** Signs in on the sign-in screen and waits for the role's home. */
export async function signIn(
  page: Page,
  url: string,
  account: { email: string; password: string },
  home: string,
): Promise<void> {
  await page.goto(`${url}/#${paths.login}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((u) => u.hash === `#${home}`);
}

/**
 * Polls until `check` holds (the sync engine pushes on its own schedule), for up to a minute: a
 * state, not a count of tries (100 tries took 20 s plus the checks, which a busy machine needs).
 */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Polls the server until `sql` returns a row; that row. */
export async function onServer(
  db: Database,
  sql: string,
  params: unknown[],
  what: string,
): Promise<Record<string, unknown>> {
  let row: Record<string, unknown> | undefined;
  await eventually(async () => {
    row = (await db.query<Record<string, unknown>>(sql, params)).rows[0];
    return row !== undefined;
  }, `${what} on the server`);
  return row!;
}

/** Another demo engineer (Sophie Turner, from the demo data), for races on a ticket. */
export const OTHER_ENGINEER = 'de000001-0000-4000-8000-000000000021';

/** The newest open, unassigned tickets of the demo data: `count` of them. */
export async function openTickets(
  db: Database,
  count: number,
): Promise<{ id: string; title: string }[]> {
  const { rows } = await db.query<{ id: string; title: string }>(
    `select id, title from public.support_tickets
      where engineer_user_id is null and status = 'OPEN' order by created_at desc limit $1`,
    [count],
  );
  if (rows.length < count) throw new Error(`The demo data has fewer than ${count} open tickets`);
  return rows;
}

/** The other engineer takes the ticket on the server (a race the device learns of on push). */
export async function takenOnServer(db: Database, ticketId: string): Promise<void> {
  await db.query(
    `update public.support_tickets set engineer_user_id = $1, status = 'IN_PROGRESS'
      where id = $2`,
    [OTHER_ENGINEER, ticketId],
  );
}

/** The signed-in engineer opens the ticket's page and takes it (queued when offline). */
export async function takeTicket(page: Page, ticket: { id: string; title: string }) {
  await page.evaluate((id) => {
    window.location.hash = `/dashboard/engineer/tickets/${id}`;
  }, ticket.id);
  await page.getByRole('heading', { name: ticket.title }).first().waitFor();
  await page.getByRole('button', { name: 'Take Ticket' }).first().click();
  await page.getByText('Ticket assigned to you and marked as in progress').first().waitFor();
}
