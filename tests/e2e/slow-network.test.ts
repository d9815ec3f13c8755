// The app shell on a slow 3G connection (Chrome DevTools' 'Slow 3G' profile): a returning user
// sees their data from the mirror before the network answers. The shell comes from the service
// worker, the tickets from IndexedDB, while the server holds every data request (auth, tables
// and functions) unanswered; a ticket renamed on the server meanwhile shows the screen is the
// mirror's, and every other screen of the role opens from the mirror meanwhile; the status bar says
// 'Syncing…' while the round waits. Once the server answers, the sync completes, the new name
// arrives and the bar says 'Synced just now · 0 pending'.
// Engineer on the tablet, reopening the app soon after closing it; customer on the phone, whose
// access token expired while the app was closed, so it must be renewed over the network first.
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { roleHome } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { go, roleRoutes, screenContentShown } from './roles';
import { checkAndShoot } from './steps';
import {
  expireStoredAccessToken,
  holdDataApi,
  isDataRequest,
  isTokenRefresh,
  returningUser,
  syncStatus,
  throttleToSlow3G,
  ticketOnHome,
} from './slow-network-steps';

const demo = demoBackendForThisFile();

describe('slow 3G, returning user', () => {
  it.each([
    ['ENGINEER', 'valid'],
    ['CUSTOMER', 'expired'],
  ] as const)(
    'the %s (%s access token) sees their tickets from the mirror before any data request is answered',
    async (role, token) => {
      const context = await returningUser(demo.browser, demo.server.url, role);
      if (token === 'expired') await expireStoredAccessToken(context, demo.server.url);
      const ticket = await ticketOnHome(demo.db, role);
      const renamed = `${ticket.title} (renamed on the server)`;
      await demo.db.query(
        `update public.support_tickets set title = $2, updated_at = now() where id = $1`,
        [ticket.id, renamed],
      );

      const hold = holdDataApi(demo.server);
      try {
        const page = await context.newPage();
        await throttleToSlow3G(page);
        // What the browser saw: the document's origin, and every data answer it received.
        let documentResponse: Response | null = null;
        const dataAnswers: string[] = [];
        page.on('response', (response) => {
          if (response.request().isNavigationRequest()) documentResponse = response;
        });
        page.on('requestfinished', (request) => {
          if (isDataRequest(new URL(request.url()).pathname)) dataAnswers.push(request.url());
        });

        await page.goto(`${demo.server.url}/#${roleHome(role)}`, { waitUntil: 'commit' });
        const main = page.getByRole('main');
        await main.getByText(ticket.title, { exact: true }).waitFor();

        // On screen from the mirror, with no answer from the server yet (neither side saw one).
        expect(hold.answered()).toBe(0);
        expect(dataAnswers).toEqual([]);
        expect(await main.getByText(renamed, { exact: true }).count()).toBe(0);
        // The shell came from the service worker, not over the slow connection.
        expect(documentResponse).not.toBeNull();
        expect(documentResponse!.fromServiceWorker()).toBe(true);
        expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
        // A sync round is under way and the server does not answer: the status bar says so (after
        // its 1 s without flicker), with the pending count, not 'Synced just now'.
        await hold.firstRequest();
        await syncStatus(page).getByText('Syncing…').waitFor();
        await syncStatus(page).getByText('0 pending').waitFor();
        expect(await syncStatus(page).getByText('Synced just now').count()).toBe(0);
        expect(hold.answered()).toBe(0);
        await checkAndShoot(page, `the ${role} home on slow 3G`, `slow-3g-${role.toLowerCase()}`);
        // Every other screen of the role opens from the mirror too, with nothing answered yet.
        for (const route of await roleRoutes(role, demo.db)) {
          await go(page, route.path);
          await screenContentShown(page);
        }
        expect(hold.answered()).toBe(0);
        await go(page, roleHome(role));

        // The app did ask the network meanwhile; the server answers now, over Slow 3G: each round
        // trip takes 2 s, and a sync is a session check and a pull per table, in turn.
        await hold.firstRequest();
        hold.release();
        await main.getByText(renamed, { exact: true }).waitFor({ timeout: 120_000 });
        await syncStatus(page).getByText('Synced just now').waitFor();
        await syncStatus(page).getByText('0 pending').waitFor();
        expect(await syncStatus(page).getByText('Syncing…').count()).toBe(0);
        expect(await main.getByText(ticket.title, { exact: true }).count()).toBe(0);
        expect(hold.answered()).toBeGreaterThan(0);
        expect(dataAnswers.length).toBeGreaterThan(0);
        // With an expired token the session was renewed, after the screen had shown the mirror.
        expect(hold.requests.some(isTokenRefresh)).toBe(token === 'expired');
      } finally {
        hold.restore();
        await context.close();
      }
    },
  );
});
