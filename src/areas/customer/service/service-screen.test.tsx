import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../data/session-context';
import { createTestSession } from '../../../testing/session';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDateKey } from '../../../domain/appointments';
import { customerPaths } from '../../../domain/paths';
import { serviceRequestRow } from '../../../testing/rows';
import {
  CUSTOMER_ID,
  customer,
  failNextWrite,
  myChair,
  outbox,
  renderCustomer,
} from '../test-fixtures';
import { ServiceScreen } from './service-screen';

const CHAIR_ID = '20000000-0000-4000-8000-0000000000c4';
const REQUEST_ID = '30000000-0000-4000-8000-0000000000c4';
const dayKey = (days: number) => localDateKey(new Date(Date.now() + days * 86_400_000));

async function renderService() {
  return renderCustomer(<ServiceScreen />, {
    path: customerPaths.service,
    seed: async (db) => {
      await db.chairs.put(myChair({ id: CHAIR_ID, serialNumber: 'S30-0200' }));
      await db.serviceRequests.bulkPut([
        serviceRequestRow({
          id: REQUEST_ID,
          customerUserId: CUSTOMER_ID,
          chairId: CHAIR_ID,
          status: 'SCHEDULED',
          scheduledDate: '2026-04-02',
          scheduledTime: '13:30',
        }),
        serviceRequestRow({
          customerUserId: CUSTOMER_ID,
          chairId: CHAIR_ID,
          preferredDate: '2026-05-01',
          preferredTime: '09:00',
        }),
      ]);
    },
  });
}

describe('ServiceScreen', () => {
  it('shows a confirmed appointment once scheduled, else the preferred date and time', async () => {
    await renderService();
    const scheduled = await screen.findByRole('article', { name: 'Service Request #000000c4' });
    expect(within(scheduled).getByText('Confirmed appointment')).toBeInTheDocument();
    expect(within(scheduled).getByText(/Apr 2, 2026 at 13:30/)).toBeInTheDocument();
    expect(screen.getByText('Preferred: May 1, 2026 at 09:00')).toBeInTheDocument();
  });

  it('opens Book a Service with Chair focused, not the date (whose picker pops up on a phone)', async () => {
    const user = userEvent.setup();
    await renderService();
    await user.click(await screen.findByRole('button', { name: 'Book Service' }));
    const dialog = await screen.findByRole('dialog');
    const chair = await within(dialog).findByRole('combobox', { name: /Chair/ });
    await waitFor(() => expect(chair).toHaveFocus());
    expect(within(dialog).getByLabelText(/Preferred Date/)).not.toHaveFocus();
  });

  it('offers the 18 slots and validates with SPEC’s messages', async () => {
    const user = userEvent.setup();
    await renderService();
    await user.click(await screen.findByRole('button', { name: 'Book Service' }));
    const dialog = await screen.findByRole('dialog');
    const slots = within(within(dialog).getByLabelText(/Preferred Time/)).getAllByRole('option');
    expect(slots.slice(1).map((o) => o.textContent)).toHaveLength(18);
    expect(slots[1]).toHaveTextContent('08:00');
    expect(slots.at(-1)).toHaveTextContent('16:30');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByText('Please select a chair')).toBeInTheDocument();
    expect(within(dialog).getByText('Preferred date is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Preferred time is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Preferred Date/), dayKey(-1));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(
      await within(dialog).findByText('Preferred date cannot be in the past'),
    ).toBeInTheDocument();
  });

  it('books a visit with SPEC’s message', async () => {
    const user = userEvent.setup();
    const session = await renderService();
    await user.click(await screen.findByRole('button', { name: 'Book Service' }));
    const dialog = await screen.findByRole('dialog');
    // The chair select mounts once the customer's chairs are read.
    await user.selectOptions(await within(dialog).findByLabelText(/Chair/), CHAIR_ID);
    await user.type(within(dialog).getByLabelText(/Preferred Date/), dayKey(0));
    await user.selectOptions(within(dialog).getByLabelText(/Preferred Time/), '14:30');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Service request submitted')).toBeInTheDocument();
    expect(
      screen.getByText('We will contact you within 24 hours to confirm your appointment.'),
    ).toBeInTheDocument();
    expect((await outbox(session))[0]).toMatchObject({
      name: 'serviceRequest.create',
      args: { chairId: CHAIR_ID, preferredDate: dayKey(0), preferredTime: '14:30' },
    });
  });

  it('says Failed to submit service request when the device cannot store it, and keeps the input', async () => {
    const user = userEvent.setup();
    const session = await renderService();
    await user.click(await screen.findByRole('button', { name: 'Book Service' }));
    const dialog = await screen.findByRole('dialog');
    // The chair select mounts once the customer's chairs are read.
    await user.selectOptions(await within(dialog).findByLabelText(/Chair/), CHAIR_ID);
    await user.type(within(dialog).getByLabelText(/Preferred Date/), dayKey(3));
    await user.selectOptions(within(dialog).getByLabelText(/Preferred Time/), '09:30');
    failNextWrite(session);
    await user.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Failed to submit service request')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Preferred Time/)).toHaveValue('09:30');
    expect(await outbox(session)).toEqual([]);
  });

  it('says No service requests found when there are none', async () => {
    await renderCustomer(<ServiceScreen />, { path: customerPaths.service });
    expect(await screen.findByText('No service requests found')).toBeInTheDocument();
  });

  it('cancels a request with a reason', async () => {
    const user = userEvent.setup();
    const session = await renderService();
    const scheduled = await screen.findByRole('article', { name: 'Service Request #000000c4' });
    await user.click(within(scheduled).getByRole('button', { name: 'Cancel Request' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Practice closed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    await screen.findByText('Cancellation reason: Practice closed');
    expect((await outbox(session))[0]).toEqual({
      name: 'serviceRequest.cancel',
      args: { serviceRequestId: REQUEST_ID, reason: 'Practice closed' },
    });
  });
});

describe('Schedule Service from My Chairs', () => {
  it('opens the booking dialog with the chair chosen', async () => {
    const session = await createTestSession(customer, async (db) => {
      await db.chairs.bulkPut([
        myChair({ serialNumber: 'S30-0001' }),
        myChair({ id: CHAIR_ID, serialNumber: 'S30-0200' }),
      ]);
    });
    render(
      <ChakraProvider value={defaultSystem}>
        <SessionProvider store={session.store}>
          <MemoryRouter
            initialEntries={[{ pathname: customerPaths.service, state: { chairId: CHAIR_ID } }]}
          >
            <ServiceScreen />
          </MemoryRouter>
        </SessionProvider>
      </ChakraProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book a Service' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Chair/)).toHaveValue(CHAIR_ID));
  });
});
