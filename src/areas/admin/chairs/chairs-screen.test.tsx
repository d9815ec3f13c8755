import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import { CUSTOMER_ID, chairRow, userRow } from '../../../testing/rows';
import { outbox, renderAdmin } from '../test-fixtures';
import { ChairsScreen } from './chairs-screen';

// The label sheet is handed to the share sheet or downloaded: kept here to be read.
const shared = vi.hoisted(() => ({ files: [] as File[] }));
vi.mock('../../../files/share-file', () => ({
  shareOrDownload: async (file: File) => {
    shared.files.push(file);
    return 'downloaded';
  },
}));

const REGISTERED = '20000000-0000-4000-8000-000000000001';
const OTHER_CUSTOMER = '00000000-0000-4000-8000-0000000000c2';

async function renderChairs() {
  return renderAdmin(<ChairsScreen />, {
    path: adminPaths.chairs,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }),
        userRow({ id: OTHER_CUSTOMER, name: 'Hill Clinic' }),
      ]);
      await db.chairs.bulkPut([
        chairRow({
          id: REGISTERED,
          serialNumber: 'S30-0001',
          status: 'REGISTERED',
          ownerUserId: CUSTOMER_ID,
          configuration: {
            deliverySystem: 'Mobile Cart',
            instrumentOption: 'Option Two',
            assistantChairside: 'European',
            lighting: 'V2 5000K',
            footControl: 'Lever',
            upholsteryType: 'Sewn',
            upholsteryColor: 'S12',
            monitorBracket: 'No Monitor Bracket',
          },
        }),
        chairRow({ serialNumber: 'U500-0002', model: 'U500' }),
        chairRow({ serialNumber: 'S30-0003', status: 'DELIVERED' }),
      ]);
    },
  });
}

const card = (serial: string) => within(screen.getByRole('article', { name: serial }));
const counter = (label: string) =>
  within(
    within(screen.getByRole('region', { name: 'Summary' }))
      .getByText(label)
      .closest('dl')!,
  );

async function openAddChair() {
  const user = userEvent.setup();
  const session = await renderChairs();
  await screen.findByRole('article', { name: 'S30-0001' });
  await user.click(screen.getByRole('button', { name: 'Add to Inventory' }));
  const form = within(await screen.findByRole('form', { name: 'Add chair' }));
  return { user, form, session };
}

describe('ChairsScreen', () => {
  it('shows the four counters and each chair with its owner or No owner assigned', async () => {
    await renderChairs();
    await screen.findByRole('article', { name: 'S30-0001' });
    expect(counter('Total Chairs').getByText('3')).toBeInTheDocument();
    expect(counter('In Stock').getByText('1')).toBeInTheDocument();
    expect(counter('Delivered').getByText('1')).toBeInTheDocument();
    expect(counter('Registered').getByText('1')).toBeInTheDocument();
    expect(card('S30-0001').getByText('Owner: Riverside Dental')).toBeInTheDocument();
    expect(card('U500-0002').getByText('Owner: No owner assigned')).toBeInTheDocument();
    expect(card('U500-0002').getByText('U500 Ambidextrous')).toBeInTheDocument();
  });

  it('searches and filters by status', async () => {
    const user = userEvent.setup();
    await renderChairs();
    await screen.findByRole('article', { name: 'S30-0001' });
    const shown = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));
    await user.type(screen.getByRole('searchbox', { name: 'Search chairs' }), 'riverside');
    expect(shown()).toEqual(['S30-0001']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search chairs' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by status' }),
      'DELIVERED',
    );
    expect(shown()).toEqual(['S30-0003']);
    await user.type(screen.getByRole('searchbox', { name: 'Search chairs' }), 'riverside');
    expect(shown()).toEqual([]);
    expect(screen.getByText('No chairs found')).toBeInTheDocument();
    expect(screen.getByText('No chair matches your search or filter.')).toBeInTheDocument();
  });

  it('reassigns only registered chairs, to a customer or Unassigned', async () => {
    const user = userEvent.setup();
    const session = await renderChairs();
    await screen.findByRole('article', { name: 'S30-0001' });
    expect(card('U500-0002').queryByRole('combobox')).toBeNull();
    const owner = card('S30-0001').getByRole('combobox', { name: 'Owner of S30-0001' });
    // Until it is focused the select holds only 'Unassigned' and the current owner.
    expect(
      within(owner)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unassigned', 'Riverside Dental']);
    await user.click(owner);
    await user.selectOptions(owner, OTHER_CUSTOMER);
    expect(await screen.findByText('Chair assigned to Hill Clinic')).toBeInTheDocument();
    await user.selectOptions(owner, '');
    expect(await screen.findByText('Chair assigned to Unassigned')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      { name: 'chair.assignOwner', args: { chairId: REGISTERED, ownerUserId: OTHER_CUSTOMER } },
      { name: 'chair.assignOwner', args: { chairId: REGISTERED, ownerUserId: null } },
    ]);
  });

  it('views a configuration', async () => {
    const user = userEvent.setup();
    await renderChairs();
    await screen.findByRole('article', { name: 'S30-0001' });
    await user.click(card('S30-0001').getByRole('button', { name: 'View Configuration' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Configuration: S30-0001' }));
    expect(dialog.getByText('Mobile Cart')).toBeInTheDocument();
    expect(dialog.getByText('S12')).toBeInTheDocument();
  });

  it("requires a serial number; refuses a duplicate with 'Serial number already exists'", async () => {
    const { user, form } = await openAddChair();
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to Inventory' }),
    );
    expect(await form.findByText('Serial number is required')).toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: /Serial Number/ }), 's30-0001');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to Inventory' }),
    );
    expect(await form.findByText('Serial number already exists')).toBeInTheDocument();
  });

  it('offers the model options and the colours of the upholstery type; adds a U500', async () => {
    const { user, form, session } = await openAddChair();
    const options = (name: RegExp) =>
      within(form.getByRole('combobox', { name }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(options(/Delivery System/)).toEqual([
      'Hanging Delivery',
      'Traditional Whip',
      'Mobile Cart',
    ]);
    expect(options(/Upholstery Colour/)).toHaveLength(14);
    expect(options(/Upholstery Colour/)[13]).toBe('H14');
    await user.selectOptions(form.getByRole('combobox', { name: /^Model/ }), 'U500');
    expect(options(/Delivery System/)).toEqual(['Hanging Delivery']);
    expect(options(/Lighting/)).toEqual(['U500 LED Light']);
    expect(options(/Assistant Chairside/)).toEqual(['European Ambidextrous']);
    await user.selectOptions(form.getByRole('combobox', { name: /Upholstery Type/ }), 'Sewn');
    expect(options(/Upholstery Colour/)).toHaveLength(16);
    await user.selectOptions(form.getByRole('combobox', { name: /Upholstery Colour/ }), 'S16');
    await user.selectOptions(form.getByRole('combobox', { name: /Instrument Option/ }), 'Option 2');
    await user.type(form.getByRole('textbox', { name: /Serial Number/ }), 'U500-0100');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Add to Inventory' }),
    );
    expect(
      await screen.findByText('Chair added to inventory with full configuration'),
    ).toBeInTheDocument();
    const [entry] = await outbox(session);
    expect(entry).toMatchObject({
      name: 'chair.add',
      args: {
        serialNumber: 'U500-0100',
        model: 'U500',
        configuration: {
          deliverySystem: 'Hanging Delivery',
          instrumentOption: 'Option 2',
          assistantChairside: 'European Ambidextrous',
          lighting: 'U500 LED Light',
          footControl: 'Pedal',
          upholsteryType: 'Sewn',
          upholsteryColor: 'S16',
          monitorBracket: 'No Monitor Bracket',
        },
      },
    });
    expect(await screen.findByRole('article', { name: 'U500-0100' })).toBeInTheDocument();
  });
});

describe('serial labels (issue 32)', () => {
  it("prints one chair's label from its card", async () => {
    shared.files = [];
    const user = userEvent.setup();
    await renderChairs();
    await screen.findByRole('article', { name: 'U500-0002' });
    await user.click(card('U500-0002').getByRole('button', { name: 'Print label for U500-0002' }));
    await waitFor(() => expect(shared.files).toHaveLength(1));
    const file = shared.files[0]!;
    expect(file.name).toBe('chair-label-U500-0002.pdf');
    expect(file.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await file.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(await screen.findByText('Label ready')).toBeInTheDocument();
  });

  it('prints the chairs ticked as one sheet, and clears the selection', async () => {
    shared.files = [];
    const user = userEvent.setup();
    await renderChairs();
    await screen.findByRole('article', { name: 'S30-0003' });
    expect(screen.queryByRole('region', { name: 'Selected chairs' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select S30-0001 for labels' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select S30-0003 for labels' }));
    const bar = within(screen.getByRole('region', { name: 'Selected chairs' }));
    expect(bar.getByText('2 chairs selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Print 2 Labels' }));
    await waitFor(() => expect(shared.files).toHaveLength(1));
    expect(shared.files[0]!.name).toBe('chair-labels-2.pdf');
    expect(await screen.findByText('Labels ready')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected chairs' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select S30-0001 for labels' })).not.toBeChecked();
  });
});
