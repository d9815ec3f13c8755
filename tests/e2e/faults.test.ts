// Faults, in a real Chromium against the demo backend, each showing that nothing is lost or applied
// twice and that the user is told what happened. The change is the customer's support ticket (a
// row created offline under a client id): the server must end with each ticket exactly once, and
// its guarded operation's ledger (applied_mutations) with each mutation id once.
//  (a) the server killed in the middle of a replay (a response lost) and restarted;
//  (b) the tab closed in the middle of a write: during the local write, and while its push is in
//      flight;
//  (c) the access token expiring while offline: the app stays signed in on its mirror; back
//      online it renews the session and sends the queue; a session that cannot be renewed asks
//      to sign in again and keeps the queue for it;
//  (d) the device's storage full: the write says so, nothing of it is kept, the form keeps the
//      input, and it goes through once there is room;
//  (e) a new app version upgrading the local schema (Dexie version bump) with changes queued;
//  (f) two tabs on the same user, one offline: the online tab sends what the offline tab queued,
//      once, and both show it.
// (a), (b), (d) and (f) run on one phone, signed in and synced once for them all (a sign-in and
// first sync cost 8 CPU-seconds): each opens the app again in a tab of its own, online, with
// nothing queued, as a customer's next day on the same device starts. (c) signs in on a server of
// its own (short-lived tokens) and (e) on a device without a service worker.
import type { BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { databaseName, SCHEMA_VERSIONS } from '../../src/data/db';
import { STORAGE_FULL_NOT_SAVED } from '../../src/data/storage-full';
import { SESSION_EXPIRED } from '../../src/app/sync-status/session-banners';
import { customerPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { go, roleContext, screenShown, signInAs } from './roles';

const demo = demoBackendForThisFile();
const CUSTOMER = DEMO_USER_IDS.customer;
const require = createRequire(import.meta.url);
const DEXIE_SOURCE = readFileSync(require.resolve('dexie/dist/dexie.js'), 'utf8');

const syncStatus = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Sync status/ });

/** Signs the customer in and waits for the first sync. */
async function customerPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInAs(page, demo.server.url, 'CUSTOMER');
  await syncStatus(page)
    .getByText(/Synced/)
    .waitFor({ timeout: 60_000 });
  return page;
}

/** The phone (a), (b), (d) and (f) share, signed in and synced once in the file's beforeAll. */
let phone: BrowserContext;

/**
 * The shared phone's app opened again in a new tab, on the customer's home, online and with
 * nothing queued: where a test on a freshly signed-in phone would start.
 */
async function phonePage(): Promise<Page> {
  const page = await phone.newPage();
  await page.goto(`${demo.server.url}/#${customerPaths.home}`);
  await screenShown(page);
  await syncStatus(page).getByText('0 pending').waitFor({ timeout: 60_000 });
  await syncStatus(page).getByText('Online').waitFor();
  return page;
}

/** Opens the Create Ticket dialog and fills it; `submit` false leaves the submit to the caller. */
async function fillTicket(page: Page, title: string) {
  if (!page.url().endsWith(customerPaths.support)) {
    await go(page, customerPaths.support);
    await screenShown(page);
  }
  await page.getByRole('button', { name: 'Create Ticket' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Reported while testing what survives a fault.');
  await dialog.getByLabel('Priority').selectOption('NORMAL');
  return dialog;
}

/** Creates a ticket through the dialog and waits for SPEC's success toast and the dialog to close. */
async function createTicket(page: Page, title: string) {
  const dialog = await fillTicket(page, title);
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await page.getByText('Support ticket created').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** How many tickets with the title the server holds, and how many ledger entries made them. */
async function onServer(titles: string[]) {
  const { rows } = await demo.db.query<{ title: string; n: number }>(
    `select title, count(*)::int as n from public.support_tickets
      where title = any($1) group by title order by title`,
    [titles],
  );
  const { rows: ledger } = await demo.db.query<{ n: number }>(
    `select count(*)::int as n from public.applied_mutations
      where name = 'ticket.create' and result -> 'support_tickets' -> 0 ->> 'title' = any($1)`,
    [titles],
  );
  return { tickets: Object.fromEntries(rows.map((r) => [r.title, r.n])), ledger: ledger[0]!.n };
}

/** The customer's mirror as IndexedDB holds it: tickets with the titles, and the outbox. */
async function inMirror(page: Page, titles: string[]) {
  return page.evaluate(
    async ({ name, titles }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const all = <T>(store: string) =>
        new Promise<T[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as T[]);
          request.onerror = () => reject(request.error);
        });
      const tickets = (await all<{ title: string }>('supportTickets')).filter((t) =>
        titles.includes(t.title),
      );
      const outbox = (
        await all<{ name: string; args: { title?: string }; status: string }>('outbox')
      ).filter((e) => e.name === 'ticket.create' && titles.includes(e.args.title ?? ''));
      db.close();
      return {
        tickets: tickets.map((t) => t.title).sort(),
        outbox: outbox.map((e) => `${e.args.title}: ${e.status}`).sort(),
      };
    },
    { name: databaseName(CUSTOMER), titles },
  );
}

const once = (titles: string[]) => Object.fromEntries([...titles].sort().map((t) => [t, 1]));

describe('faults', () => {
  beforeAll(async () => {
    phone = await roleContext(demo.browser, 'CUSTOMER');
    const page = await customerPage(phone);
    // Ready to open offline, as the tests' reopened tabs expect of a signed-in phone.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.close();
  });
  // What a test left on the shared phone goes with it: its tabs, its routes, its network cut.
  afterEach(async () => {
    for (const page of phone.pages()) await page.close();
    await phone.unrouteAll({ behavior: 'ignoreErrors' });
    await phone.setOffline(false);
  });
  afterAll(() => phone?.close());

  it('(a) the server killed in the middle of a replay and restarted: each change applied once', async () => {
    const titles = [1, 2, 3, 4].map((i) => `Fault a: replay ${i}`);
    const context = phone;
    const page = await phonePage();
    await context.setOffline(true);
    for (const title of titles) await createTicket(page, title);
    await syncStatus(page).getByText('4 pending').waitFor();

    // The first push (a batch of the queue; one by one against a server without batches)
    // reaches the server and is applied; the server dies before it answers.
    const port = Number(new URL(demo.server.url).port);
    let killed: Promise<void> | null = null;
    await context.route(/\/rest\/v1\/rpc\/(ops_batch|ticket_create)$/, async (route) => {
      if (killed) return route.continue();
      killed = (async () => {
        await route.fetch(); // applied on the server
        demo.server.server.closeAllConnections();
        await demo.server.close();
      })();
      await killed;
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => killed, { timeout: 30_000 }).not.toBeNull();
    await killed;
    const applied = (await onServer(titles)).ledger;
    expect(applied).toBeGreaterThanOrEqual(1);

    // The user sees that the changes wait: not sent, and why.
    await syncStatus(page).getByText('Offline').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await syncStatus(page).textContent()) ?? '')
      .toMatch(/[1-4] pending/);

    // Restarted on the same address and database: the queue drains, the lost answer replayed.
    demo.server = await startServer({ db: demo.db, distDir: 'dist', port });
    await syncStatus(page).getByText('0 pending').waitFor({ timeout: 90_000 });
    await syncStatus(page).getByText('Online').waitFor();
    expect(await onServer(titles)).toEqual({ tickets: once(titles), ledger: 4 });
    expect(await inMirror(page, titles)).toEqual({ tickets: [...titles].sort(), outbox: [] });
  });

  it('(b) the tab closed during a write and during its push: kept whole, applied once', async () => {
    const context = phone;
    let page = await phonePage();

    // Closed during the local write: either the ticket and its outbox entry are both kept, or
    // neither is (one IndexedDB transaction); never one without the other.
    const during = 'Fault b: closed during the write';
    await context.setOffline(true);
    const dialog = await fillTicket(page, during);
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await page.close();
    await context.setOffline(false);
    page = await context.newPage();
    await page.goto(`${demo.server.url}/#${customerPaths.support}`);
    await screenShown(page);
    const kept = await inMirror(page, [during]);
    expect(kept.outbox.length).toBeLessThanOrEqual(kept.tickets.length);
    expect(kept.tickets.length).toBeLessThanOrEqual(1);
    await syncStatus(page).getByText('0 pending').waitFor({ timeout: 60_000 });
    expect((await onServer([during])).tickets[during] ?? 0).toBe(kept.tickets.length);

    // Closed while the push is in flight: the server applied it, the tab never heard back.
    const inFlight = 'Fault b: closed during the push';
    let applied: () => void = () => undefined;
    const reachedServer = new Promise<void>((resolve) => (applied = resolve));
    await context.route(/\/rest\/v1\/rpc\/(ops_batch|ticket_create)$/, async (route) => {
      await route.fetch();
      applied();
      // Never answered: the tab closes first.
    });
    await createTicket(page, inFlight);
    await reachedServer;
    await page.close();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    expect(await onServer([inFlight])).toEqual({ tickets: once([inFlight]), ledger: 1 });

    // Reopened: the entry is still queued, sent again, and the server's first answer settles it.
    page = await context.newPage();
    await page.goto(`${demo.server.url}/#${customerPaths.support}`);
    await screenShown(page);
    await syncStatus(page).getByText('0 pending').waitFor({ timeout: 60_000 });
    await page.getByText(inFlight).first().waitFor();
    expect(await page.getByText(inFlight).count()).toBe(1);
    expect(await onServer([inFlight])).toEqual({ tickets: once([inFlight]), ledger: 1 });
    expect(await inMirror(page, [inFlight])).toEqual({ tickets: [inFlight], outbox: [] });
  });

  it('(c) the token expiring offline: still signed in, sent after renewal; a dead session asks to sign in again and keeps the queue', async () => {
    // A server issuing 5-second access tokens, on the same database.
    const shortLived = await startServer({
      db: demo.db,
      distDir: 'dist',
      auth: { accessTokenTtlSeconds: 5 },
    });
    const context = await roleContext(demo.browser, 'CUSTOMER');
    try {
      const page = await context.newPage();
      await signInAs(page, shortLived.url, 'CUSTOMER');
      await syncStatus(page)
        .getByText(/Synced/)
        .waitFor({ timeout: 60_000 });
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));

      await context.setOffline(true);
      await page.waitForTimeout(6_000); // the access token expires offline
      const renewed = 'Fault c: sent after the session was renewed';
      await createTicket(page, renewed);
      // Reopened offline with the expired token: still in, the change still waiting.
      await page.reload();
      await screenShown(page);
      await syncStatus(page).getByText('Offline').waitFor({ timeout: 30_000 });
      await syncStatus(page).getByText('1 pending').waitFor();
      await page.getByText(renewed).first().waitFor();
      await context.setOffline(false);
      // Chromium fires 'online' when the device's network returns; Playwright's emulation may not.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await syncStatus(page).getByText('0 pending').waitFor({ timeout: 90_000 });
      expect(await onServer([renewed])).toEqual({ tickets: once([renewed]), ledger: 1 });

      // The session revoked meanwhile (e.g. the password changed on another device): the app
      // says to sign in again, keeps the change, and sends it once after sign-in.
      await context.setOffline(true);
      const afterSignIn = 'Fault c: sent after signing in again';
      await createTicket(page, afterSignIn);
      await demo.db.query(`update auth.refresh_tokens set revoked = true where user_id = $1`, [
        CUSTOMER,
      ]);
      await page.waitForTimeout(6_000);
      await context.setOffline(false);
      // Chromium fires 'online' when the device's network returns; Playwright's emulation may not.
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByText(SESSION_EXPIRED).waitFor({ timeout: 90_000 });
      await syncStatus(page).getByText('1 pending').waitFor();
      expect((await onServer([afterSignIn])).tickets[afterSignIn]).toBeUndefined();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByLabel('Password').fill('customer123');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await syncStatus(page).getByText('0 pending').waitFor({ timeout: 90_000 });
      expect(await onServer([afterSignIn])).toEqual({ tickets: once([afterSignIn]), ledger: 1 });
    } finally {
      await context.close();
      await shortLived.close();
    }
  });

  it('(d) storage full: says so, keeps nothing half-written, keeps the input, sends it once later', async () => {
    const page = await phonePage();
    const title = 'Fault d: written once there was room';
    const before = await inMirror(page, [title]);

    // The browser refuses every IndexedDB write with its QuotaExceededError, as when the disk is full.
    await page.evaluate(() => {
      const full = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      const store = IDBObjectStore.prototype as unknown as Record<string, unknown>;
      const w = window as unknown as { __realIdb: Record<string, unknown> };
      w.__realIdb = { add: store.add, put: store.put };
      store.add = full;
      store.put = full;
    });
    const dialog = await fillTicket(page, title);
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByText(STORAGE_FULL_NOT_SAVED).first().waitFor();
    expect(await page.getByText('Support ticket created').count()).toBe(0);
    // The input is still in the form, nothing of it in the mirror or the outbox.
    expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
    expect(await inMirror(page, [title])).toEqual(before);

    // Space freed: the same form goes through, and reaches the server once.
    await page.evaluate(() => {
      const w = window as unknown as { __realIdb: Record<string, unknown> };
      Object.assign(IDBObjectStore.prototype, w.__realIdb);
    });
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await page.getByText('Support ticket created').first().waitFor();
    // On the server once (the bar's '0 pending' can still be the count from before the change:
    // the status is drawn at a transition's priority).
    await expect
      .poll(() => onServer([title]), { timeout: 60_000 })
      .toEqual({ tickets: once([title]), ledger: 1 });
    await syncStatus(page).getByText('0 pending').waitFor({ timeout: 60_000 });
  });

  it('(e) a new version upgrading the local schema with changes queued: kept and sent once', async () => {
    const titles = ['Fault e: queued before the upgrade 1', 'Fault e: queued before the upgrade 2'];
    // No service worker, so a page of the origin can hold no app (the upgrade runs on reload).
    const context = await demo.browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    const page = await customerPage(context);
    // Queued while the server cannot be reached.
    await context.route('**/rest/v1/**', (route) => route.abort('internetdisconnected'));
    for (const title of titles) await createTicket(page, title);
    await syncStatus(page).getByText('2 pending').waitFor();

    // The device as the previous app version left it: the same rows and queue in the oldest
    // schema (the app is unloaded so nothing holds the database open).
    const oldest = SCHEMA_VERSIONS[0]!;
    await context.route(`${demo.server.url}/lab`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>lab</title>' }),
    );
    await page.goto(`${demo.server.url}/lab`);
    await page.evaluate(DEXIE_SOURCE);
    const copied = await page.evaluate(
      async ({ name, version, stores }) => {
        const Dexie = (window as unknown as { Dexie: DexieConstructor }).Dexie;
        type DexieConstructor = new (name: string) => {
          open(): Promise<void>;
          close(): void;
          delete(): Promise<void>;
          verno: number;
          tables: {
            name: string;
            toArray(): Promise<unknown[]>;
            bulkPut(rows: unknown[]): Promise<unknown>;
          }[];
          version(n: number): { stores(s: Record<string, string>): void };
          table(name: string): { bulkPut(rows: unknown[]): Promise<unknown> };
        };
        const current = new Dexie(name);
        await current.open();
        const from = current.verno;
        const data: Record<string, unknown[]> = {};
        for (const table of current.tables) data[table.name] = await table.toArray();
        current.close();
        await new Dexie(name).delete();
        const old = new Dexie(name);
        old.version(version).stores(stores);
        await old.open();
        // Tables a later version added did not exist then.
        for (const [table, rows] of Object.entries(data)) {
          if (table in stores) await old.table(table).bulkPut(rows);
        }
        const verno = old.verno;
        old.close();
        return { from, to: verno, outbox: data.outbox!.length };
      },
      { name: databaseName(CUSTOMER), version: oldest.version, stores: oldest.stores },
    );
    expect(copied.to).toBeLessThan(copied.from);
    expect(copied.outbox).toBe(2);

    // The new version opens it: upgraded, the queue and the rows still there and shown.
    await page.goto(`${demo.server.url}/#${customerPaths.support}`);
    await screenShown(page);
    await syncStatus(page).getByText('2 pending').waitFor();
    for (const title of titles) await page.getByText(title).first().waitFor();
    // Back in reach of the server: each sent once.
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await syncStatus(page).getByText('0 pending').waitFor({ timeout: 90_000 });
    expect(await onServer(titles)).toEqual({ tickets: once(titles), ledger: 2 });
    const upgraded = await page.evaluate(
      (name) =>
        new Promise<number>((resolve) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => {
            resolve(request.result.version);
            request.result.close();
          };
        }),
      databaseName(CUSTOMER),
    );
    expect(upgraded / 10).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    await context.close();
  });

  it('(f) two tabs on the same user, one offline: the online tab sends its queue once, both show it', async () => {
    const context = phone;
    const online = await phonePage();
    await go(online, customerPaths.support);
    await screenShown(online);
    const offline = await context.newPage();
    await offline.goto(`${demo.server.url}/#${customerPaths.support}`);
    await screenShown(offline);
    const cdp = await context.newCDPSession(offline);
    await cdp.send('Network.enable');
    // Offline for this tab only (a context's offline switch covers every tab).
    const tabOffline = (offline: boolean) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    await tabOffline(true);
    await offline.evaluate(() => window.dispatchEvent(new Event('offline')));
    await syncStatus(offline).getByText('Offline').waitFor();

    // Written in the offline tab: the online tab sends it without waiting for its next minute.
    const fromOffline = 'Fault f: written in the offline tab';
    await createTicket(offline, fromOffline);
    await online.getByText(fromOffline).first().waitFor();
    // Half its next minute: sent by the change from the other tab, not by the minute's pass.
    await syncStatus(online).getByText('0 pending').waitFor({ timeout: 30_000 });
    await syncStatus(offline).getByText('0 pending').waitFor();
    // Written in the online tab: the offline tab shows it from the shared mirror.
    const fromOnline = 'Fault f: written in the online tab';
    await createTicket(online, fromOnline);
    await offline.getByText(fromOnline).first().waitFor();
    await syncStatus(online).getByText('0 pending').waitFor({ timeout: 60_000 });
    expect(await onServer([fromOffline, fromOnline])).toEqual({
      tickets: once([fromOffline, fromOnline]),
      ledger: 2,
    });
    // Back online, the other tab sends nothing again.
    await tabOffline(false);
    await offline.evaluate(() => window.dispatchEvent(new Event('online')));
    await syncStatus(offline)
      .getByText(/Synced just now/)
      .waitFor({ timeout: 60_000 });
    expect(await onServer([fromOffline, fromOnline])).toEqual({
      tickets: once([fromOffline, fromOnline]),
      ledger: 2,
    });
  });
});
