import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '../../domain/entities';
import { engineerPaths } from '../../domain/paths';
import {
  chairRow,
  CUSTOMER_ID,
  engineerUser,
  OTHER_ENGINEER_ID,
  serviceRequestRow,
  stamped,
  userRow,
} from '../../testing/rows';
import { renderSignedIn } from '../../testing/session';
import { ServiceRequestsScreen } from './service-requests-screen';

const stamp = '2026-03-01T09:00:00.000Z';
const me = engineerUser;
const otherEngineer = OTHER_ENGINEER_ID;

const customer = userRow({
  id: CUSTOMER_ID,
  email: 'riverside@example.com',
  name: 'Riverside Dental',
  ...stamped(stamp),
});
const chair = chairRow({
  id: '00000000-0000-4000-8000-00000000c4a1',
  serialNumber: 'S30-2024-0042',
  ownerUserId: customer.id,
  status: 'REGISTERED',
  ...stamped(stamp),
});

const request = (id: string, over: Partial<ServiceRequest>): ServiceRequest =>
  serviceRequestRow({
    id,
    customerUserId: customer.id,
    chairId: chair.id,
    preferredDate: '2026-03-12',
    preferredTime: '14:30',
    ...stamped(stamp),
    ...over,
  });

const openId = '00000000-0000-4000-8000-0000aaaa0001';
const mineId = '00000000-0000-4000-8000-0000aaaa0002';
const theirsId = '00000000-0000-4000-8000-0000aaaa0003';
const orphanId = '00000000-0000-4000-8000-0000aaaa0004';

function renderScreen(rows: ServiceRequest[]) {
  return renderSignedIn(me, <ServiceRequestsScreen />, {
    path: engineerPaths.serviceRequests,
    seed: async (db) => {
      await db.users.put(customer);
      await db.chairs.put(chair);
      await db.serviceRequests.bulkPut(rows);
    },
  });
}

const seeded = [
  request(openId, { notes: 'Pivot bearing squeaks', createdAt: '2026-03-03T09:00:00.000Z' }),
  request(mineId, {
    status: 'SCHEDULED',
    engineerUserId: me.id,
    scheduledDate: '2026-03-12',
    scheduledTime: '14:30',
    createdAt: '2026-03-02T09:00:00.000Z',
  }),
  request(theirsId, { status: 'SCHEDULED', engineerUserId: otherEngineer }),
  request(orphanId, { customerUserId: null, chairId: null, preferredDate: null }),
];

describe('ServiceRequestsScreen', () => {
  it('lists requests assigned to me or unassigned, with the SPEC texts on each card', async () => {
    await renderScreen(seeded);
    expect(screen.getByRole('heading', { name: 'Service Requests', level: 1 })).toBeVisible();
    expect(
      screen.getByText('Manage your assigned service appointments and pick up new requests.'),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Service Requests (3)' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Service Request #aaaa0003' })).toBeNull();

    const open = screen.getByRole('article', { name: 'Service Request #aaaa0001' });
    expect(within(open).getByText('Pending')).toBeVisible();
    expect(within(open).getByText('Riverside Dental')).toBeVisible();
    expect(within(open).getByText('S30-2024-0042 - S30 Sigma')).toBeVisible();
    expect(within(open).getByText('Preferred: Mar 12, 2026 at 2:30 PM')).toBeVisible();
    expect(within(open).getByText('Requested Mar 3, 2026')).toBeVisible();
    expect(within(open).getByText('Pivot bearing squeaks')).toBeVisible();
    expect(within(open).getByRole('button', { name: 'Take Request' })).toBeVisible();

    const mine = screen.getByRole('article', { name: 'Service Request #aaaa0002' });
    expect(within(mine).getByText('Scheduled')).toBeVisible();
    expect(within(mine).queryByRole('button', { name: 'Take Request' })).toBeNull();

    const orphan = screen.getByRole('article', { name: 'Service Request #aaaa0004' });
    expect(within(orphan).getByText('Unknown Customer')).toBeVisible();
    expect(within(orphan).getByText('Unknown Chair')).toBeVisible();
  });

  it('filters by customer name, chair serial or notes, case-insensitively', async () => {
    const user = userEvent.setup();
    await renderScreen(seeded);
    const search = await screen.findByPlaceholderText('Search by customer, chair, or notes...');

    await user.type(search, 'BEARING');
    expect(await screen.findByRole('heading', { name: 'Service Requests (1)' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Service Request #aaaa0001' })).toBeVisible();

    await user.clear(search);
    await user.type(search, 's30-2024');
    expect(await screen.findByRole('heading', { name: 'Service Requests (2)' })).toBeVisible();

    await user.clear(search);
    await user.type(search, 'riverside');
    expect(await screen.findByRole('heading', { name: 'Service Requests (2)' })).toBeVisible();

    await user.clear(search);
    await user.type(search, 'no such thing');
    expect(await screen.findByText('No service requests found')).toBeVisible();
    expect(screen.getByText('No service requests match your search criteria.')).toBeVisible();
  });

  it('takes an unassigned request: mirror shows it SCHEDULED for me and the outbox has it', async () => {
    const user = userEvent.setup();
    const session = await renderScreen(seeded);
    const open = await screen.findByRole('article', { name: 'Service Request #aaaa0001' });
    await user.click(within(open).getByRole('button', { name: 'Take Request' }));

    expect(
      await screen.findByText('Service request assigned to you and marked as scheduled'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(open).getByText('Scheduled')).toBeVisible());
    expect(within(open).queryByRole('button', { name: 'Take Request' })).toBeNull();

    const row = await session.db.serviceRequests.get(openId);
    expect(row).toMatchObject({ status: 'SCHEDULED', engineerUserId: me.id });
    const outbox = await session.db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      name: 'serviceRequest.take',
      args: { serviceRequestId: openId },
    });
  });

  it('shows the empty state when there is nothing to do', async () => {
    await renderScreen([]);
    expect(await screen.findByText('No service requests found')).toBeVisible();
  });
});
