import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { captureDownloads } from '../../../testing/downloads';
import { CUSTOMER_ID, chairRow, userRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { ChairsScreen } from './chairs-screen';

/** Every file the screen handed to the browser to download. */
let downloads: File[] = [];
beforeEach(() => {
  downloads = captureDownloads();
});
afterEach(() => vi.restoreAllMocks());

async function renderChairs() {
  const session = await renderAdmin(<ChairsScreen />, {
    path: adminPaths.chairs,
    seed: async (db) => {
      await db.users.put(userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }));
      await db.chairs.bulkPut([
        chairRow({
          serialNumber: 'S30-0003',
          status: 'REGISTERED',
          ownerUserId: CUSTOMER_ID,
          deliveryDate: '2026-03-05',
        }),
        chairRow({ serialNumber: '=HYPERLINK("http://evil")', model: 'U500' }),
      ]);
    },
  });
  const user = userEvent.setup();
  // Enabled once the whole inventory is read (serials are checked against all of it).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Import CSV' })).toBeEnabled());
  return { session, user };
}

const csvFile = (lines: readonly string[], name = 'delivery.csv') =>
  new File([lines.join('\r\n')], name, { type: 'text/csv' });

async function openImport(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import Chairs from CSV' });
  await user.upload(within(dialog).getByLabelText('CSV file'), file);
  return dialog;
}

const DELIVERY = [
  'Serial Number,Model,Upholstery Type,Upholstery Colour,Status',
  'S30-0100,S30,Sewn,S4,In Stock',
  ',U500,,,',
  'U500-0101,,,,',
  's30-0003,S30,,,',
  'S30-0100,S30,,,',
  'X-1,S40,,,',
  'U500-0102,U500 Ambidextrous,Formed,S2,',
  'U500-0103,u500,,,',
];

describe('Import Chairs from CSV', () => {
  it('previews every row with its problems first, in the dialog’s words', async () => {
    const { user } = await renderChairs();
    const dialog = await openImport(user, csvFile(DELIVERY));
    expect(
      await within(dialog).findByText(
        'delivery.csv: 8 rows, 2 ready to import, 6 rows with problems',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Columns not imported: Status')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '2',
      '9',
    ]);
    const problems = rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent);
    expect(problems).toEqual([
      'Serial number is required',
      'Model is required',
      'Serial number already exists',
      'Serial number appears more than once in this file (first on row 2)',
      'Model must be S30 (S30 Sigma) or U500 (U500 Ambidextrous)',
      'Upholstery Colour must be one of H1, H2, H3, H4, H5, H6, H7, H8, H9, H10, H11, H12, H13, H14 for Formed upholstery',
      'Ready',
      'Ready',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Import 2 Chairs' })).toBeEnabled();
  });

  it('queues one chair.add per valid row (offline: nothing is sent), then sums up and keeps the skipped rows', async () => {
    const { session, user } = await renderChairs();
    const dialog = await openImport(user, csvFile(DELIVERY));
    await user.click(await within(dialog).findByRole('button', { name: 'Import 2 Chairs' }));
    expect(
      await within(dialog).findByText('Imported 2 chairs; 6 rows skipped'),
    ).toBeInTheDocument();
    const queued = await outbox(session);
    expect(queued).toEqual([
      {
        name: 'chair.add',
        args: expect.objectContaining({
          serialNumber: 'S30-0100',
          model: 'S30',
          configuration: expect.objectContaining({ upholsteryType: 'Sewn', upholsteryColor: 'S4' }),
        }),
      },
      {
        name: 'chair.add',
        args: expect.objectContaining({ serialNumber: 'U500-0103', model: 'U500' }),
      },
    ]);
    const entries = await session.db.outbox.toArray();
    expect(entries.every((entry) => entry.status === 'pending')).toBe(true);
    // In the inventory at once, IN_STOCK, as the dialog's chair.
    expect(await session.db.chairs.where('serialNumber').equals('U500-0103').first()).toMatchObject(
      {
        status: 'IN_STOCK',
        modelName: 'U500 Ambidextrous',
      },
    );
    // The skipped rows stay on screen, and download as a file to fix and import again.
    expect(within(dialog).getByText('Serial number is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download Skipped Rows' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('chairs-skipped-rows.csv');
    const text = await downloads[0]!.text();
    expect(text.split('\r\n')[0]).toBe(
      'Serial Number,Model,Delivery System,Instrument Option,Assistant Chairside,Lighting,Foot Control,Upholstery Type,Upholstery Colour,Monitor Bracket,Row,Problems',
    );
    expect(text).toContain(',U500,,,,,,,,,3,Serial number is required\r\n');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('article', { name: 'U500-0103' })).toBeInTheDocument();
  });

  it('skips a row whose serial was taken after the preview, and imports the rest of its batch', async () => {
    const { session, user } = await renderChairs();
    const dialog = await openImport(user, csvFile(DELIVERY));
    const importButton = await within(dialog).findByRole('button', { name: 'Import 2 Chairs' });
    await session.db.chairs.put(chairRow({ serialNumber: 'U500-0103', model: 'U500' }));
    await user.click(importButton);
    expect(await within(dialog).findByText('Imported 1 chair; 7 rows skipped')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('9U500-0103u500Serial number already exists');
    expect((await outbox(session)).map((entry) => entry.args)).toEqual([
      expect.objectContaining({ serialNumber: 'S30-0100' }),
    ]);
  });

  it('refuses a file whose header lacks the required columns, naming them', async () => {
    const { session, user } = await renderChairs();
    const dialog = await openImport(user, csvFile(['Serial,Colour', 'A1,red']));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The file is missing the column 'Model'.",
    );
    expect(await outbox(session)).toEqual([]);
    // Another file can be chosen at once.
    expect(within(dialog).getByRole('button', { name: 'Choose CSV File' })).toBeEnabled();
  });

  it('offers the template: the headers the import reads and one example row', async () => {
    const { user } = await renderChairs();
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Chairs from CSV' });
    await user.click(within(dialog).getByRole('button', { name: 'Download Template' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('chairs-template.csv');
    // UTF-8 with a byte order mark, so Excel reads accents right (text() drops the mark).
    expect([...new Uint8Array(await downloads[0]!.arrayBuffer()).slice(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ]);
    expect(await downloads[0]!.text()).toBe(
      'Serial Number,Model,Delivery System,Instrument Option,Assistant Chairside,Lighting,Foot Control,Upholstery Type,Upholstery Colour,Monitor Bracket\r\n' +
        'S30-26-00001,S30 Sigma,Hanging Delivery,Option One,Standard,V1 4300K,Pedal,Formed,H1,No Monitor Bracket\r\n',
    );
  });
});

describe('Export CSV of the chairs list', () => {
  it('writes what the list shows after its search and filter, readable and formula-guarded', async () => {
    const { user } = await renderChairs();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toMatch(/^chairs-\d{4}-\d{2}-\d{2}\.csv$/);
    const all = (await downloads[0]!.text()).split('\r\n');
    expect(all[0]).toBe(
      'Serial Number,Model,Delivery System,Instrument Option,Assistant Chairside,Lighting,Foot Control,Upholstery Type,Upholstery Colour,Monitor Bracket,Status,Owner,Delivery Date,Added',
    );
    expect(all).toContain(
      `"'=HYPERLINK(""http://evil"")",U500 Ambidextrous,,,,,,,,,In Stock,,,2026-01-10`,
    );
    expect(all).toContain(
      'S30-0003,S30 Sigma,,,,,,,,,Registered,Riverside Dental,2026-03-05,2026-01-10',
    );

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by status' }),
      'REGISTERED',
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    const registered = (await downloads[1]!.text()).split('\r\n').filter(Boolean);
    expect(registered).toHaveLength(2);
    expect(registered[1]).toMatch(/^S30-0003,/);
    expect(await screen.findByText('Exported 1 row')).toBeInTheDocument();
  });
});
