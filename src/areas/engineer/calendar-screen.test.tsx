import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { engineerPaths } from '../../domain/paths';
import type { ServiceRequest, User } from '../../domain/entities';
import {
  chairRow,
  CUSTOMER_ID,
  engineerUser,
  serviceRequestRow,
  stamped,
  userRow,
} from '../../testing/rows';
import { renderSignedIn } from '../../testing/session';
import { CalendarScreen } from './calendar-screen';

const stamp = '2026-03-01T09:00:00.000Z';
const me = engineerUser;

const practiceCustomer = userRow({
  id: CUSTOMER_ID,
  email: 'riverside@example.com',
  name: 'Riverside Dental',
  address: '1 Home Street',
  practice: { name: 'Riverside Dental', address: '12 River Road, Reading' },
  ...stamped(stamp),
});
const homeCustomer: User = {
  ...practiceCustomer,
  id: '00000000-0000-4000-8000-0000000000c2',
  name: 'Dr Ada Home',
  practice: null,
};
const noAddressCustomer: User = {
  ...homeCustomer,
  id: '00000000-0000-4000-8000-0000000000c3',
  name: 'Roaming Clinic',
  address: null,
};
const chair = chairRow({
  id: '00000000-0000-4000-8000-00000000c4a1',
  serialNumber: 'U500-2023-0007',
  model: 'U500',
  ownerUserId: practiceCustomer.id,
  status: 'REGISTERED',
  ...stamped(stamp),
});

const request = (id: string, over: Partial<ServiceRequest>): ServiceRequest =>
  serviceRequestRow({
    id,
    customerUserId: practiceCustomer.id,
    chairId: chair.id,
    preferredDate: null,
    preferredTime: null,
    status: 'SCHEDULED',
    engineerUserId: me.id,
    ...stamped(stamp),
    ...over,
  });

const todayId = '00000000-0000-4000-8000-0000bbbb0001';
const rows = [
  request(todayId, {
    scheduledDate: '2026-03-10',
    scheduledTime: '14:30',
    notes: 'Annual service and pivot bearing replacement.',
  }),
  request('00000000-0000-4000-8000-0000bbbb0002', {
    customerUserId: homeCustomer.id,
    scheduledDate: '2026-03-12',
    scheduledTime: '09:00',
  }),
  request('00000000-0000-4000-8000-0000bbbb0003', {
    customerUserId: noAddressCustomer.id,
    chairId: null,
    scheduledDate: '2026-03-30',
    scheduledTime: '00:15',
  }),
  request('00000000-0000-4000-8000-0000bbbb0004', {
    status: 'COMPLETED',
    scheduledDate: '2026-03-02',
  }),
  request('00000000-0000-4000-8000-0000bbbb0005', {
    engineerUserId: '00000000-0000-4000-8000-0000000000e2',
    scheduledDate: '2026-03-10',
  }),
  request('00000000-0000-4000-8000-0000bbbb0006', { status: 'PENDING', engineerUserId: null }),
];

function renderScreen(seedRows: ServiceRequest[]) {
  return renderSignedIn(me, <CalendarScreen />, {
    path: engineerPaths.calendar,
    seed: async (db) => {
      await db.users.bulkPut([practiceCustomer, homeCustomer, noAddressCustomer]);
      await db.chairs.put(chair);
      await db.serviceRequests.bulkPut(seedRows);
    },
  });
}

describe('CalendarScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 12, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts my requests in the four summary cards', async () => {
    await renderScreen(rows);
    const card = (label: string) => screen.getByText(label).closest('dl') ?? document.body;
    expect(await screen.findByText('Today')).toBeVisible();
    await waitFor(() => expect(within(card('Scheduled')).getByText('3')).toBeVisible());
    expect(within(card('Today')).getByText('1')).toBeVisible();
    expect(within(card('This Week')).getByText('2')).toBeVisible();
    expect(within(card('Completed')).getByText('1')).toBeVisible();
  });

  it('lists my scheduled visits by day with address, chair, 12-hour time and notes', async () => {
    await renderScreen(rows);
    const today = await screen.findByRole('region', { name: 'Today · Tuesday, Mar 10, 2026' });
    const visit = within(today).getByRole('article', { name: 'Riverside Dental appointment' });
    expect(within(visit).getByText('2:30 PM')).toBeVisible();
    expect(within(visit).getByText('12 River Road, Reading')).toBeVisible();
    expect(within(visit).getByText('U500-2023-0007 - U500 Ambidextrous')).toBeVisible();
    expect(within(visit).getByText('Annual service and pivot bearing replacement.')).toBeVisible();

    const thursday = screen.getByRole('region', { name: 'Thursday, Mar 12, 2026' });
    const home = within(thursday).getByRole('article', { name: 'Dr Ada Home appointment' });
    expect(within(home).getByText('1 Home Street')).toBeVisible();
    expect(within(home).getByText('9:00 AM')).toBeVisible();
    expect(within(home).queryByRole('button', { name: 'Mark Completed' })).toBeNull();

    const later = screen.getByRole('article', { name: 'Roaming Clinic appointment' });
    expect(within(later).getByText('No address')).toBeVisible();
    expect(within(later).getByText('Unknown Chair')).toBeVisible();
    expect(within(later).getByText('12:15 AM')).toBeVisible();

    // Another engineer's visit and pending requests are not mine to attend.
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('marks today’s visit completed through the outbox', async () => {
    const user = userEvent.setup();
    const session = await renderScreen(rows);
    const visit = await screen.findByRole('article', { name: 'Riverside Dental appointment' });
    await user.click(within(visit).getByRole('button', { name: 'Mark Completed' }));

    expect(await screen.findByText('Service request marked as completed')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Riverside Dental appointment' })).toBeNull(),
    );
    expect(await session.db.serviceRequests.get(todayId)).toMatchObject({ status: 'COMPLETED' });
    const outbox = await session.db.outbox.toArray();
    expect(outbox.map((e) => [e.name, e.args])).toEqual([
      ['serviceRequest.complete', { serviceRequestId: todayId }],
    ]);
  });

  it('shows an empty state without appointments', async () => {
    await renderScreen([]);
    expect(await screen.findByText('No appointments scheduled')).toBeVisible();
  });
});
