import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../../domain/paths';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  chairRow,
  partRequestRow,
  partRow,
  serviceRequestRow,
  ticketRow,
  userRow,
} from '../../../testing/rows';
import { renderAdmin } from '../test-fixtures';
import { PartRequestsScreen } from './part-requests-screen';
import { ServiceRequestsScreen } from './service-requests-screen';
import { TicketsScreen } from './tickets-screen';

const PART = '40000000-0000-4000-8000-000000000001';
const REQUEST = '50000000-0000-4000-8000-0000000000aa';
const CHAIR = '20000000-0000-4000-8000-000000000001';
const RESOLVED = '30000000-0000-4000-8000-0000000000b1';

const seed = async (db: Parameters<NonNullable<Parameters<typeof renderAdmin>[1]['seed']>>[0]) => {
  await db.users.bulkPut([
    userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }),
    userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
  ]);
  await db.chairs.put(chairRow({ id: CHAIR, serialNumber: 'S30-0042' }));
  await db.parts.put(partRow({ id: PART, name: 'Hydraulic pump', price: 10 }));
  await db.partRequests.bulkPut([
    partRequestRow({ id: REQUEST, userId: CUSTOMER_ID, items: [{ partId: PART, qty: 3 }] }),
    partRequestRow({ status: 'FULFILLED' }),
  ]);
  await db.supportTickets.bulkPut([
    ticketRow({
      title: 'Chair will not rise',
      customerUserId: CUSTOMER_ID,
      engineerUserId: ENGINEER_ID,
      chairId: CHAIR,
    }),
    ticketRow({ title: 'Light flickers' }),
    ticketRow({ id: RESOLVED, title: 'Pump replaced', status: 'RESOLVED', resolution: 'New pump' }),
  ]);
  await db.serviceRequests.bulkPut([
    serviceRequestRow({ customerUserId: CUSTOMER_ID, chairId: CHAIR, notes: 'Annual check' }),
    serviceRequestRow({ engineerUserId: ENGINEER_ID }),
  ]);
};

describe('Admin read-only lists', () => {
  it("part requests: a one-part request reads '1 item', not '1 items'", async () => {
    const ONE = '50000000-0000-4000-8000-0000000000a1';
    await renderAdmin(<PartRequestsScreen />, {
      path: adminPaths.partRequests,
      seed: async (db) => {
        await db.parts.put(partRow({ id: PART, name: 'Hydraulic pump', price: 10 }));
        await db.partRequests.put(partRequestRow({ id: ONE, items: [{ partId: PART, qty: 1 }] }));
      },
    });
    const card = within(await screen.findByRole('article', { name: 'Request #000000a1' }));
    expect(card.getByText('1 item')).toBeInTheDocument();
    expect(card.queryByText('1 items')).toBeNull();
  });

  it('part requests: id, customer, items, value; searchable by part and status', async () => {
    const user = userEvent.setup();
    await renderAdmin(<PartRequestsScreen />, { path: adminPaths.partRequests, seed });
    const card = within(await screen.findByRole('article', { name: 'Request #000000aa' }));
    expect(card.getByText('Customer: Riverside Dental')).toBeInTheDocument();
    expect(card.getByText('3 items')).toBeInTheDocument();
    expect(card.getByText('£30.00')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search part requests' }), 'fulfilled');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'Request #000000aa' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search part requests' }), 'zzz');
    expect(screen.getByText('No part requests found')).toBeInTheDocument();
    expect(screen.getByText('No request matches your search.')).toBeInTheDocument();
  });

  it('support tickets: customer, engineer or Unassigned; searchable by engineer', async () => {
    const user = userEvent.setup();
    await renderAdmin(<TicketsScreen />, { path: adminPaths.tickets, seed });
    const card = within(await screen.findByRole('article', { name: 'Chair will not rise' }));
    expect(card.getByText('Engineer: Alice Engineer')).toBeInTheDocument();
    expect(card.getByText('Chair: S30-0042 - S30 Sigma')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Light flickers' })).getByText(
        'Engineer: Unassigned',
      ),
    ).toBeInTheDocument();
    // A resolved ticket offers its service report; an open one has none yet (issue 20).
    expect(
      within(screen.getByRole('article', { name: 'Pump replaced' })).getByRole('button', {
        name: 'Service Report #000000b1',
      }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('article', { name: 'Light flickers' })).queryByRole('button'),
    ).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'alice');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await user.type(screen.getByRole('searchbox', { name: 'Search tickets' }), 'zzz');
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
  });

  it('service requests: customer, chair, engineer; searchable by notes', async () => {
    const user = userEvent.setup();
    await renderAdmin(<ServiceRequestsScreen />, { path: adminPaths.serviceRequests, seed });
    await screen.findAllByRole('article');
    expect(screen.getByText('Customer: Unknown Customer')).toBeInTheDocument();
    expect(screen.getByText('Chair: Unknown Chair')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search service requests' }), 'annual');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Engineer: Unassigned')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search service requests' }), 'zzz');
    expect(screen.getByText('No service requests found')).toBeInTheDocument();
  });
});
