// What every engine must do (issue 43): a customer's offline day on a phone, an engineer's service
// note on a tablet, and axe on each role's home, against the demo backend. The engine's missing
// APIs (Background Sync, BarcodeDetector, persistent storage) are looked up in the page, and the
// test says which of the product's paths ran. Screenshots of each step go to
// tests/e2e/__screens__/engines/<engine>/ (kept, gitignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { DEMO_ACCOUNTS, demoAccount, type DemoRole } from '../../src/domain/demo-accounts';
import { customerPaths, engineerPaths, paths, roleHome } from '../../src/domain/paths';
import { ROLE_VIEWPORT } from '../e2e/roles';
import { axeViolationsIn } from './axe';
import { enginesBackendForThisFile } from './backend';
import {
  byLabel,
  byRole,
  byText,
  until,
  waitFor,
  waitForText,
  type Engine,
  type EnginePage,
} from './engine-page';

/** How long a first sync or the queue's drain after the server is back may take (a hang's). */
const SYNC_PATIENCE_MS = 180_000;

const SYNC_STATUS = byRole('button', /^Sync status/);

/** Signs the role's demo account in through the sign-in screen and waits for its home. */
async function signIn(page: EnginePage, url: string, role: DemoRole): Promise<void> {
  const account = demoAccount(role);
  await page.goto(`${url}/#${paths.login}`);
  await page.fill(byLabel(/^Email/), account.email);
  await page.fill(byLabel(/^Password/), account.password);
  await page.click(byRole('button', 'Sign In'));
  await until(
    () => page.evaluate((home) => window.location.hash === `#${home}`, roleHome(role)),
    `the ${role} home after signing in`,
  );
}

/** Moves to a route as the app's links do (hash routing) and waits for its heading. */
async function go(page: EnginePage, path: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, path);
  await waitFor(page, byRole('heading', heading));
}

/**
 * The screen at rest: its h1 drawn, nothing in main still reading (`aria-busy`, 'Loading…') and
 * every running animation finished (as tests/e2e/steps.ts's settled()).
 */
async function settled(page: EnginePage): Promise<void> {
  await until(
    () =>
      page.evaluate(() => {
        const main = document.querySelector('main');
        const loading = [...(main?.querySelectorAll('[role="status"]') ?? [])].some((el) =>
          /^Loading/.test(el.textContent ?? ''),
        );
        return (
          Boolean(main?.querySelector('h1')) &&
          !loading &&
          !main?.querySelector('[aria-busy="true"]')
        );
      }),
    'the screen at rest',
  );
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))).then(
      () => true,
    ),
  );
}

/** What of the engine's APIs the product has to do without, and the path it takes instead. */
interface Fallbacks {
  backgroundSync: string;
  barcodeDetector: string;
  persistentStorage: string;
}

async function fallbacks(page: EnginePage): Promise<Fallbacks & { syncManager: boolean }> {
  const found = await page.evaluate(async () => ({
    syncManager: 'SyncManager' in window,
    registrationSync: 'sync' in ((await navigator.serviceWorker.ready) as object),
    barcodeDetector: 'BarcodeDetector' in window,
    persist: typeof navigator.storage?.persist === 'function',
    persisted: (await navigator.storage?.persisted?.()) ?? false,
  }));
  return {
    syncManager: found.syncManager && found.registrationSync,
    backgroundSync:
      found.syncManager && found.registrationSync
        ? 'SyncManager: the service worker sends queued changes, with the app closed too'
        : 'no SyncManager: changes sent when the app is open',
    barcodeDetector: found.barcodeDetector
      ? 'BarcodeDetector: the browser reads labels when it knows Code 128 and QR'
      : 'no BarcodeDetector: labels read by ZXing (WebAssembly, precached)',
    persistentStorage: !found.persist
      ? 'no navigator.storage.persist: storage as the browser keeps it'
      : found.persisted
        ? 'persistent storage granted'
        : 'persistent storage asked for, not granted: the browser may evict under pressure',
  };
}

/** The screenshots of one engine's run. */
function screenshots(engine: string) {
  const dir = join('tests', 'e2e', '__screens__', 'engines', engine.toLowerCase());
  mkdirSync(dir, { recursive: true });
  return (page: EnginePage, name: string) => page.screenshot(join(dir, `${name}.png`));
}

async function serverCount(
  db: { query: (sql: string, params: unknown[]) => Promise<{ rows: { n: string }[] }> },
  sql: string,
  params: unknown[],
): Promise<number> {
  return Number((await db.query(sql, params)).rows[0]?.n ?? 0);
}

/** The three scenarios in the engine `open` starts, against this file's demo backend. */
export function engineScenarios(open: () => Promise<Engine>): void {
  const backend = enginesBackendForThisFile();
  let engine: Engine;
  let shoot: ReturnType<typeof screenshots>;
  /** The devices of the test running: shot as they were when it fails. */
  let devices: EnginePage[] = [];
  const device = async (role: DemoRole) => {
    const page = await engine.openDevice(ROLE_VIEWPORT[role]);
    devices.push(page);
    return page;
  };

  beforeAll(async () => {
    engine = await open();
    shoot = screenshots(engine.name);
    console.log(`${engine.name}: ${engine.version}`);
    if (!engine.recoverableErrors) {
      console.log(
        `${engine.name}: the page's console cannot be read; recoverable errors unwatched`,
      );
    }
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = `failed-${task.name.replace(/\W+/g, '-').slice(0, 60)}`;
      await Promise.all(devices.map((page, i) => shoot(page, `${name}-${i}`).catch(() => {})));
    }
    devices = [];
    await engine.closeDevices();
    if (engine.recoverableErrors) {
      expect(engine.recoverableErrors(), 'React recovered from an error').toEqual([]);
    }
  });

  describe('a customer on a phone', () => {
    it('signs in, starts again offline from the service worker, and sends a ticket raised offline once the server is back, once', async () => {
      const { rows: chairs } = await backend.db.query<{ serial_number: string }>(
        `select serial_number from public.chairs where owner_user_id = $1
          order by serial_number limit 1`,
        [DEMO_USER_IDS.customer],
      );
      const serial = chairs[0]!.serial_number;
      const title = `Footswitch sticks (${engine.name})`;
      const page = await device('CUSTOMER');

      await signIn(page, backend.url, 'CUSTOMER');
      await waitForText(page, SYNC_STATUS, /Synced/, SYNC_PATIENCE_MS);
      // The mirror has filled: the home lists the customer's chairs.
      await waitFor(page, byText(serial));
      await until(
        () => page.evaluate(() => navigator.serviceWorker.controller !== null),
        'the service worker to take the page over',
      );
      const used = await fallbacks(page);
      console.log(`${engine.name} fallbacks:\n  ${Object.values(used).slice(1).join('\n  ')}`);
      await shoot(page, 'customer-home');

      // No network: the app starts again from the service worker's cache, into the mirror.
      await backend.cut();
      await page.reload();
      await waitFor(page, byText(serial));
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await shoot(page, 'customer-home-offline');

      // The scanner without a camera says so in words, and typing stays the way.
      await go(page, customerPaths.warranty, 'Warranty Activation');
      await page.click(byRole('button', 'Scan label'));
      await waitFor(
        page,
        byText('No camera found on this device. Type the serial number instead.'),
      );
      await shoot(page, 'customer-scan-no-camera');
      await page.click(byRole('button', 'Cancel', byRole('dialog')));

      // A ticket raised offline waits in the queue.
      await go(page, customerPaths.support, 'Support Center');
      await page.click(byRole('button', 'Create Ticket'));
      await waitFor(page, byRole('dialog'));
      await page.fill(byLabel(/^Title/, byRole('dialog')), title);
      await page.fill(
        byLabel(/^Description/, byRole('dialog')),
        'The footswitch sticks down after every second press.',
      );
      await page.select(byLabel(/^Priority/, byRole('dialog')), 'HIGH');
      await page.click(byRole('button', 'Create Ticket', byRole('dialog')));
      await waitFor(page, byText('Support ticket created'));
      await waitForText(page, SYNC_STATUS, /\b1 pending/);
      await shoot(page, 'customer-ticket-queued');
      const sent = `select count(*)::text as n from public.support_tickets
        where customer_user_id = $1 and title = $2`;
      expect(await serverCount(backend.db, sent, [DEMO_USER_IDS.customer, title])).toBe(0);

      // The server is back: the open app sends it (the only sender where there is no
      // SyncManager), and the server holds it once.
      await backend.restore();
      await waitForText(page, SYNC_STATUS, /\b0 pending/, SYNC_PATIENCE_MS);
      await shoot(page, 'customer-ticket-sent');
      expect(await serverCount(backend.db, sent, [DEMO_USER_IDS.customer, title])).toBe(1);
      expect(used.syncManager, used.backgroundSync).toBe(false);
    });
  });

  describe('an engineer on a tablet', () => {
    it('adds a service note to a ticket and it reaches the server', async () => {
      const { rows } = await backend.db.query<{ id: string; title: string }>(
        `select id, title from public.support_tickets
          where engineer_user_id = $1 and status = 'IN_PROGRESS' order by created_at desc limit 1`,
        [DEMO_USER_IDS.engineer],
      );
      const ticket = rows[0]!;
      const work = `Cleaned and re-seated the footswitch connector (${engine.name})`;
      const page = await device('ENGINEER');

      await signIn(page, backend.url, 'ENGINEER');
      await waitForText(page, SYNC_STATUS, /Synced/, SYNC_PATIENCE_MS);
      await go(page, engineerPaths.ticket(ticket.id), ticket.title);
      await page.click(byRole('tab', 'Service Notes'));
      await page.fill(byLabel(/^Work performed/), work);
      await page.fill(byLabel(/^Time spent \(minutes\)/), '25');
      await page.click(byRole('button', 'Save Service Notes'));
      await waitFor(page, byText('Service notes updated successfully'));
      await shoot(page, 'engineer-service-note');

      const notes = await until(
        async () => {
          const { rows: saved } = await backend.db.query<{
            service_notes: { workPerformed?: string; timeSpent?: number } | null;
          }>(`select service_notes from public.support_tickets where id = $1`, [ticket.id]);
          return saved[0]?.service_notes?.workPerformed === work ? saved[0].service_notes : null;
        },
        'the service note on the server',
        SYNC_PATIENCE_MS,
      );
      expect(notes).toMatchObject({ workPerformed: work, timeSpent: 25 });
      // A first visit's service worker is the version it runs, not a new one (Firefox held it as
      // waiting for a moment, and the app offered it as 'A new version is available').
      expect(await page.textOf(byText('A new version is available'))).toBeNull();
      await waitForText(page, SYNC_STATUS, /\b0 pending/, SYNC_PATIENCE_MS);
    });
  });

  describe("each role's home", () => {
    for (const { role } of DEMO_ACCOUNTS) {
      it(`has no serious or critical axe violation on the ${role.toLowerCase()} home`, async () => {
        const page = await device(role);
        await signIn(page, backend.url, role);
        await waitForText(page, SYNC_STATUS, /Synced/, SYNC_PATIENCE_MS);
        await settled(page);
        await shoot(page, `home-${role.toLowerCase()}`);
        const { serious, lesser } = await axeViolationsIn(page);
        if (lesser.length > 0) {
          console.log(
            `${engine.name}, ${role} home, axe's moderate and minor:\n  ${lesser.join('\n  ')}`,
          );
        }
        expect(serious, `axe on the ${role} home`).toEqual([]);
      });
    }
  });
}
