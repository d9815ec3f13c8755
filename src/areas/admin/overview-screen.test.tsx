import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SYNC_KEY, HOME_FIGURES_KEY } from '../../data/mirror-state';
import { adminPaths } from '../../domain/paths';
import {
  ENGINEER_ID,
  chairRow,
  homeFigures,
  partRequestRow,
  ticketRow,
  userRow,
} from '../../testing/rows';
import { OverviewScreen } from './overview-screen';
import { renderAdmin } from './test-fixtures';

const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T10:00:00.000Z`;
const PART_A = '40000000-0000-4000-8000-000000000001';
const PART_B = '40000000-0000-4000-8000-000000000002';

async function renderOverview() {
  return renderAdmin(<OverviewScreen />, {
    path: adminPaths.home,
    seed: async (db) => {
      await db.users.bulkPut([userRow(), userRow({ deletedAt: day(1) })]);
      await db.chairs.bulkPut([
        chairRow({ warranty: { activatedAt: day(1), confirmed: true, warrantyYears: 5 } }),
        chairRow({ warranty: { activatedAt: day(1), confirmed: false, warrantyYears: 5 } }),
        chairRow(),
      ]);
      await db.supportTickets.bulkPut([
        ticketRow({ title: 'T1', createdAt: day(1) }),
        ticketRow({ title: 'T2', status: 'IN_PROGRESS', createdAt: day(2) }),
        ticketRow({ title: 'T3', status: 'RESOLVED', createdAt: day(3) }),
        ticketRow({ title: 'T4', status: 'CLOSED', createdAt: day(4) }),
      ]);
      await db.partRequests.bulkPut([
        ...[1, 2, 3, 4].map((d) =>
          partRequestRow({
            id: `50000000-0000-4000-8000-00000000000${d}`,
            createdAt: day(d),
            items: [
              { partId: PART_A, qty: d },
              { partId: PART_B, qty: 1 },
            ],
          }),
        ),
        partRequestRow({ status: 'QUOTED', createdAt: day(9) }),
      ]);
    },
  });
}

const stat = (label: string) => within(screen.getByText(label).closest('dl')!);

describe('Admin OverviewScreen', () => {
  it('shows Total Users, Total Chairs, Confirmed Warranties and Open Tickets', async () => {
    await renderOverview();
    await screen.findByText('Total Users');
    expect(stat('Total Users').getByText('2')).toBeInTheDocument();
    expect(stat('Total Chairs').getByText('3')).toBeInTheDocument();
    expect(stat('Confirmed Warranties').getByText('1')).toBeInTheDocument();
    expect(stat('Open Tickets').getByText('2')).toBeInTheDocument();
  });

  it("shows the server's counts and the newest tickets on a new device, before the rest arrives", async () => {
    // After the first stage of a first sync: the newest tickets, the counts of everything.
    await renderAdmin(<OverviewScreen />, {
      path: adminPaths.home,
      seed: async (db) => {
        await db.supportTickets.bulkPut([
          ticketRow({ title: 'Newest', createdAt: day(9) }),
          ticketRow({ title: 'Before it', status: 'RESOLVED', createdAt: day(8) }),
        ]);
        await db.meta.put({
          key: HOME_FIGURES_KEY,
          value: homeFigures({
            role: 'ADMIN',
            users: 2051,
            chairs: 10000,
            confirmedWarranties: 6012,
            tickets: [
              [null, 'OPEN', 'HIGH', 7016],
              [ENGINEER_ID, 'IN_PROGRESS', 'LOW', 9987],
              [ENGINEER_ID, 'RESOLVED', 'LOW', 20011],
            ],
          }),
        });
      },
    });
    await screen.findByText('Total Users');
    expect(stat('Total Users').getByText('2051')).toBeInTheDocument();
    expect(stat('Total Chairs').getByText('10000')).toBeInTheDocument();
    expect(stat('Confirmed Warranties').getByText('6012')).toBeInTheDocument();
    expect(stat('Open Tickets').getByText('17003')).toBeInTheDocument();
    const tickets = within(screen.getByRole('region', { name: 'Recent tickets' }));
    expect(
      tickets.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Newest', 'Before it']);
  });

  it('counts its own rows again once the first sync is complete', async () => {
    await renderAdmin(<OverviewScreen />, {
      path: adminPaths.home,
      seed: async (db) => {
        await db.chairs.bulkPut([chairRow(), chairRow()]);
        await db.meta.bulkPut([
          { key: HOME_FIGURES_KEY, value: homeFigures({ users: 2051, chairs: 10000 }) },
          { key: FIRST_SYNC_KEY, value: true },
        ]);
      },
    });
    await screen.findByText('Total Users');
    expect(stat('Total Users').getByText('1')).toBeInTheDocument();
    expect(stat('Total Chairs').getByText('2')).toBeInTheDocument();
  });

  it('offers the three quick actions', async () => {
    await renderOverview();
    expect(await screen.findByRole('link', { name: 'Add New User' })).toHaveAttribute(
      'href',
      adminPaths.users,
    );
    expect(screen.getByRole('link', { name: 'Add Chair to Inventory' })).toHaveAttribute(
      'href',
      adminPaths.chairs,
    );
    expect(screen.getByRole('link', { name: 'Manage Parts Catalog' })).toHaveAttribute(
      'href',
      adminPaths.parts,
    );
  });

  it('lists the 3 most recent tickets and 3 pending part requests by id with item counts', async () => {
    await renderOverview();
    const tickets = within(await screen.findByRole('region', { name: 'Recent tickets' }));
    expect(
      tickets.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['T4', 'T3', 'T2']);
    const pending = within(screen.getByRole('region', { name: 'Pending part requests' }));
    expect(pending.getAllByRole('listitem')).toHaveLength(3);
    expect(pending.getByText('Request #00000004')).toBeInTheDocument();
    expect(pending.getByText(/^5 items/)).toBeInTheDocument();
    expect(pending.queryByText('Request #00000001')).toBeNull();
  });
});
