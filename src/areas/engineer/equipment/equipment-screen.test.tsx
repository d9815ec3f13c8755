import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROW_CHUNK } from '../../../components/searchable-list';
import { engineerPaths } from '../../../domain/paths';
import { createTestSession, SessionTestProviders } from '../../../testing/session';
import { EquipmentScreen } from './equipment-screen';
import {
  chairRow,
  engineer,
  historyEntry,
  id,
  serviceRequestRow,
  ticketRow,
  userRow,
} from './test-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const alice = userRow({
  id: id('c', 1),
  name: 'Alice Brown',
  email: 'alice@riverside.example',
  phone: '0113 496 0000',
  practice: { name: 'Riverside Dental', type: 'DENTAL', address: '1 River St, Leeds' },
});
const bob = userRow({ id: id('c', 2), name: 'Bob Green', email: 'bob@greenclinic.example' });

const activeChair = chairRow({
  id: id('a', 1),
  serialNumber: 'S30-23-00412',
  model: 'S30',
  status: 'REGISTERED',
  ownerUserId: alice.id,
  deliveryDate: daysFromNow(-101),
  warranty: { activatedAt: daysFromNow(-100), confirmed: true, warrantyYears: 5 },
  testSheet: {
    partsArrived: true,
    powersOn: true,
    movementOK: true,
    waterAirOK: true,
    submittedAt: daysFromNow(-99),
  },
  service: {
    lastServiceDate: daysFromNow(-20),
    nextServiceDue: daysFromNow(-5),
    serviceHistory: [
      historyEntry({
        type: 'Installation',
        date: daysFromNow(-100),
        workPerformed: 'Installed chair and light',
        cost: 0,
      }),
      historyEntry({
        type: 'ANNUAL',
        date: daysFromNow(-40),
        workPerformed: 'Annual service: hoses inspected',
        cost: 180,
      }),
      historyEntry({
        type: 'Repair',
        date: daysFromNow(-20),
        workPerformed: 'Replaced leaking syringe',
        partsReplaced: [{ partName: 'Three-in-one syringe', quantity: 1, cost: 95 }],
        cost: 207.5,
      }),
    ],
  },
});
const expiredChair = chairRow({
  id: id('a', 2),
  serialNumber: 'U500-20-00057',
  model: 'U500',
  status: 'REGISTERED',
  ownerUserId: bob.id,
  warranty: { activatedAt: daysFromNow(-6 * 366), confirmed: true, warrantyYears: 5 },
});
const stockChair = chairRow({ id: id('a', 3), serialNumber: 'S30-26-00999', model: 'S30' });

/** Sixty more chairs in stock, serials S30-24-10000 to S30-24-10059. */
const fleet = Array.from({ length: 60 }, (_, n) =>
  chairRow({ id: id('b', n), serialNumber: `S30-24-${10000 + n}`, model: 'S30' }),
);

async function renderScreen(more: ReturnType<typeof chairRow>[] = []) {
  const session = await createTestSession(engineer, async (db) => {
    await db.users.bulkPut([alice, bob]);
    await db.chairs.bulkPut([activeChair, expiredChair, stockChair, ...more]);
    await db.supportTickets.bulkPut([
      ticketRow({ id: id('t', 1), title: 'Chair will not rise', chairId: activeChair.id }),
      ticketRow({
        id: id('t', 2),
        title: 'Light flickers',
        chairId: activeChair.id,
        status: 'IN_PROGRESS',
        priority: 'HIGH',
      }),
      ticketRow({
        id: id('t', 3),
        title: 'Old squeak',
        chairId: activeChair.id,
        status: 'RESOLVED',
        resolution: 'Greased the hinge',
      }),
    ]);
    await db.serviceRequests.put(
      serviceRequestRow({
        id: id('f', 12345678),
        chairId: activeChair.id,
        customerUserId: alice.id,
        notes: 'Please come before lunch',
      }),
    );
  });
  render(
    <SessionTestProviders session={session} path={engineerPaths.equipment}>
      <EquipmentScreen />
    </SessionTestProviders>,
  );
  return { user: userEvent.setup({ delay: null }), session };
}

const card = (serial: string) => screen.findByRole('listitem', { name: `Chair ${serial}` });

async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = screen.getByRole('searchbox', { name: 'Search equipment' });
  await user.clear(box);
  // The whole text at once: these tests are about what matches, not about typing key by key
  // (each key redraws the result cards, slow under jsdom).
  await user.click(box);
  await user.paste(text);
}

/** The serial numbers of the result cards on screen. */
function shownSerials(): string[] {
  return screen
    .queryAllByRole('listitem', { name: /^Chair / })
    .map((item) => item.getAttribute('aria-label')?.replace('Chair ', '') ?? '');
}

/** Waits for the results to be exactly these chairs (they follow the box one frame late). */
async function expectResults(serials: string[]): Promise<void> {
  await screen.findByText(/chairs? found/);
  await waitFor(() => expect(shownSerials()).toEqual(serials));
}

describe('EquipmentScreen', () => {
  it('shows a prompt and no chairs before any text is typed', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { name: 'Equipment Search' })).toBeInTheDocument();
    expect(screen.getByText('Search for equipment')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.queryByText('S30-23-00412')).not.toBeInTheDocument();
  });

  it('matches serial number, model code, model name, owner name, practice name and owner email', async () => {
    const { user } = await renderScreen();
    await search(user, '00412');
    await expectResults(['S30-23-00412']);
    await search(user, 'u500');
    await expectResults(['U500-20-00057']);
    await search(user, 'Sigma');
    await expectResults(['S30-23-00412', 'S30-26-00999']);
    await search(user, 'alice brown');
    await expectResults(['S30-23-00412']);
    await search(user, 'riverside dental');
    await expectResults(['S30-23-00412']);
    await search(user, 'bob@greenclinic');
    await expectResults(['U500-20-00057']);
  });

  it('says so when nothing matches', async () => {
    const { user } = await renderScreen();
    await search(user, 'no such chair');
    expect(await screen.findByText('No equipment found')).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('draws a long result a screenful first, 50 at a time, in a list naming each chair', async () => {
    const { user } = await renderScreen(fleet);
    await search(user, '-24-');
    expect(await screen.findByText('60 chairs found')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Chairs' });
    // The first cards are mounted at once and the rest of the page of 50 a screenful per task.
    const first = within(list).getAllByRole('listitem');
    expect(first.length).toBeGreaterThanOrEqual(ROW_CHUNK);
    expect(first.length).toBeLessThanOrEqual(50);
    expect(first[0]).toHaveAccessibleName('Chair S30-24-10000');
    expect(screen.getByText('Showing 50 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    // The next ten follow once their open tickets are read.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument(),
    );
    expect(within(list).getAllByRole('listitem').length).toBeGreaterThanOrEqual(first.length);
  });

  it('shows customer, practice, status, warranty, test sheet and open tickets on each card', async () => {
    const { user } = await renderScreen();
    await search(user, 's30');
    const registered = within(await card('S30-23-00412'));
    expect(registered.getByText('S30 Sigma')).toBeInTheDocument();
    expect(registered.getByText('Alice Brown')).toBeInTheDocument();
    expect(registered.getByText('Riverside Dental')).toBeInTheDocument();
    expect(registered.getByText('Registered')).toBeInTheDocument();
    expect(registered.getByText(/^\d+ days remaining$/)).toBeInTheDocument();
    expect(registered.getByText('Complete')).toBeInTheDocument();
    expect(registered.getByText('2')).toBeInTheDocument();

    const inStock = within(await card('S30-26-00999'));
    expect(inStock.getByText('No owner assigned')).toBeInTheDocument();
    expect(inStock.getByText('No practice')).toBeInTheDocument();
    expect(inStock.getByText('In Stock')).toBeInTheDocument();
    expect(inStock.getByText('Not Activated')).toBeInTheDocument();
    expect(inStock.getByText('Pending')).toBeInTheDocument();
    expect(inStock.getByText('0')).toBeInTheDocument();

    await search(user, 'u500');
    const expired = within(await card('U500-20-00057'));
    expect(expired.getByText(/^Expired \d+ days ago$/)).toBeInTheDocument();
    expect(expired.getByText('No practice')).toBeInTheDocument();
  });

  it('opens View Details with Overview, Service History, Support Tickets and Appointments tabs', async () => {
    const { user } = await renderScreen();
    await search(user, '00412');
    await user.click(
      within(await card('S30-23-00412')).getByRole('button', { name: 'View Details' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'S30-23-00412 — S30 Sigma' }));

    expect(dialog.getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(dialog.getByText('Riverside Dental')).toBeInTheDocument();
    expect(dialog.getByText('alice@riverside.example')).toBeInTheDocument();
    expect(dialog.getByText('Hanging Delivery')).toBeInTheDocument();
    expect(dialog.getByText('Overdue')).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Service History' }));
    expect(await dialog.findByText('Replaced leaking syringe')).toBeInTheDocument();
    expect(dialog.getByText('Installed chair and light')).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Support Tickets' }));
    expect(await dialog.findByText('Chair will not rise')).toBeInTheDocument();
    expect(dialog.getByText('Light flickers')).toBeInTheDocument();
    expect(dialog.getByText('Old squeak')).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Appointments' }));
    expect(await dialog.findByText('Service Request #12345678')).toBeInTheDocument();
    expect(dialog.getByText('Please come before lunch')).toBeInTheDocument();
    expect(dialog.getByText('Engineer: Unassigned')).toBeInTheDocument();
  });

  it('shows empty tabs for a chair with no history, tickets or appointments', async () => {
    const { user } = await renderScreen();
    await search(user, '00999');
    await user.click(
      within(await card('S30-26-00999')).getByRole('button', { name: 'View Details' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('tab', { name: 'Service History' }));
    expect(await dialog.findByText('No service history')).toBeInTheDocument();
    await user.click(dialog.getByRole('tab', { name: 'Support Tickets' }));
    expect(await dialog.findByText('No support tickets found')).toBeInTheDocument();
    await user.click(dialog.getByRole('tab', { name: 'Appointments' }));
    expect(await dialog.findByText('No appointments found')).toBeInTheDocument();
  });

  it('opens Service History with a newest-first Timeline and a Summary', async () => {
    const { user } = await renderScreen();
    await search(user, '00412');
    await user.click(
      within(await card('S30-23-00412')).getByRole('button', { name: 'Service History' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Service History — S30-23-00412' }),
    );

    expect(dialog.getByRole('tab', { name: 'Timeline', selected: true })).toBeInTheDocument();
    const entries = within(dialog.getByRole('list', { name: 'Service timeline' })).getAllByRole(
      'listitem',
    );
    expect(entries.map((entry) => within(entry).getAllByText(/./)[0]?.textContent)).toEqual([
      'Repair',
      'Annual',
      'Installation',
    ]);
    expect(dialog.getByText(/Three-in-one syringe × 1/)).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Summary' }));
    const byType = within(await dialog.findByLabelText('Services by type'));
    const count = (label: string) =>
      byType.getByText(label).parentElement?.textContent?.replace(label, '');
    expect(count('Total services')).toBe('3');
    expect(count('Installation')).toBe('1');
    expect(count('Annual')).toBe('1');
    expect(count('Repair')).toBe('1');
    expect(count('Maintenance')).toBe('0');
    expect(dialog.getByText('£387.50')).toBeInTheDocument();
    expect(dialog.getByText('Overdue')).toBeInTheDocument();
  });
});
