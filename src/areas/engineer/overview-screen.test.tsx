import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HOME_FIGURES_KEY } from '../../data/mirror-state';
import { engineerPaths } from '../../domain/paths';
import { homeFigures } from '../../testing/rows';
import type { SupportTicket } from '../../domain/entities';
import { OverviewScreen } from './overview-screen';
import {
  CUSTOMER_ID,
  OTHER_ENGINEER_ID,
  engineer,
  renderWithSession,
  ticketRow,
  userRow,
} from './ticket-detail/test-fixtures';

const id = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function tickets(): SupportTicket[] {
  const rows: SupportTicket[] = [];
  // 7 unassigned open tickets, newest first by number.
  for (let n = 1; n <= 7; n += 1) {
    rows.push(
      ticketRow({
        id: id(n),
        title: `Open ticket ${n}`,
        priority: n === 1 ? 'URGENT' : 'NORMAL',
        createdAt: `2026-03-${String(20 - n).padStart(2, '0')}T10:00:00.000Z`,
      }),
    );
  }
  rows.push(
    ticketRow({
      id: id(10),
      title: 'Mine in progress',
      status: 'IN_PROGRESS',
      priority: 'HIGH',
      engineerUserId: engineer.id,
    }),
    ticketRow({
      id: id(11),
      title: 'Mine resolved',
      status: 'RESOLVED',
      priority: 'HIGH',
      engineerUserId: engineer.id,
    }),
    ticketRow({
      id: id(12),
      title: 'Mine closed',
      status: 'CLOSED',
      priority: 'URGENT',
      engineerUserId: engineer.id,
    }),
    ticketRow({
      id: id(13),
      title: 'Someone else',
      status: 'IN_PROGRESS',
      priority: 'URGENT',
      engineerUserId: OTHER_ENGINEER_ID,
    }),
  );
  return rows;
}

async function renderOverview() {
  return renderWithSession(<OverviewScreen />, {
    path: engineerPaths.home,
    seed: async (db) => {
      await db.users.put(userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }));
      await db.supportTickets.bulkPut(tickets());
    },
  });
}

function stat(label: string): string {
  const summary = screen.getByRole('region', { name: 'Ticket summary' });
  return within(summary).getByText(label).parentElement?.textContent ?? '';
}

describe('OverviewScreen', () => {
  it('counts my tickets, open, in progress and high priority (HIGH or URGENT, not CLOSED)', async () => {
    await renderOverview();
    await screen.findByRole('heading', { name: 'Open Tickets' });
    // Mine: in progress, resolved, closed.
    expect(stat('My Tickets')).toContain('3');
    // Visible = mine + unassigned: 7 open, 1 in progress.
    expect(stat('Open')).toMatch(/^Open7/);
    expect(stat('In Progress')).toContain('1');
    // URGENT open #1, HIGH in progress, HIGH resolved; not the CLOSED urgent, not someone else's.
    expect(stat('High Priority')).toContain('3');
    expect(screen.getAllByText('Assigned to you')).toHaveLength(1);
    expect(screen.getByText('High or urgent, not closed')).toBeInTheDocument();
  });

  it("shows the server's counts with the engineer's own tickets on a new device, before the rest arrives", async () => {
    // After the first stage of a first sync: their tickets and the newest unassigned one, and
    // the counts of every ticket they may see (the whole unassigned pool).
    await renderWithSession(<OverviewScreen />, {
      path: engineerPaths.home,
      seed: async (db) => {
        await db.users.put(userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }));
        await db.supportTickets.bulkPut([
          ticketRow({ id: id(1), title: 'Newest unassigned', priority: 'URGENT' }),
          ticketRow({
            id: id(10),
            title: 'Mine in progress',
            status: 'IN_PROGRESS',
            engineerUserId: engineer.id,
          }),
        ]);
        await db.meta.put({
          key: HOME_FIGURES_KEY,
          value: homeFigures({
            role: 'ENGINEER',
            tickets: [
              [null, 'OPEN', 'URGENT', 700],
              [null, 'OPEN', 'NORMAL', 6300],
              [engineer.id, 'IN_PROGRESS', 'NORMAL', 120],
              [engineer.id, 'CLOSED', 'HIGH', 740],
            ],
          }),
        });
      },
    });
    await screen.findByRole('heading', { name: 'Open Tickets' });
    expect(stat('My Tickets')).toContain('860');
    expect(stat('Open')).toMatch(/^Open7000/);
    expect(stat('In Progress')).toContain('120');
    expect(stat('High Priority')).toContain('700');
    const open = screen.getByRole('list', { name: 'Open Tickets' });
    expect(within(open).getByRole('link', { name: /Newest unassigned/ })).toHaveTextContent(
      'Riverside Dental',
    );
    const progress = screen.getByRole('list', { name: 'In Progress' });
    expect(within(progress).getByRole('link', { name: /Mine in progress/ })).toBeInTheDocument();
  });

  it('lists at most 5 open and 5 in-progress tickets, each linking to its page', async () => {
    const user = userEvent.setup();
    await renderOverview();
    const open = await screen.findByRole('list', { name: 'Open Tickets' });
    expect(within(open).getAllByRole('link')).toHaveLength(5);
    expect(within(open).getByRole('link', { name: /Open ticket 1/ })).toBeInTheDocument();
    expect(within(open).queryByRole('link', { name: /Open ticket 6/ })).toBeNull();
    const progress = screen.getByRole('list', { name: 'In Progress' });
    expect(within(progress).getAllByRole('link')).toHaveLength(1);
    expect(within(progress).getByRole('link', { name: /Mine in progress/ })).toHaveAttribute(
      'href',
      engineerPaths.ticket(id(10)),
    );
    await user.click(within(open).getByRole('link', { name: /Open ticket 1/ }));
    expect(await screen.findByText('Navigated away')).toBeInTheDocument();
  });

  it('counts only my and unassigned tickets with many of other engineers’ in the mirror, lists newest first across both', async () => {
    const others: SupportTicket[] = [];
    // 60 tickets of two other engineers in every status and priority: none may count.
    for (let n = 0; n < 60; n += 1) {
      others.push(
        ticketRow({
          id: id(100 + n),
          title: `Other ${n}`,
          status: (['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const)[n % 4],
          priority: (['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const)[n % 4],
          engineerUserId: n % 2 ? OTHER_ENGINEER_ID : '00000000-0000-4000-8000-0000000000e9',
          createdAt: `2026-04-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00.000Z`,
        }),
      );
    }
    const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    await renderWithSession(<OverviewScreen />, {
      path: engineerPaths.home,
      seed: async (db) => {
        await db.users.put(userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }));
        await db.supportTickets.bulkPut([
          ...others,
          // Mine: 2 open (one urgent), 6 in progress (one high), 1 resolved high.
          ticketRow({
            id: id(200),
            title: 'Mine open newest',
            engineerUserId: engineer.id,
            createdAt: at(28),
            priority: 'URGENT',
          }),
          ticketRow({
            id: id(201),
            title: 'Mine open older',
            engineerUserId: engineer.id,
            createdAt: at(2),
          }),
          ...[0, 1, 2, 3, 4, 5].map((n) =>
            ticketRow({
              id: id(210 + n),
              title: `Mine working ${n}`,
              status: 'IN_PROGRESS',
              priority: n === 0 ? 'HIGH' : 'NORMAL',
              engineerUserId: engineer.id,
              createdAt: at(10 + n),
            }),
          ),
          ticketRow({
            id: id(220),
            title: 'Mine resolved',
            status: 'RESOLVED',
            priority: 'HIGH',
            engineerUserId: engineer.id,
          }),
          // Unassigned: 5 open, the newest between mine; 1 in progress nobody is on, urgent.
          ...[0, 1, 2, 3, 4].map((n) =>
            ticketRow({ id: id(230 + n), title: `Queue ${n}`, createdAt: at(20 + n) }),
          ),
          ticketRow({
            id: id(240),
            title: 'Queue working',
            status: 'IN_PROGRESS',
            priority: 'URGENT',
            createdAt: at(27),
          }),
        ]);
      },
    });
    await screen.findByRole('heading', { name: 'Open Tickets' });
    expect(stat('My Tickets')).toMatch(/^My Tickets9/);
    expect(stat('Open')).toMatch(/^Open7/);
    expect(stat('In Progress')).toMatch(/^In Progress7/);
    // Mine open urgent, mine working high, mine resolved high, queue working urgent.
    expect(stat('High Priority')).toMatch(/^High Priority4/);
    const open = screen.getByRole('list', { name: 'Open Tickets' });
    expect(
      within(open)
        .getAllByRole('link')
        .map((l) => l.textContent?.split('Riverside')[0]),
    ).toEqual([
      expect.stringContaining('Mine open newest'),
      expect.stringContaining('Queue 4'),
      expect.stringContaining('Queue 3'),
      expect.stringContaining('Queue 2'),
      expect.stringContaining('Queue 1'),
    ]);
    const progress = screen.getByRole('list', { name: 'In Progress' });
    const titles = within(progress)
      .getAllByRole('link')
      .map((l) => l.textContent ?? '');
    expect(titles).toHaveLength(5);
    expect(titles[0]).toContain('Queue working');
    expect(titles[1]).toContain('Mine working 5');
    expect(titles.join()).not.toContain('Other');
  });

  it('says so when there is nothing open or in progress', async () => {
    await renderWithSession(<OverviewScreen />, { path: engineerPaths.home, seed: async () => 0 });
    expect(await screen.findByText('No open tickets found')).toBeInTheDocument();
    expect(screen.getByText('No tickets in progress found')).toBeInTheDocument();
  });
});
