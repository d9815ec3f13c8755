// Two engineers race for one ticket, in a real Chromium against the local backend: the demo
// engineer takes it offline while another engineer (Sophie Turner, from the demo data) takes it
// on the server. Back online, the refused take is told once, in words, with a toast that opens
// the 'needs attention' list, and the ticket page says who has it instead of 'Ticket Not Found'.
import { describe, expect, it } from 'vitest';
import { demoBackendForThisFile } from './demo-server';
import { expectAccessible } from './page-checks';
import { roleContext, signInAndSync } from './roles';
import { openTickets, takenOnServer, takeTicket } from './steps';

const demo = demoBackendForThisFile();

describe('engineer refused take', () => {
  it('tells the engineer who took the ticket first and keeps their take under needs attention', async () => {
    const [ticket] = (await openTickets(demo.db, 1)) as [{ id: string; title: string }];
    const context = await roleContext(demo.browser, 'ENGINEER');
    const page = await context.newPage();
    await signInAndSync(page, demo.server.url, 'ENGINEER');

    // Offline, the demo engineer takes the ticket from its page.
    await context.setOffline(true);
    await takeTicket(page, ticket);

    // Meanwhile another engineer takes it on the server.
    await takenOnServer(demo.db, ticket.id);

    // Back online: the push is refused; the engineer hears it once, where they are.
    await context.setOffline(false);
    const refusal = page.getByText('Take ticket: refused by the server');
    await refusal.waitFor({ timeout: 60_000 });
    await page
      .getByRole('heading', { name: 'Ticket taken by Sophie Turner' })
      .waitFor({ timeout: 60_000 });
    expect(await page.getByText(/does not exist or was removed/).count()).toBe(0);
    await expectAccessible(page, 'the page of a ticket another engineer took');

    // The toast's action opens the list, with the server's reason.
    await page.getByRole('button', { name: 'Review' }).click();
    const panel = page.getByRole('dialog', { name: 'Sync status' });
    const item = panel.getByRole('listitem', { name: 'Take ticket' });
    await item.getByText('This ticket has already been taken by Sophie Turner').waitFor();
    await panel.getByRole('button', { name: 'Close sync status' }).click();
    expect(await refusal.count()).toBeLessThanOrEqual(1);

    // And the way back to the list, where the ticket is no longer offered.
    await page.getByRole('button', { name: 'Back to Tickets' }).click();
    await page.waitForURL((url) => url.hash === '#/dashboard/engineer/tickets');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('link', { name: ticket.title }).count()).toBe(0);
    await context.close();
  });
});
