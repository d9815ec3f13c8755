import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engineerPaths } from '../../domain/paths';
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

describe('OverviewScreen', { timeout: 30_000 }, () => {
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

  it('says so when there is nothing open or in progress', async () => {
    await renderWithSession(<OverviewScreen />, { path: engineerPaths.home, seed: async () => 0 });
    expect(await screen.findByText('No open tickets found')).toBeInTheDocument();
    expect(screen.getByText('No tickets in progress found')).toBeInTheDocument();
  });
});
