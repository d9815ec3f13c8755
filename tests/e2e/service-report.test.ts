// Issue 20 in a real Chromium against the local backend: offline, the engineer resolves a ticket
// with a photo (from a file) and the customer's drawn sign-off, and makes its service report on
// the tablet; the PDF, read back, holds the totals, the parts and the customer's name, and embeds
// the signature and the photo. Back online the photo is uploaded once. The customer, on a phone,
// finds the report under the chair's Service History (with the photo, now from Storage), and
// cannot fetch another customer's photo through the Storage API. The report's pages are rendered
// to PNG under /tmp/shots-reports/ to be looked at.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../server/seed/demo-data';
import { demoAccount } from '../../src/domain/demo-accounts';
import { formatCurrency } from '../../src/domain/format';
import { PHOTO_BUCKET } from '../../src/domain/photos';
import { pngBytes, readPdf } from '../../src/testing/pdf';
import { createTestClient } from '../integration/supabase-client';
import { demoBackendForThisFile } from './demo-server';
import { checkPage, watchContentSecurityPolicy } from './page-checks';

const demo = demoBackendForThisFile();
const SHOTS = '/tmp/shots-reports';

const go = async (page: Page, hash: string) => {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
  await page.waitForURL((url) => url.hash === `#${hash}`);
};

const toast = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ timeout: 60_000 });

async function signIn(page: Page, role: 'ENGINEER' | 'CUSTOMER') {
  const account = demoAccount(role);
  await page.goto(`${demo.server.url}/#/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.hash === `#/dashboard/${role.toLowerCase()}`);
  const syncStatus = page.getByRole('banner').getByRole('button', { name: /^Sync status/ });
  await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
  return syncStatus;
}

/** Clicks a report button and returns the PDF the page downloads. */
async function downloadReport(page: Page, click: () => Promise<void>): Promise<Uint8Array> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return new Uint8Array(readFileSync((await download.path())!));
}

/** Each page of the PDF as a PNG (Debian's poppler-utils), for a person to look at. */
function renderPages(pdf: Uint8Array, name: string): string[] {
  mkdirSync(SHOTS, { recursive: true });
  const file = `${SHOTS}/${name}.pdf`;
  writeFileSync(file, pdf);
  if (!existsSync('/usr/bin/pdftoppm')) return [];
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', file, `${SHOTS}/${name}`]);
  return [file];
}

describe('signed service reports and photos', () => {
  it('are made offline, uploaded once, and found by the customer for their own chair only', async () => {
    const customerId = DEMO_USER_IDS.customer;
    const { rows: open } = await demo.db.query<{ id: string; title: string; serial: string }>(
      `select t.id, t.title, c.serial_number as serial from public.support_tickets t
         join public.chairs c on c.id = t.chair_id and c.owner_user_id = t.customer_user_id
        where t.engineer_user_id is null and t.status = 'OPEN' and t.customer_user_id = $1
        order by t.created_at desc limit 1`,
      [customerId],
    );
    const ticket = open[0]!;
    const { rows: parts } = await demo.db.query<{ id: string; name: string; price: string }>(
      `select id, name, price from public.parts where stock > 0 and deleted_at is null
        order by name limit 1`,
    );
    const part = parts[0]!;

    // Another customer's ticket with a photo in Storage, put there by its engineer.
    const { rows: others } = await demo.db.query<{ id: string }>(
      `select id from public.support_tickets where customer_user_id <> $1 and status = 'OPEN'
          and engineer_user_id is null order by created_at limit 1`,
      [customerId],
    );
    const otherTicket = others[0]!.id;
    const engineerApi = createTestClient(demo.server.url);
    await engineerApi.auth.signInWithPassword(demoAccount('ENGINEER'));
    await demo.db.query(
      `update public.support_tickets set engineer_user_id = $1, status = 'IN_PROGRESS' where id = $2`,
      [DEMO_USER_IDS.engineer, otherTicket],
    );
    const otherPhoto = `tickets/${otherTicket}/${randomUUID()}.jpg`;
    const put = await engineerApi.storage
      .from(PHOTO_BUCKET)
      .upload(otherPhoto, new Uint8Array(pngBytes(8, 8)), { contentType: 'image/png' });
    expect(put.error).toBeNull();

    // The engineer, on a tablet, offline.
    const tablet = await demo.browser.newContext({ viewport: { width: 1024, height: 768 } });
    await watchContentSecurityPolicy(tablet);
    const page = await tablet.newPage();
    const syncStatus = await signIn(page, 'ENGINEER');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    await tablet.setOffline(true);

    await go(page, `/dashboard/engineer/tickets/${ticket.id}`);
    await page.getByRole('heading', { name: ticket.title }).first().waitFor();
    await page.getByRole('button', { name: 'Take Ticket' }).first().click();
    await toast(page, 'Ticket assigned to you and marked as in progress');

    await page.getByRole('tab', { name: 'Service Notes' }).click();
    await page.getByLabel('Work performed').fill('Replaced the worn lift seal and tested the lift');
    await page.getByLabel('Time spent (minutes)').fill('90');
    await page.getByLabel('Work type').selectOption('DAMAGE');
    await page.getByRole('button', { name: 'Save Service Notes' }).click();
    await toast(page, 'Service notes updated successfully');
    await page.getByLabel('Photo of the work').setInputFiles({
      name: 'worn-seal.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngBytes(640, 480)),
    });
    await toast(page, 'Photo added');
    const photos = page.getByRole('list', { name: 'Photos of the work' });
    await photos.getByRole('img', { name: 'Photo 1' }).waitFor();
    await photos.getByText('Waiting to upload').waitFor();
    await checkPage(page, 'the ticket page with a photo, offline');

    await page.getByRole('tab', { name: 'Parts & Quote' }).click();
    await page.getByLabel('Part', { exact: true }).selectOption(part.id);
    await page.getByRole('button', { name: 'Add Part' }).click();
    await toast(page, 'Part added to service record');

    await page.getByRole('tab', { name: 'Resolution' }).click();
    await page
      .getByLabel('Resolution description')
      .fill('Lift seal replaced; lift holds its height.');
    await page.getByRole('button', { name: 'Add Customer Sign-off' }).click();
    await page.getByLabel('Customer name').fill('Dr Sarah Mitchell');
    const canvas = page.getByRole('img', { name: 'Customer signature' });
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 8; i += 1) {
      await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20));
    }
    await page.mouse.up();
    await page.screenshot({ path: `${SHOTS}/engineer-sign-off.png` });
    await page.getByRole('button', { name: 'Mark as Resolved' }).click();
    await toast(page, 'Ticket resolved successfully');

    const pdf = await downloadReport(page, () =>
      page.getByRole('button', { name: 'Service Report' }).click(),
    );
    await toast(page, 'Service report ready');
    const report = await readPdf(pdf);
    // Damage: 90 min × £1.50 labour plus the part, nothing covered.
    const labor = 135;
    const partPrice = Number(part.price);
    for (const text of [
      part.name,
      formatCurrency(partPrice),
      formatCurrency(labor),
      formatCurrency(labor + partPrice),
      'Dr Sarah Mitchell',
      ticket.serial,
      'Not covered by warranty: damage is never covered.',
    ]) {
      expect(report.text).toContain(text);
    }
    // The signature, and the photo from the device (compressed to JPEG, 640 × 480 kept).
    expect(report.images).toHaveLength(2);
    expect(report.images).toContainEqual({ width: 640, height: 480 });
    renderPages(pdf, 'engineer-service-report');

    // Back online: the photo goes up, once.
    await tablet.setOffline(false);
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Service Notes' }).click();
    await photos.getByText('Uploaded').waitFor({ timeout: 60_000 });
    const { rows: stored } = await demo.db.query<{ name: string }>(
      `select name from storage.objects where bucket_id = $1 and name like $2`,
      [PHOTO_BUCKET, `tickets/${ticket.id}/%`],
    );
    expect(stored).toHaveLength(1);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    const again = await demo.db.query(`select 1 from storage.objects where name like $1`, [
      `tickets/${ticket.id}/%`,
    ]);
    expect(again.rows).toHaveLength(1);
    await tablet.close();

    // The customer, on a phone: the report under the chair's Service History.
    const phone = await demo.browser.newContext({ viewport: { width: 390, height: 844 } });
    await watchContentSecurityPolicy(phone);
    const mobile = await phone.newPage();
    await signIn(mobile, 'CUSTOMER');
    await go(mobile, '/dashboard/customer/chairs');
    await mobile
      .getByText(ticket.serial, { exact: true })
      .first()
      .locator('xpath=ancestor::*[.//button[normalize-space()="Service History"]][1]')
      .getByRole('button', { name: 'Service History' })
      .click();
    const dialog = mobile.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Service reports' }).waitFor();
    await mobile.screenshot({ path: `${SHOTS}/customer-service-history.png` });
    await checkPage(mobile, "the customer's Service History with its reports");
    const customerPdf = await downloadReport(mobile, () =>
      dialog.getByRole('button', { name: new RegExp(`^Service Report: ${ticket.title}`) }).click(),
    );
    const customerReport = await readPdf(customerPdf);
    expect(customerReport.text).toContain('Dr Sarah Mitchell');
    expect(customerReport.text).toContain(formatCurrency(labor + partPrice));
    // The photo came from Storage: the customer's phone never held it.
    expect(customerReport.images).toContainEqual({ width: 640, height: 480 });
    renderPages(customerPdf, 'customer-service-report');
    await phone.close();

    // Another customer's photo, asked for through the Storage API: answered as missing.
    const customerApi = createTestClient(demo.server.url);
    await customerApi.auth.signInWithPassword(demoAccount('CUSTOMER'));
    const own = await customerApi.storage
      .from(PHOTO_BUCKET)
      .download(`tickets/${ticket.id}/${stored[0]!.name.split('/')[2]}`);
    expect(own.error).toBeNull();
    const theirs = await customerApi.storage.from(PHOTO_BUCKET).download(otherPhoto);
    expect(theirs.data).toBeNull();
    expect((theirs.error as { status?: number } | null)?.status).toBe(404);
  });
});
