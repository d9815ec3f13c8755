// Changes leave with the app closed (issue 32), in a real Chromium against the local backend: the
// engineer takes two tickets offline (one of them taken on the server meanwhile by another
// engineer), closes every page of the app, and the network returns. With no page open, the
// service worker sends the queue: the server holds the accepted take, and the refused one is in
// 'needs attention' when the app is opened again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { demoBackendForThisFile } from './demo-server';
import { roleContext, signInAndSync } from './roles';
import { eventually, onServer, openTickets, syncStatus, takenOnServer, takeTicket } from './steps';

const demo = demoBackendForThisFile();

describe('changes leave with the app closed', () => {
  it("builds the worker's sync code into sw.js, none of it into the app's entry", () => {
    const html = readFileSync('dist/index.html', 'utf8');
    const entry = /<link rel="modulepreload" crossorigin href="\/?([^"]+)" data-app-entry>/.exec(
      html,
    );
    expect(entry).not.toBeNull();
    const worker = readFileSync('dist/sw.js', 'utf8');
    const entryCode = readFileSync(join('dist', entry![1]!), 'utf8');
    // The worker answers the outbox's sync under the engine's lock name; the entry has neither.
    for (const marker of ['chairside-outbox', 'chairside-sync-']) {
      expect(worker).toContain(marker);
      expect(entryCode).not.toContain(marker);
    }
  });

  it('sends the queue from the service worker once every page is closed', async () => {
    const engineerId = DEMO_USER_IDS.engineer;
    const [kept, raced] = (await openTickets(demo.db, 2)) as [
      { id: string; title: string },
      { id: string; title: string },
    ];

    const context = await roleContext(demo.browser, 'ENGINEER');
    const page = await context.newPage();
    // Changes sent by a page (Playwright reports every page request; a service worker's only
    // when it has attached to the worker in time, so the server's rows are the evidence for it).
    let sentByPage = 0;
    const reads = /\/rpc\/(sync_\w+|device_health_report)$/;
    context.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/rest/v1/rpc/') || reads.test(pathname)) return;
      if (!request.serviceWorker()) sentByPage += 1;
    });
    await signInAndSync(page, demo.server.url, 'ENGINEER');

    // Offline, the engineer takes both tickets from their pages.
    await context.setOffline(true);
    for (const ticket of [kept, raced]) await takeTicket(page, ticket);
    await syncStatus(page).getByText('2 pending').waitFor();
    // The engine asked the service worker for the outbox's sync.
    // (Polled with evaluate, which awaits the check: waitForFunction took the check's promise for
    // a truthy answer, and the page was closed before the engine had asked.)
    await eventually(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          const sync = (registration as unknown as { sync: { getTags(): Promise<string[]> } }).sync;
          return (await sync.getTags()).includes('chairside-outbox');
        }),
      'the outbox sync registered',
    );

    // Meanwhile another engineer takes the second ticket on the server.
    await takenOnServer(demo.db, raced.id);

    // The engineer closes the app: no page of it is left. The browser (the context) stays.
    await page.close();
    expect(context.pages()).toHaveLength(0);

    // Nothing has left while offline.
    const { rows: before } = await demo.db.query(
      `select 1 from public.support_tickets where id = $1 and engineer_user_id is null`,
      [kept.id],
    );
    expect(before).toHaveLength(1);
    expect(sentByPage).toBe(0);

    // Signal returns; nobody opens the app. Chromium fires the service worker's sync by itself
    // when the (emulated) network returns: no DevTools nudge (ServiceWorker.dispatchSyncEvent).
    await context.setOffline(false);
    await onServer(
      demo.db,
      `select 1 from public.support_tickets where id = $1 and engineer_user_id = $2
          and status = 'IN_PROGRESS'`,
      [kept.id, engineerId],
      'the take sent with the app closed',
    );
    expect(context.pages()).toHaveLength(0);
    expect(sentByPage).toBe(0);
    const { rows: applied } = await demo.db.query<{ n: string }>(
      `select count(*)::text as n from public.applied_mutations
        where user_id = $1 and name = 'ticket.take'`,
      [engineerId],
    );
    expect(applied[0]?.n).toBe('1');

    // The app opens: nothing waits, and the refused take is in 'needs attention', with the reason.
    const reopened = await context.newPage();
    await reopened.goto(`${demo.server.url}/#/dashboard/engineer`);
    const status = syncStatus(reopened);
    await status.getByText('0 pending').waitFor({ timeout: 60_000 });
    await status.getByText('1 need attention').waitFor();
    await status.click();
    const panel = reopened.getByRole('dialog', { name: 'Sync status' });
    await panel
      .getByRole('listitem', { name: 'Take ticket' })
      .getByText('This ticket has already been taken by Sophie Turner')
      .waitFor();
    await context.close();
  });
});
