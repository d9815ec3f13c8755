// What the whole-product browser tests share about the four demo roles: each role's device size,
// its routes read from the typed path tables in src/domain/paths.ts (a route added there is
// visited without touching the tests), signing in through the sign-in screen, and moving between
// routes the way the app does (hash routing).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import type { Database } from '../../server/db/database';
import { settled } from './steps';
import { demoAccount, type DemoRole } from '../../src/domain/demo-accounts';
import {
  adminPaths,
  customerPaths,
  engineerPaths,
  roleHome,
  vendorPaths,
} from '../../src/domain/paths';

export type ColourMode = 'light' | 'dark';

/** The device each role works on (customers on phones, engineers on tablets, the rest on desktop). */
export const ROLE_VIEWPORT: Record<DemoRole, { width: number; height: number }> = {
  CUSTOMER: { width: 390, height: 844 },
  ENGINEER: { width: 1024, height: 768 },
  ADMIN: { width: 1440, height: 900 },
  VENDOR: { width: 1440, height: 900 },
};

/** Whether Lighthouse should emulate a phone (customer, engineer) or a desktop (admin, vendor). */
export const ROLE_FORM_FACTOR: Record<DemoRole, 'mobile' | 'desktop'> = {
  CUSTOMER: 'mobile',
  ENGINEER: 'mobile',
  ADMIN: 'desktop',
  VENDOR: 'desktop',
};

const ROLE_PATH_TABLE: Record<DemoRole, Record<string, string | ((id: string) => string)>> = {
  CUSTOMER: customerPaths,
  ADMIN: adminPaths,
  ENGINEER: engineerPaths,
  VENDOR: vendorPaths,
};

/**
 * The record a route with an id shows, per role and path-table key: a demo row that route can
 * show in full. A new route with an id needs its entry here; the tests fail naming it until then.
 */
const ROUTE_IDS: Partial<Record<DemoRole, Record<string, (db: Database) => Promise<string>>>> = {
  CUSTOMER: {
    // A chair of the customer with no test sheet yet: the form, not the 'Completed' badge.
    testSheet: async (db) =>
      firstId(
        db,
        `select id from public.chairs where owner_user_id = $1 and test_sheet is null
          order by serial_number limit 1`,
        [DEMO_USER_IDS.customer],
      ),
  },
  ENGINEER: {
    ticket: async (db) =>
      firstId(
        db,
        `select id from public.support_tickets where engineer_user_id = $1
          order by created_at desc limit 1`,
        [DEMO_USER_IDS.engineer],
      ),
  },
};

async function firstId(db: Database, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  if (!rows[0]) throw new Error(`No demo row for: ${sql}`);
  return rows[0].id;
}

export interface RoleRoute {
  /** The key in the role's path table, e.g. `testSheet`. */
  key: string;
  path: string;
}

/** Every route of the role, in the order of its path table, ids filled in from the demo data. */
export async function roleRoutes(role: DemoRole, db: Database): Promise<RoleRoute[]> {
  const routes: RoleRoute[] = [];
  for (const [key, entry] of Object.entries(ROLE_PATH_TABLE[role])) {
    if (typeof entry === 'string') {
      routes.push({ key, path: entry });
      continue;
    }
    const id = ROUTE_IDS[role]?.[key];
    if (!id) throw new Error(`No demo id for the ${role} route '${key}': add it to ROUTE_IDS`);
    routes.push({ key, path: entry(await id(db)) });
  }
  return routes;
}

/** A context at the role's device size, in the colour mode (next-themes' 'theme' key). */
export async function roleContext(
  browser: Browser,
  role: DemoRole,
  mode: ColourMode = 'light',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: ROLE_VIEWPORT[role] });
  await context.addInitScript((theme) => {
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', theme);
  }, mode);
  return context;
}

/** Signs the role's demo account in through the sign-in screen and waits for its home. */
export async function signInAs(page: Page, baseUrl: string, role: DemoRole): Promise<void> {
  const account = demoAccount(role);
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.hash === `#${roleHome(role)}`);
}

/**
 * Signs `role` in and waits for the first sync to end ('Synced' in the top bar) and the service
 * worker to be ready: the device can open the app offline from then on.
 */
export async function signInAndSync(page: Page, baseUrl: string, role: DemoRole): Promise<void> {
  await signInAs(page, baseUrl, role);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Sync status/ })
    .getByText(/Synced/)
    .waitFor({ timeout: 120_000 });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
}

/**
 * Moves to a route as the app's links do (hash routing, no reload) and waits until the new
 * screen has replaced the old one: its own heading is in main, or focus is on main's heading
 * (the app moves it there after a route change). Waiting for the URL alone lets a check run on
 * the previous screen while the next one's code still loads.
 */
export async function go(page: Page, hash: string): Promise<void> {
  const moved = await page.evaluate((target) => {
    if (window.location.hash === `#${target}`) return false;
    (window as unknown as { __headingBefore: Element | null }).__headingBefore =
      document.querySelector('main h1');
    window.location.hash = target;
    return true;
  }, hash);
  await page.waitForURL((url) => url.hash === `#${hash}`);
  if (!moved) return;
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    const before = (window as unknown as { __headingBefore: Element | null }).__headingBefore;
    return heading !== null && (heading !== before || document.activeElement === heading);
  });
}

/** The steps' wait for running animations, for the files that take their steps from here. */
export { settled };

/** Waits for the screen's content: its h1 and no loading state left in main. */
export async function screenContentShown(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page
    .locator('main [role="status"]', { hasText: /^Loading/ })
    .first()
    .waitFor({ state: 'detached' });
}

/** Waits for the screen: its content, then the network quiet. */
export async function screenShown(page: Page): Promise<void> {
  await screenContentShown(page);
  await page.waitForLoadState('networkidle');
  await settled(page);
}
