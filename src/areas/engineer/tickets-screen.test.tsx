import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engineerPaths } from '../../domain/paths';
import {
  CUSTOMER_ID,
  OTHER_ENGINEER_ID,
  chairRow,
  engineer,
  outbox,
  renderWithSession,
  ticketRow,
  userRow,
} from './ticket-detail/test-fixtures';
import { TicketsScreen } from './tickets-screen';

const UNASSIGNED = '10000000-0000-4000-8000-000000000001';
const MINE = '10000000-0000-4000-8000-000000000002';
const OTHERS = '10000000-0000-4000-8000-000000000003';
const NO_CUSTOMER = '10000000-0000-4000-8000-000000000004';
const CHAIR = '20000000-0000-4000-8000-000000000001';
const MISSING_CHAIR = '20000000-0000-4000-8000-00000000dead';

async function renderTickets() {
  return renderWithSession(<TicketsScreen />, {
    path: engineerPaths.tickets,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Sam Other', role: 'ENGINEER' }),
      ]);
      await db.chairs.put(chairRow({ id: CHAIR, serialNumber: 'S30-0042' }));
      await db.supportTickets.bulkPut([
        ticketRow({
          id: UNASSIGNED,
          title: 'Chair will not rise',
          priority: 'URGENT',
          chairId: CHAIR,
          createdAt: '2026-03-05T10:00:00.000Z',
        }),
        ticketRow({
          id: MINE,
          title: 'Light flickers',
          description: 'Flickers above 70% intensity.',
          status: 'IN_PROGRESS',
          engineerUserId: engineer.id,
          chairId: MISSING_CHAIR,
          createdAt: '2026-03-04T10:00:00.000Z',
        }),
        ticketRow({ id: OTHERS, title: 'Suction weak', engineerUserId: OTHER_ENGINEER_ID }),
        ticketRow({
          id: NO_CUSTOMER,
          title: 'Training request',
          customerUserId: null,
          createdAt: '2026-03-01T10:00:00.000Z',
        }),
      ]);
    },
  });
}

const card = (title: string) => screen.getByRole('link', { name: title }).closest('article')!;

describe('TicketsScreen', () => {
  it("lists the engineer's and the unassigned tickets, never another engineer's", async () => {
    await renderTickets();
    expect(await screen.findByRole('link', { name: 'Chair will not rise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Light flickers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Training request' })).toBeInTheDocument();
    expect(screen.queryByText('Suction weak')).not.toBeInTheDocument();
  });

  it('shows status, priority, customer, chair, created date and display id', async () => {
    await renderTickets();
    const first = within(await waitForCard('Chair will not rise'));
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(first.getByText('Urgent priority')).toBeInTheDocument();
    expect(first.getByText('Customer: Riverside Dental')).toBeInTheDocument();
    expect(first.getByText('Chair: S30-0042 - S30 Sigma')).toBeInTheDocument();
    expect(first.getByText('Created Mar 5, 2026')).toBeInTheDocument();
    expect(first.getByText(`#${UNASSIGNED.slice(-8)}`)).toBeInTheDocument();
    expect(within(card('Light flickers')).getByText('Chair: Unknown Chair')).toBeInTheDocument();
    expect(
      within(card('Training request')).getByText('Customer: Unknown Customer'),
    ).toBeInTheDocument();
    expect(within(card('Training request')).queryByText(/^Chair:/)).not.toBeInTheDocument();
  });

  it('searches title, description, customer name and chair serial', async () => {
    const user = userEvent.setup();
    await renderTickets();
    await screen.findByRole('link', { name: 'Chair will not rise' });
    const search = screen.getByRole('searchbox', { name: 'Search tickets' });
    const visible = () => screen.queryAllByRole('article').length;

    // The search reads the mirror (a live query): the list follows a moment after the keys.
    await user.type(search, 's30-0042');
    await waitFor(() => expect(visible()).toBe(1));
    expect(screen.getByRole('link', { name: 'Chair will not rise' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '70% intensity');
    await waitFor(() => expect(visible()).toBe(1));
    expect(screen.getByRole('link', { name: 'Light flickers' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'riverside');
    await waitFor(() => expect(visible()).toBe(2));

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
  });

  it("shows the newest 50 of the engineer's and unassigned tickets first, then 'Show more'", async () => {
    const user = userEvent.setup();
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
    const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    await renderWithSession(<TicketsScreen />, {
      path: engineerPaths.tickets,
      seed: async (db) => {
        // 70 tickets, alternately mine and unassigned, and 30 of another engineer's in between.
        await db.supportTickets.bulkPut([
          ...Array.from({ length: 70 }, (_, n) =>
            ticketRow({
              id: id(n),
              title: `Ticket ${n}`,
              engineerUserId: n % 2 ? engineer.id : null,
              status: n % 2 ? 'IN_PROGRESS' : 'OPEN',
              createdAt: day(n),
            }),
          ),
          ...Array.from({ length: 30 }, (_, n) =>
            ticketRow({
              id: id(100 + n),
              title: `Theirs ${n}`,
              engineerUserId: OTHER_ENGINEER_ID,
              createdAt: day(n * 2 + 1),
            }),
          ),
        ]);
      },
    });
    const titles = async () =>
      (await screen.findAllByRole('article')).map(
        (article) => within(article).getAllByRole('link')[0]!.textContent,
      );
    await screen.findByRole('link', { name: 'Ticket 69' });
    const first = await titles();
    expect(first).toEqual(Array.from({ length: 50 }, (_, n) => `Ticket ${69 - n}`));
    expect(screen.getByText('Showing 50 of 70')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Ticket 0' });
    expect(await titles()).toEqual(Array.from({ length: 70 }, (_, n) => `Ticket ${69 - n}`));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("shows 'No tickets found' when the engineer has no tickets", async () => {
    await renderWithSession(<TicketsScreen />, {
      path: engineerPaths.tickets,
      seed: async () => 0,
    });
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
  });

  it('opens the ticket page when a ticket is clicked', async () => {
    const user = userEvent.setup();
    await renderTickets();
    await user.click(await screen.findByRole('link', { name: 'Light flickers' }));
    expect(await screen.findByText('Navigated away')).toBeInTheDocument();
  });

  it('takes an unassigned ticket: assigned to me, in progress, queued, announced', async () => {
    const user = userEvent.setup();
    const session = await renderTickets();
    const target = await waitForCard('Chair will not rise');
    expect(
      within(card('Light flickers')).queryByRole('button', { name: 'Take Ticket' }),
    ).toBeNull();

    await user.click(within(target).getByRole('button', { name: 'Take Ticket' }));

    expect(
      await screen.findByText('Ticket assigned to you and marked as in progress'),
    ).toBeInTheDocument();
    const row = await session.db.supportTickets.get(UNASSIGNED);
    expect(row).toMatchObject({ engineerUserId: engineer.id, status: 'IN_PROGRESS' });
    expect(await outbox(session)).toEqual([
      { name: 'ticket.take', args: { ticketId: UNASSIGNED } },
    ]);
    expect(
      await within(card('Chair will not rise')).findByText('Assigned to you'),
    ).toBeInTheDocument();
  });

  it('shows the local refusal (MutationRejected) as an error toast and queues nothing', async () => {
    const user = userEvent.setup();
    const session = await renderTickets();
    const target = await waitForCard('Chair will not rise');
    const take = within(target).getByRole('button', { name: 'Take Ticket' });
    // A pull lands between render and click: the ticket was resolved meanwhile.
    await session.db.supportTickets.update(UNASSIGNED, { status: 'RESOLVED' });
    await user.click(take);
    expect(await screen.findByText('This ticket is already resolved')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
  });
});

async function waitForCard(title: string) {
  await screen.findByRole('link', { name: title });
  return card(title);
}
