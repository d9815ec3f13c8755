import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerPaths } from '../../domain/paths';
import { ticketRow } from '../../testing/rows';
import { OverviewScreen } from './overview-screen';
import { CUSTOMER_ID, myChair, renderCustomer, warrantyWithDaysLeft } from './test-fixtures';

const sheet = {
  partsArrived: true,
  powersOn: true,
  movementOK: true,
  waterAirOK: true,
  submittedAt: '2026-01-01T00:00:00.000Z',
};

function stat(label: string): string {
  const summary = screen.getByRole('region', { name: 'Summary' });
  return within(summary).getByText(label).parentElement?.textContent ?? '';
}

describe('Customer OverviewScreen', { timeout: 30_000 }, () => {
  it('counts chairs, confirmed warranties, test sheets and open tickets, and lists 3 recent tickets', async () => {
    await renderCustomer(<OverviewScreen />, {
      path: customerPaths.home,
      seed: async (db) => {
        await db.chairs.bulkPut([
          myChair({
            serialNumber: 'S30-0001',
            warranty: warrantyWithDaysLeft(400),
            testSheet: sheet,
          }),
          myChair({ serialNumber: 'U500-0002', model: 'U500' }),
        ]);
        await db.supportTickets.bulkPut(
          ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'OPEN'].map((status, i) =>
            ticketRow({
              customerUserId: CUSTOMER_ID,
              title: `Ticket ${i + 1}`,
              status: status as 'OPEN',
              createdAt: `2026-03-0${i + 1}T10:00:00.000Z`,
            }),
          ),
        );
      },
    });
    await screen.findByRole('heading', { name: 'My Equipment' });
    expect(stat('My Chairs')).toContain('2');
    expect(stat('Confirmed Warranties')).toContain('1');
    expect(stat('Test Sheets')).toContain('1');
    expect(stat('Open Tickets')).toContain('3');
    const recent = screen.getByRole('list', { name: 'Recent Tickets' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(3);
    expect(within(recent).getByText('Ticket 4')).toBeInTheDocument();
    expect(within(recent).queryByText('Ticket 1')).toBeNull();
    const equipment = screen.getByRole('list', { name: 'My Equipment' });
    expect(within(equipment).getByText('S30-0001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register New Chair' })).toHaveAttribute(
      'href',
      customerPaths.warranty,
    );
    expect(screen.getByRole('link', { name: 'Order Parts' })).toHaveAttribute(
      'href',
      customerPaths.parts,
    );
    expect(screen.getByRole('link', { name: 'Create Support Ticket' })).toHaveAttribute(
      'href',
      customerPaths.support,
    );
  });

  it('says when there is no equipment', async () => {
    await renderCustomer(<OverviewScreen />, { path: customerPaths.home });
    expect(await screen.findByText('No chairs registered')).toBeInTheDocument();
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
  });
});
