import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { vendorPaths } from '../../domain/paths';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  chairRow,
  serviceRequestRow,
  userRow,
} from '../../testing/rows';
import { ServiceAssignmentScreen } from './service-assignment-screen';
import { outbox, renderVendor } from './test-fixtures';

const PENDING = '30000000-0000-4000-8000-0000000000a1';
const SCHEDULED = '30000000-0000-4000-8000-0000000000a2';
const NO_CUSTOMER = '30000000-0000-4000-8000-0000000000a3';
const HOME_ONLY = '30000000-0000-4000-8000-0000000000a4';
const CHAIR = '20000000-0000-4000-8000-000000000001';
const HOME_CUSTOMER = '00000000-0000-4000-8000-0000000000c2';

const title = (id: string) => `Service Request #${id.slice(-8)}`;

async function renderScreen(withRequests = true) {
  return renderVendor(<ServiceAssignmentScreen />, {
    path: vendorPaths.serviceRequests,
    seed: async (db) => {
      await db.users.bulkPut([
        userRow({
          id: CUSTOMER_ID,
          name: 'Riverside Dental',
          address: '1 Home Lane',
          practice: { name: 'Riverside', address: '12 Harbour Road' },
        }),
        userRow({ id: HOME_CUSTOMER, name: 'Hill Clinic', address: '9 Hill Street' }),
        userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
        userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
      ]);
      await db.chairs.put(chairRow({ id: CHAIR, serialNumber: 'U500-0007', model: 'U500' }));
      if (!withRequests) return;
      await db.serviceRequests.bulkPut([
        serviceRequestRow({
          id: PENDING,
          customerUserId: CUSTOMER_ID,
          chairId: CHAIR,
          notes: 'Squeaky headrest',
          preferredDate: '2026-04-02',
          preferredTime: '10:30',
          createdAt: '2026-03-05T10:00:00.000Z',
        }),
        serviceRequestRow({
          id: SCHEDULED,
          customerUserId: HOME_CUSTOMER,
          status: 'SCHEDULED',
          engineerUserId: ENGINEER_ID,
          scheduledDate: '2026-04-01',
          scheduledTime: '09:00',
          createdAt: '2026-03-04T10:00:00.000Z',
        }),
        serviceRequestRow({ id: NO_CUSTOMER, createdAt: '2026-03-03T10:00:00.000Z' }),
        serviceRequestRow({
          id: HOME_ONLY,
          status: 'COMPLETED',
          engineerUserId: OTHER_ENGINEER_ID,
          createdAt: '2026-03-02T10:00:00.000Z',
        }),
      ]);
    },
  });
}

const card = (id: string) => within(screen.getByRole('article', { name: title(id) }));
const counter = (label: string) => within(screen.getByText(label).closest('dl')!);

describe('ServiceAssignmentScreen', () => {
  it('counts unassigned and pending requests', async () => {
    await renderScreen();
    await screen.findByRole('article', { name: title(PENDING) });
    expect(counter('Unassigned Requests').getByText('2')).toBeInTheDocument();
    expect(counter('Pending Requests').getByText('2')).toBeInTheDocument();
  });

  it("shows the practice address, else the user's address, else 'No address'", async () => {
    await renderScreen();
    await screen.findByRole('article', { name: title(PENDING) });
    expect(card(PENDING).getByText('12 Harbour Road')).toBeInTheDocument();
    expect(card(SCHEDULED).getByText('9 Hill Street')).toBeInTheDocument();
    expect(card(NO_CUSTOMER).getByText('No address')).toBeInTheDocument();
    expect(card(NO_CUSTOMER).getByText('Unknown Customer')).toBeInTheDocument();
    expect(card(NO_CUSTOMER).getByText('Chair: Unknown Chair')).toBeInTheDocument();
    expect(card(PENDING).getByText('Chair: U500-0007 - U500 Ambidextrous')).toBeInTheDocument();
    expect(card(PENDING).getByText('Preferred: Apr 2, 2026 at 10:30 AM')).toBeInTheDocument();
  });

  it("lists each engineer's count of scheduled requests in the dropdown", async () => {
    await renderScreen();
    await screen.findByRole('article', { name: title(PENDING) });
    const select = card(PENDING).getByRole('combobox', {
      name: `Assign engineer to ${title(PENDING)}`,
    });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Unassigned',
      'Alice Engineer (1 scheduled)',
      'Bob Engineer (0 scheduled)',
    ]);
  });

  it('searches customer, chair serial and notes, and filters by status', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await screen.findByRole('article', { name: title(PENDING) });
    const search = screen.getByRole('searchbox', { name: 'Search service requests' });
    const shown = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));
    await user.type(search, 'squeaky');
    expect(shown()).toEqual([title(PENDING)]);
    await user.clear(search);
    await user.type(search, 'u500-0007');
    expect(shown()).toEqual([title(PENDING)]);
    await user.clear(search);
    await user.type(search, 'hill clinic');
    expect(shown()).toEqual([title(SCHEDULED)]);
    await user.clear(search);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by status' }),
      'COMPLETED',
    );
    expect(shown()).toEqual([title(HOME_ONLY)]);
    await user.type(search, 'nothing like this');
    expect(screen.getByText('No service requests found')).toBeInTheDocument();
  });

  it("assigns an engineer: scheduled at the preferred time, queued, 'Service request assigned to {name}'", async () => {
    const user = userEvent.setup();
    const session = await renderScreen();
    await screen.findByRole('article', { name: title(PENDING) });
    await user.selectOptions(
      card(PENDING).getByRole('combobox', { name: `Assign engineer to ${title(PENDING)}` }),
      OTHER_ENGINEER_ID,
    );
    expect(await screen.findByText('Service request assigned to Bob Engineer')).toBeInTheDocument();
    expect(await session.db.serviceRequests.get(PENDING)).toMatchObject({
      engineerUserId: OTHER_ENGINEER_ID,
      status: 'SCHEDULED',
      scheduledDate: '2026-04-02',
      scheduledTime: '10:30',
    });
    expect(await outbox(session)).toEqual([
      {
        name: 'serviceRequest.assign',
        args: { serviceRequestId: PENDING, engineerUserId: OTHER_ENGINEER_ID },
      },
    ]);
  });

  it("shows 'No service requests found' when there are none", async () => {
    await renderScreen(false);
    expect(await screen.findByText('No service requests found')).toBeInTheDocument();
  });
});
