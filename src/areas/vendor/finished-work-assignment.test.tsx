// Issue 29 points 3 and 4: the vendor's engineer dropdown is offered only where an assignment
// can change something. A cancelled or completed service request, and a resolved or closed
// ticket, keep their engineer: the dropdown is disabled and says why, before anything is chosen.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vendorPaths } from '../../domain/paths';
import {
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  serviceRequestRow,
  ticketRow,
  userRow,
} from '../../testing/rows';
import { ServiceAssignmentScreen } from './service-assignment-screen';
import { outbox, renderVendor } from './test-fixtures';
import { TicketAssignmentScreen } from './ticket-assignment-screen';

const engineers = [
  userRow({ id: ENGINEER_ID, name: 'Alice Engineer', role: 'ENGINEER' }),
  userRow({ id: OTHER_ENGINEER_ID, name: 'Bob Engineer', role: 'ENGINEER' }),
];

const requestTitle = (id: string) => `Service Request #${id.slice(-8)}`;

describe('Assigning finished work', () => {
  it('disables the engineer dropdown of cancelled and completed service requests, and says why', async () => {
    const ids = {
      PENDING: '30000000-0000-4000-8000-0000000000b1',
      SCHEDULED: '30000000-0000-4000-8000-0000000000b2',
      CANCELLED: '30000000-0000-4000-8000-0000000000b3',
      COMPLETED: '30000000-0000-4000-8000-0000000000b4',
    } as const;
    const session = await renderVendor(<ServiceAssignmentScreen />, {
      path: vendorPaths.serviceRequests,
      seed: async (db) => {
        await db.users.bulkPut(engineers);
        await db.serviceRequests.bulkPut(
          Object.entries(ids).map(([status, id]) =>
            serviceRequestRow({
              id,
              status: status as keyof typeof ids,
              engineerUserId: status === 'PENDING' ? null : ENGINEER_ID,
            }),
          ),
        );
      },
    });
    const dropdown = async (id: string) =>
      within(await screen.findByRole('article', { name: requestTitle(id) })).getByRole('combobox');
    expect(await dropdown(ids.PENDING)).toBeEnabled();
    expect(await dropdown(ids.SCHEDULED)).toBeEnabled();
    expect(await dropdown(ids.CANCELLED)).toBeDisabled();
    expect(await dropdown(ids.COMPLETED)).toBeDisabled();
    const cancelled = screen.getByRole('article', { name: requestTitle(ids.CANCELLED) });
    expect(within(cancelled).getByText('This service request is already cancelled')).toBeVisible();
    const completed = screen.getByRole('article', { name: requestTitle(ids.COMPLETED) });
    expect(within(completed).getByText('This service request is already completed')).toBeVisible();
    expect(await outbox(session)).toEqual([]);
  });

  it('disables the engineer dropdown of resolved and closed tickets, and says why', async () => {
    await renderVendor(<TicketAssignmentScreen />, {
      path: vendorPaths.tickets,
      seed: async (db) => {
        await db.users.bulkPut(engineers);
        await db.supportTickets.bulkPut([
          ticketRow({ title: 'Open one', status: 'OPEN' }),
          ticketRow({ title: 'Working one', status: 'IN_PROGRESS', engineerUserId: ENGINEER_ID }),
          ticketRow({ title: 'Resolved one', status: 'RESOLVED', engineerUserId: ENGINEER_ID }),
          ticketRow({ title: 'Closed one', status: 'CLOSED', engineerUserId: ENGINEER_ID }),
        ]);
      },
    });
    const dropdown = async (title: string) =>
      screen.findByRole('combobox', { name: `Assign engineer to ${title}` });
    expect(await dropdown('Open one')).toBeEnabled();
    expect(await dropdown('Working one')).toBeEnabled();
    expect(await dropdown('Resolved one')).toBeDisabled();
    expect(await dropdown('Closed one')).toBeDisabled();
    const closed = screen.getByRole('article', { name: 'Closed one' });
    expect(within(closed).getByText('This ticket is already closed')).toBeVisible();
    expect(within(closed).getByRole('combobox')).toHaveValue(ENGINEER_ID);
  });
});
