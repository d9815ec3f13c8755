import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vendorPaths } from '../../domain/paths';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  chairRow,
  ticketRow,
  userRow,
} from '../../testing/rows';
import { captureDownloads, csvLines } from '../../testing/downloads';
import { outbox, renderVendor } from './test-fixtures';
import { TicketAssignmentScreen } from './ticket-assignment-screen';

const UNASSIGNED = '10000000-0000-4000-8000-000000000001';
const ASSIGNED = '10000000-0000-4000-8000-000000000002';
const CLOSED_URGENT = '10000000-0000-4000-8000-000000000003';
const CHAIR = '20000000-0000-4000-8000-000000000001';

async function renderScreen(seedTickets = true) {
  return renderVendor(<TicketAssignmentScreen />, {
    path: vendorPaths.tickets,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }),
        userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
      ]);
      await db.chairs.put(chairRow({ id: CHAIR, serialNumber: 'S30-0042' }));
      if (!seedTickets) return;
      await db.supportTickets.bulkPut([
        ticketRow({
          id: UNASSIGNED,
          title: 'Chair will not rise',
          priority: 'URGENT',
          chairId: CHAIR,
          customerUserId: CUSTOMER_ID,
          createdAt: '2026-03-05T10:00:00.000Z',
        }),
        ticketRow({
          id: ASSIGNED,
          title: 'Light flickers',
          description: 'Flickers above 70% intensity.',
          status: 'IN_PROGRESS',
          priority: 'HIGH',
          engineerUserId: ENGINEER_ID,
          createdAt: '2026-03-04T10:00:00.000Z',
        }),
        ticketRow({
          id: CLOSED_URGENT,
          title: 'Old leak',
          status: 'CLOSED',
          priority: 'URGENT',
          engineerUserId: OTHER_ENGINEER_ID,
          createdAt: '2026-03-01T10:00:00.000Z',
        }),
      ]);
    },
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });
const counter = (label: string) => screen.getByText(label).closest('dl')!;
/** The counters are read apart from the list (index counts): they may come a moment later. */
const counterOf = async (label: string) => (await screen.findByText(label)).closest('dl')!;

describe('TicketAssignmentScreen', () => {
  it('counts unassigned tickets and high-priority tickets that are not closed', async () => {
    await renderScreen();
    await screen.findByRole('article', { name: 'Chair will not rise' });
    expect(within(await counterOf('Unassigned Tickets')).getByText('1')).toBeInTheDocument();
    expect(within(counter('High Priority')).getByText('2')).toBeInTheDocument();
  });

  it('shows every ticket with customer, chair and its engineer selected', async () => {
    await renderScreen();
    const first = within(await screen.findByRole('article', { name: 'Chair will not rise' }));
    expect(first.getByText('Customer: Riverside Dental')).toBeInTheDocument();
    expect(first.getByText('Chair: S30-0042 - S30 Sigma')).toBeInTheDocument();
    expect(
      first.getByRole('combobox', { name: 'Assign engineer to Chair will not rise' }),
    ).toHaveValue('');
    expect(
      within(card('Light flickers')).getByRole('combobox', {
        name: 'Assign engineer to Light flickers',
      }),
    ).toHaveValue(ENGINEER_ID);
    expect(
      within(card('Light flickers')).getByText('Customer: Unknown Customer'),
    ).toBeInTheDocument();
  });

  it('searches title, description, customer name and chair serial', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await screen.findByRole('article', { name: 'Chair will not rise' });
    const search = screen.getByRole('searchbox', { name: 'Search tickets' });
    const count = () => screen.queryAllByRole('article').length;
    await user.type(search, 's30-0042');
    expect(count()).toBe(1);
    await user.clear(search);
    await user.type(search, '70% intensity');
    expect(screen.getByRole('article', { name: 'Light flickers' })).toBeInTheDocument();
    expect(count()).toBe(1);
    await user.clear(search);
    await user.type(search, 'riverside');
    expect(count()).toBe(1);
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
  });

  it('filters by status and by priority', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await screen.findByRole('article', { name: 'Chair will not rise' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'CLOSED');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Old leak',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'ALL');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by priority' }), 'HIGH');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Light flickers',
    ]);
  });

  it("assigns an engineer: in progress, queued, 'Ticket assigned to {name}'", async () => {
    const user = userEvent.setup();
    const session = await renderScreen();
    await screen.findByRole('article', { name: 'Chair will not rise' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Assign engineer to Chair will not rise' }),
      OTHER_ENGINEER_ID,
    );
    expect(await screen.findByText('Ticket assigned to Bob Engineer')).toBeInTheDocument();
    expect(await session.db.supportTickets.get(UNASSIGNED)).toMatchObject({
      engineerUserId: OTHER_ENGINEER_ID,
      status: 'IN_PROGRESS',
    });
    expect(await outbox(session)).toEqual([
      { name: 'ticket.assign', args: { ticketId: UNASSIGNED, engineerUserId: OTHER_ENGINEER_ID } },
    ]);
  });

  it('reassigns an assigned ticket to another engineer', async () => {
    const user = userEvent.setup();
    const session = await renderScreen();
    await screen.findByRole('article', { name: 'Light flickers' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Assign engineer to Light flickers' }),
      OTHER_ENGINEER_ID,
    );
    expect(await screen.findByText('Ticket assigned to Bob Engineer')).toBeInTheDocument();
    expect((await session.db.supportTickets.get(ASSIGNED))?.engineerUserId).toBe(OTHER_ENGINEER_ID);
  });

  it("shows 'No tickets found' when there are none", async () => {
    await renderScreen(false);
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
  });
});

describe('Ticket Assignment export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('exports the tickets the filters show, with names and labels, not ids and codes', async () => {
    const downloads = captureDownloads();
    await renderScreen();
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Chair will not rise' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by priority' }),
      'URGENT',
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toMatch(/^ticket-assignment-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = await csvLines(downloads[0]);
    expect(lines[0]).toBe(
      'Ticket,Title,Description,Status,Priority,Customer,Chair,Engineer,Created',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^00000001,Chair will not rise,.*,Open,Urgent,Riverside Dental,S30-0042 - S30 Sigma,Unassigned,2026-03-05$/,
      ),
      expect.stringMatching(
        /^00000003,Old leak,.*,Closed,Urgent,Unknown Customer,,Bob Engineer,2026-03-01$/,
      ),
    ]);
    expect(await screen.findByText('Exported 2 rows')).toBeInTheDocument();
  });
});
