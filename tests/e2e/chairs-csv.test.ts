// Issue 32 in a real Chromium against the local backend, lean (one server, one browser, one
// sign-in): the demo admin, offline, imports a delivery of 200 chairs of which 5 are bad, sees
// the summary; back online the 195 reach the server, each once, with their configurations; then
// the chairs list, searched for the delivery, is exported and the file holds what was imported.
// And the import preview shows each row's problems whole at every device size (issue 44).
import Papa from 'papaparse';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHAIR_IMPORT_COLUMNS } from '../../src/domain/chair-import';
import { demoAccount } from '../../src/domain/demo-accounts';
import { adminPaths } from '../../src/domain/paths';
import { demoBackendForThisFile } from './demo-server';
import { watchContentSecurityPolicy } from './page-checks';
import { checkAndShoot, eventually, settled, signIn, visitRoute } from './steps';

const demo = demoBackendForThisFile();

const HEADERS = CHAIR_IMPORT_COLUMNS.map((c) => c.header);
const S30 = ['Traditional Whip', 'Option Two', 'European', 'V5 3000-5500K', 'Lever', 'Sewn', 'S7'];
const U500 = ['Hanging Delivery', 'Option 1', 'European Ambidextrous', 'U500 LED Light'];

/** 195 good rows, alternating models and configurations, and 5 bad ones among them. */
function delivery(existingSerial: string): { lines: string[][]; good: string[][] } {
  const good = Array.from({ length: 195 }, (_, i) => {
    const serial = `CSV-E2E-${String(i + 1).padStart(4, '0')}`;
    return i % 2 === 0
      ? [serial, 'S30 Sigma', ...S30, 'Monitor with Intra Oral Camera']
      : [
          serial,
          'U500 Ambidextrous',
          ...U500,
          'Wireless Pedal',
          'Formed',
          `H${(i % 14) + 1}`,
          'No Monitor Bracket',
        ];
  });
  const bad = [
    ['', 'S30'],
    ['CSV-E2E-BAD-1', ''],
    [existingSerial, 'S30'],
    ['CSV-E2E-0003', 'U500'],
    ['CSV-E2E-BAD-2', 'S40'],
  ];
  const lines = [...good];
  bad.forEach((row, i) => lines.splice(20 + i * 40, 0, row));
  return { lines: [HEADERS, ...lines], good };
}

describe('chairs by spreadsheet', { timeout: 240_000 }, () => {
  it('imports 195 of 200 rows offline, lands them on the server, and exports them back', async () => {
    const { rows } = await demo.db.query<{ serial_number: string }>(
      `select serial_number from public.chairs order by serial_number limit 1`,
    );
    const { lines, good } = delivery(rows[0]!.serial_number.toLowerCase());
    const csv = Papa.unparse(lines, { newline: '\r\n' });

    const context = await demo.browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    await signIn(page, demo.server.url, demoAccount('ADMIN'), adminPaths.home);
    const syncStatus = page.getByRole('banner').getByRole('button', { name: /^Sync status/ });
    await syncStatus.getByText(/Synced/).waitFor({ timeout: 60_000 });
    await visitRoute(page, adminPaths.chairs, 'Chairs', 'admin-chairs-csv');
    const importButton = page.getByRole('button', { name: 'Import CSV' });
    await expect.poll(() => importButton.isEnabled(), { timeout: 30_000 }).toBe(true);

    await context.setOffline(true);
    await importButton.click();
    const dialog = page.getByRole('dialog', { name: 'Import Chairs from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'delivery.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`),
    });
    await dialog
      .getByText('delivery.csv: 200 rows, 195 ready to import, 5 rows with problems')
      .waitFor();
    for (const problem of [
      'Serial number is required',
      'Model is required',
      'Serial number already exists',
      'Serial number appears more than once in this file (first on row 4)',
      'Model must be S30 (S30 Sigma) or U500 (U500 Ambidextrous)',
    ]) {
      await dialog.getByText(problem).first().waitFor();
    }
    await checkAndShoot(page, 'import preview', 'admin-chairs-import-preview');
    await dialog.getByRole('button', { name: 'Import 195 Chairs' }).click();
    await dialog.getByText('Imported 195 chairs; 5 rows skipped').waitFor({ timeout: 60_000 });
    await checkAndShoot(page, 'import summary', 'admin-chairs-import-summary');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Back online: the queue drains, each chair once.
    await context.setOffline(false);
    await syncStatus.getByText('0 pending').waitFor({ timeout: 90_000 });
    let onServer: {
      serial_number: string;
      model: string;
      configuration: Record<string, string>;
    }[] = [];
    await eventually(async () => {
      onServer = (
        await demo.db.query<(typeof onServer)[number]>(
          `select serial_number, model, configuration from public.chairs
            where serial_number like 'CSV-E2E-%' order by serial_number`,
        )
      ).rows;
      return onServer.length >= 195;
    }, 'the imported chairs');
    expect(onServer).toHaveLength(195);
    expect(onServer.map((c) => c.serial_number)).toEqual(good.map((row) => row[0]));
    expect(onServer[1]).toMatchObject({
      model: 'U500',
      configuration: { footControl: 'Wireless Pedal', upholsteryColor: 'H2' },
    });

    // The list, searched for the delivery, exported: the file holds what was imported.
    await page.getByLabel('Search chairs').fill('CSV-E2E');
    await page
      .getByRole('article', { name: /^CSV-E2E-/ })
      .first()
      .waitFor();
    // Export is on from the list's first read; a click while a sync's write has the list search
    // again (the accepted chairs written back after the push drained) waits for that search and
    // writes what the list shows after it.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^chairs-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = Papa.parse<string[]>(
      (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''),
      { skipEmptyLines: true },
    ).data;
    expect(exported[0]?.slice(0, HEADERS.length)).toEqual(HEADERS);
    const back = exported
      .slice(1)
      .map((row) => row.slice(0, HEADERS.length))
      .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    expect(back).toEqual(good);
    expect(exported.slice(1).every((row) => row[HEADERS.length] === 'In Stock')).toBe(true);
    await context.close();
  });

  it('shows every problem of the import preview whole, on a desktop, a tablet and a phone', async () => {
    // The longest problems the import has: a value outside a model's options lists them all.
    const rows = [
      HEADERS,
      ['CSV-WRAP-1', 'S30', 'Traditional Whip', 'Option Two', 'European', 'V9 9000K'],
      ['CSV-WRAP-2', 'U500', '', '', '', '', '', 'Formed', 'Z42'],
      ['CSV-WRAP-3', 'S30', 'Overhead Gantry', 'Option Three', 'Nordic', 'V7', 'Joystick'],
    ];
    const context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await watchContentSecurityPolicy(context);
    const page = await context.newPage();
    await signIn(page, demo.server.url, demoAccount('ADMIN'), adminPaths.home);
    await visitRoute(page, adminPaths.chairs, 'Chairs', 'admin-chairs-preview-wrap');
    const importButton = page.getByRole('button', { name: 'Import CSV' });
    await expect.poll(() => importButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await importButton.click();
    const dialog = page.getByRole('dialog', { name: 'Import Chairs from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'options.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(Papa.unparse(rows, { newline: '\r\n' })),
    });
    await dialog
      .getByText('options.csv: 3 rows, 0 ready to import, 3 rows with problems')
      .waitFor();
    await dialog
      .getByText(/^Lighting must be one of V1 4300K, V2 5000K, V5 3000-5500K/)
      .first()
      .waitFor();
    await dialog.getByText(/^Upholstery Colour must be one of H1, H2/).waitFor();

    for (const [device, viewport] of [
      ['desktop', { width: 1440, height: 900 }],
      ['tablet', { width: 1024, height: 768 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await settled(page);
      const clipped = await clippedCells(page);
      await checkAndShoot(page, `import preview on a ${device}`, `admin-chairs-preview-${device}`);
      expect(clipped, `cells cut off on a ${device}`).toEqual([]);
    }
    await context.close();
  });
});

/**
 * The cells of the import preview's table whose text does not show whole: wider than the cell
 * (scrollWidth over clientWidth, on the cell and everything in it), or out of the view of the
 * table's scroll area (a column past the dialog's edge, to be scrolled to).
 */
async function clippedCells(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Rows of the file' }).evaluate((table) => {
    const area = table.parentElement!;
    const view = area.getBoundingClientRect();
    const clipped: string[] = [];
    for (const cell of table.querySelectorAll('th, td')) {
      const text = (cell.textContent ?? '').trim().slice(0, 60);
      const overflowing = [cell, ...cell.querySelectorAll('*')].some(
        (el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0,
      );
      const box = cell.getBoundingClientRect();
      if (overflowing || box.right > view.right + 1 || box.left < view.left - 1) {
        clipped.push(
          `${text} (${Math.round(box.left)}-${Math.round(box.right)} in ${Math.round(view.left)}-${Math.round(view.right)})`,
        );
      }
    }
    return clipped;
  });
}
