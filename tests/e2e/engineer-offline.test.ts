// The engineer's day without signal, in a real Chromium against the local backend: offline, take a
// ticket, write notes with time spent and two parts, generate the quote, resolve, complete an
// installation with a drawn signature; reload still offline and find everything; reconnect; then,
// signed in as the vendor through supabase-js, find all of it on the server, each exactly once.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { demoAccount } from '../../src/domain/demo-accounts';
import { createTestClient } from '../integration/supabase-client';
import { demoBackendForThisFile } from './demo-server';

const demo = demoBackendForThisFile();

const go = async (page: Page, hash: string) => {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.waitForURL((url) => url.hash === `#${hash}`);
};

const toast = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ timeout: 60_000 });

describe('engineer offline', () => {
  it('keeps every offline change through a reload and lands each on the server exactly once', async () => {
    const engineerId = DEMO_USER_IDS.engineer;
    const { rows: open } = await demo.db.query<{ id: string; title: string }>(
      `select id, title from public.support_tickets
        where engineer_user_id is null and status = 'OPEN' order by created_at desc limit 1`,
    );
    const ticket = open[0]!;
    const { rows: parts } = await demo.db.query<{ id: string; name: string }>(
      `select id, name from public.parts where stock > 0 and deleted_at is null order by name limit 2`,
    );
    const { rows: installable } = await demo.db.query<{ id: string; serial_number: string }>(
      `select id, serial_number from public.chairs where status = 'DELIVERED'
        and not coalesce(service -> 'serviceHistory', '[]'::jsonb) @> '[{"type": "Installation"}]'
        order by serial_number limit 1`,
    );
    const chair = installable[0]!;

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
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });

    await context.setOffline(true);

    // Take the ticket from the list.
    await go(page, '/dashboard/engineer/tickets');
    await page.getByRole('link', { name: ticket.title }).first().click();
    await page.getByRole('heading', { name: ticket.title }).first().waitFor();
    await page.getByRole('button', { name: 'Take Ticket' }).first().click();
    await toast(page, 'Ticket assigned to you and marked as in progress');

    // Notes with time spent.
    await page.getByRole('tab', { name: 'Service Notes' }).click();
    await page.getByLabel('Work performed').fill('Replaced the hydraulic seals and bled the lift');
    await page.getByLabel('Time spent (minutes)').fill('45');
    await page.getByRole('button', { name: 'Save Service Notes' }).click();
    await toast(page, 'Service notes updated successfully');

    // Two parts, then the quote.
    await page.getByRole('tab', { name: 'Parts & Quote' }).click();
    for (const part of parts) {
      await page.getByLabel('Part', { exact: true }).selectOption(part.id);
      await page.getByRole('button', { name: 'Add Part' }).click();
      await toast(page, 'Part added to service record');
    }
    const used = page.getByRole('table', { name: 'Parts used' });
    for (const part of parts) await used.getByText(part.name).waitFor();
    await page.getByRole('button', { name: 'Generate Quote' }).click();
    await toast(page, /^Quote Generated: £/);

    // Resolve.
    await page.getByRole('tab', { name: 'Resolution' }).click();
    await page
      .getByLabel('Resolution description')
      .fill('Lift holds position under load after replacing the seals.');
    await page.getByRole('button', { name: 'Mark as Resolved' }).click();
    await toast(page, 'Ticket resolved successfully');

    // An installation with a drawn signature.
    await go(page, '/dashboard/engineer/installation');
    await page
      .getByRole('list', { name: 'Chairs to install' })
      .getByText(chair.serial_number)
      .click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('The chair on site matches exactly').click();
    await page.getByRole('button', { name: 'Next' }).click();
    const tickAll = page.getByRole('button', { name: /^Tick all in / });
    while ((await tickAll.count()) > 0) await tickAll.first().click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Customer name').fill('Dr. Sarah Mitchell');
    await page.getByLabel('Signature (typed)').fill('S. Mitchell');
    const canvas = page.locator('canvas').first();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) {
      await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20));
    }
    await page.mouse.up();
    await page.getByRole('button', { name: 'Complete Installation' }).click();
    await toast(page, 'Installation completed and logged successfully!');

    // Reload, still offline: everything is there.
    await page.reload();
    await syncStatus.getByText('Offline').waitFor();
    await syncStatus.getByText('6 pending').waitFor();
    await go(page, `/dashboard/engineer/tickets/${ticket.id}`);
    await page.getByText('Resolved').first().waitFor();
    await page.getByRole('tab', { name: 'Parts & Quote' }).click();
    for (const part of parts) {
      await page.getByRole('table', { name: 'Parts used' }).getByText(part.name).waitFor();
    }

    // Back online: the queue drains.
    await context.setOffline(false);
    await syncStatus.getByText('0 pending').waitFor({ timeout: 60_000 });
    await context.close();

    // The vendor finds it all on the server, each exactly once.
    const vendor = createTestClient(demo.server.url);
    const account = demoAccount('VENDOR');
    const signedIn = await vendor.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(signedIn.error).toBeNull();
    const { data: serverTicket, error } = await vendor
      .from('support_tickets')
      .select('status, engineer_user_id, resolution, service_notes')
      .eq('id', ticket.id)
      .single();
    expect(error).toBeNull();
    expect(serverTicket).toMatchObject({
      status: 'RESOLVED',
      engineer_user_id: engineerId,
      resolution: 'Lift holds position under load after replacing the seals.',
      service_notes: {
        workPerformed: 'Replaced the hydraulic seals and bled the lift',
        timeSpent: 45,
      },
    });
    const lines = (serverTicket!.service_notes as { partsUsed: { partId: string }[] }).partsUsed;
    expect(lines.map((line) => line.partId).sort()).toEqual(parts.map((p) => p.id).sort());

    const { data: installations } = await vendor
      .from('installations')
      .select('engineer_user_id, customer_name, signature_text, signature_image, checklist')
      .eq('chair_id', chair.id);
    expect(installations).toHaveLength(1);
    const installation = installations![0]!;
    expect(installation).toMatchObject({
      engineer_user_id: engineerId,
      customer_name: 'Dr. Sarah Mitchell',
      signature_text: 'S. Mitchell',
    });
    expect(String(installation.signature_image)).toMatch(/^data:image\/png;base64,/);
    expect(Object.values(installation.checklist as Record<string, boolean>)).toHaveLength(70);

    const { rows: applied } = await demo.db.query<{ name: string; n: string }>(
      `select name, count(*)::text as n from public.applied_mutations where user_id = $1
        group by name order by name`,
      [engineerId],
    );
    expect(applied).toEqual([
      { name: 'installation.complete', n: '1' },
      { name: 'ticket.addPart', n: '2' },
      { name: 'ticket.resolve', n: '1' },
      { name: 'ticket.take', n: '1' },
      { name: 'ticket.updateServiceNotes', n: '1' },
    ]);
    const { rows: history } = await demo.db.query<{ n: string }>(
      `select count(*)::text as n from public.chairs c,
              jsonb_array_elements(coalesce(c.service -> 'serviceHistory', '[]'::jsonb)) e
        where c.id = $1 and e ->> 'type' = 'Installation'`,
      [chair.id],
    );
    expect(history[0]?.n).toBe('1');
  });
});
