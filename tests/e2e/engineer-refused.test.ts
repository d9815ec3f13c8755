// Two engineers race for one ticket, in a real Chromium against the local backend: the demo
// engineer takes it offline while another engineer (Sophie Turner, from the demo data) takes it
// on the server. Back online, the refused take is told once, in words, with a toast that opens
// the 'needs attention' list, and the ticket page says who has it instead of 'Ticket Not Found'.
import { describe, expect, it } from 'vitest';
import { demoAccount } from '../../src/domain/demo-accounts';
import { demoBackendForThisFile } from './demo-server';
import { expectAccessible } from './page-checks';

const demo = demoBackendForThisFile();

const SOPHIE_TURNER = 'de000001-0000-4000-8000-000000000021';

describe('engineer refused take', () => {
  it('tells the engineer who took the ticket first and keeps their take under needs attention', async () => {
    const { rows: open } = await demo.db.query<{ id: string; title: string }>(
      `select id, title from public.support_tickets
        where engineer_user_id is null and status = 'OPEN' order by created_at desc limit 1`,
    );
    const ticket = open[0]!;

    const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const engineer = demoAccount('ENGINEER');
    await page.goto(`${demo.server.url}/#/login`);
    await page.getByLabel('Email').fill(engineer.email);
    await page.getByLabel('Password').fill(engineer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.hash === '#/dashboard/engineer');
    const syncStatus = page.getByRole('banner').getByRole('button', { name: /^Sync status/ });
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });

    // Offline, the demo engineer takes the ticket from its page.
    await context.setOffline(true);
    await page.evaluate((id) => {
      window.location.hash = `/dashboard/engineer/tickets/${id}`;
    }, ticket.id);
    await page.getByRole('heading', { name: ticket.title }).first().waitFor();
    await page.getByRole('button', { name: 'Take Ticket' }).first().click();
    await page.getByText('Ticket assigned to you and marked as in progress').first().waitFor();

    // Meanwhile another engineer takes it on the server.
    await demo.db.query(
      `update public.support_tickets set engineer_user_id = $1, status = 'IN_PROGRESS'
        where id = $2`,
      [SOPHIE_TURNER, ticket.id],
    );

    // Back online: the push is refused; the engineer hears it once, where they are.
    await context.setOffline(false);
    const refusal = page.getByText('Take ticket: refused by the server');
    await refusal.waitFor({ timeout: 60_000 });
    await page
      .getByRole('heading', { name: 'Ticket taken by Sophie Turner' })
      .waitFor({ timeout: 15_000 });
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
