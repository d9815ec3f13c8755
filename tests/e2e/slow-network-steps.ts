// What the slow-network browser test and the shell bench share: Chrome DevTools' 'Slow 3G'
// profile applied to one tab through the DevTools protocol, a hold on the server's data API (auth,
// tables and functions, files) that keeps every request unanswered until released, and a
// returning user on a device: signed in, first sync done, the service worker in control.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RunningServer } from '../../server/app';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import type { Database } from '../../server/db/database';
import type { DemoRole } from '../../src/domain/demo-accounts';
import { AUTH_STORAGE_KEY } from '../../src/lib/env';
import { SESSION_DATABASE, SESSION_STORE } from '../../src/lib/session-storage';
import { roleContext, signInAndSync } from './roles';
import { syncStatus } from './steps';

/**
 * Chrome DevTools' 'Slow 3G' preset (devtools-frontend NetworkManager's Slow3GConditions, the
 * same as Puppeteer's PredefinedNetworkConditions['Slow 3G']): 80% of 500 kbit/s each way (50 KB/s)
 * and a 400 ms round trip times DevTools' latency factor of 5 (2 s), in the units
 * Network.emulateNetworkConditions takes (bytes per second, milliseconds).
 */
export const SLOW_3G = {
  offline: false,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
  latency: 400 * 5,
} as const;

/** Applies Slow 3G to the tab (a context's own switch would cover every tab). */
export async function throttleToSlow3G(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
}

/** The server's data API: what the app asks the network for once the shell is cached. */
export const isDataRequest = (pathname: string): boolean =>
  /^\/(auth|rest|storage)\/v1(\/|$)/.test(pathname);

export interface DataRequest {
  method: string;
  path: string;
  /** Whether the server has sent its answer in full. */
  answered: boolean;
}

export interface DataApiHold {
  /** Every data request the server received since the hold began, held or not. */
  readonly requests: readonly DataRequest[];
  /** How many of them the server has answered. */
  answered(): number;
  /** Resolves once the server has received a data request. */
  firstRequest(): Promise<DataRequest>;
  /** Lets the held requests through, and every later one at once. */
  release(): void;
  /** Releases what is held and puts the server's own handler back. */
  restore(): void;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Holds every data request the running server receives until release(): the server's own
 * handler answers it only then. Static files (the app, its assets, the service worker) go
 * through as usual.
 */
export function holdDataApi(running: RunningServer): DataApiHold {
  const { server } = running;
  const handlers = server.listeners('request') as Handler[];
  if (handlers.length !== 1) throw new Error('Expected the server to have one request handler');
  const handler = handlers[0]!;
  const requests: DataRequest[] = [];
  let held: (() => void)[] | null = [];
  let arrived: (request: DataRequest) => void = () => undefined;
  const first = new Promise<DataRequest>((resolve) => {
    arrived = resolve;
  });

  const gate: Handler = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!isDataRequest(path)) return handler(req, res);
    const request: DataRequest = { method: req.method ?? 'GET', path, answered: false };
    requests.push(request);
    arrived(request);
    res.on('finish', () => {
      request.answered = true;
    });
    if (held) held.push(() => handler(req, res));
    else handler(req, res);
  };
  const release = () => {
    const waiting = held ?? [];
    held = null;
    for (const answer of waiting) answer();
  };
  server.removeListener('request', handler);
  server.on('request', gate);
  return {
    requests,
    answered: () => requests.filter((r) => r.answered).length,
    firstRequest: () => first,
    release,
    restore: () => {
      release();
      server.removeListener('request', gate);
      server.on('request', handler);
    },
  };
}

export { syncStatus };

/**
 * A returning user's device: the role signed in at its device size, the first sync done, and
 * the service worker in control (it controls a page only from the load after it installs, so
 * the page is reloaded once). The page is closed; the context keeps the session, the mirror and
 * the service worker, as a device does when the app is closed.
 */
export async function returningUser(
  browser: Browser,
  baseUrl: string,
  role: DemoRole,
): Promise<BrowserContext> {
  const context = await roleContext(browser, role);
  const page = await context.newPage();
  await signInAndSync(page, baseUrl, role);
  await page.reload();
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
  if (!controlled) throw new Error('The service worker does not control the page after a reload');
  await syncStatus(page).getByText('0 pending').waitFor();
  await page.close();
  return context;
}

/**
 * Marks the access token the device keeps as expired (as after a night with the app closed), so
 * the next start has to renew it over the network. Done from a page of the origin the app does
 * not run on (the data API is left out of the service worker's navigation fallback).
 */
export async function expireStoredAccessToken(
  context: BrowserContext,
  baseUrl: string,
): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/rest/v1/`);
  // Both copies of the session (localStorage and the service worker's in IndexedDB,
  // src/lib/session-storage.ts): the page takes the newer of the two.
  const expired = await page.evaluate(
    async ({ key, database, store }) => {
      const expire = (raw: string) => {
        const session = JSON.parse(raw) as { expires_at?: number };
        session.expires_at = Math.floor(Date.now() / 1000) - 60;
        return JSON.stringify(session);
      };
      const raw = localStorage.getItem(key);
      if (!raw) return false;
      localStorage.setItem(key, expire(raw));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (!db.objectStoreNames.contains(store)) return true;
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(store, 'readwrite');
        const items = tx.objectStore(store);
        const read = items.get(key);
        read.onsuccess = () => {
          if (typeof read.result === 'string') items.put(expire(read.result), key);
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return true;
    },
    { key: AUTH_STORAGE_KEY, database: SESSION_DATABASE, store: SESSION_STORE },
  );
  await page.close();
  if (!expired) throw new Error('No session stored on the device');
}

/** Whether the request renews the session with its refresh token (GoTrue's token grant). */
export const isTokenRefresh = (request: DataRequest): boolean =>
  request.method === 'POST' && request.path === '/auth/v1/token';

/**
 * The newest ticket the role's home lists from the mirror: the engineer's newest ticket in
 * progress (Overview's In Progress list), the customer's newest ticket (Recent Tickets).
 */
export async function ticketOnHome(
  db: Database,
  role: 'ENGINEER' | 'CUSTOMER',
): Promise<{ id: string; title: string }> {
  const sql =
    role === 'ENGINEER'
      ? `select id, title from public.support_tickets
          where engineer_user_id = $1 and status = 'IN_PROGRESS' order by created_at desc limit 1`
      : `select id, title from public.support_tickets
          where customer_user_id = $1 order by created_at desc limit 1`;
  const userId = role === 'ENGINEER' ? DEMO_USER_IDS.engineer : DEMO_USER_IDS.customer;
  const { rows } = await db.query<{ id: string; title: string }>(sql, [userId]);
  if (!rows[0]) throw new Error(`No demo ticket on the ${role} home`);
  return rows[0];
}
