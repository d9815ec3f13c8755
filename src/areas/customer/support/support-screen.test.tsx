import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SessionProvider } from '../../../data/session-context';
import { createTestSession } from '../../../testing/session';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { customerPaths } from '../../../domain/paths';
import { ticketRow, userRow } from '../../../testing/rows';
import { provisionalChairId } from '../../../domain/chairs';
import {
  CUSTOMER_ID,
  customer,
  failNextWrite,
  myChair,
  outbox,
  renderCustomer,
} from '../test-fixtures';
import { SupportScreen } from './support-screen';

const CHAIR_ID = '20000000-0000-4000-8000-0000000000c3';
const ENGINEER_ID = '00000000-0000-4000-8000-0000000000e1';

async function renderSupport() {
  return renderCustomer(<SupportScreen />, {
    path: customerPaths.support,
    seed: async (db) => {
      await db.chairs.put(myChair({ id: CHAIR_ID, serialNumber: 'S30-0100' }));
      await db.users.put(
        userRow({ id: ENGINEER_ID, name: 'James Carter', role: 'ENGINEER', phone: '07700 900123' }),
      );
      await db.supportTickets.put(
        ticketRow({
          customerUserId: CUSTOMER_ID,
          engineerUserId: ENGINEER_ID,
          title: 'Pump noise',
          status: 'RESOLVED',
          priority: 'HIGH',
          chairId: CHAIR_ID,
          resolution: 'Replaced the pump',
        }),
      );
    },
  });
}

/** Opens Create Ticket and fills the title, description and priority; returns the dialog. */
async function openFilledTicket(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create Ticket' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText(/Title/), 'Light flickers');
  await user.type(within(dialog).getByLabelText(/Description/), 'The operating light flickers.');
  await user.selectOptions(within(dialog).getByLabelText(/Priority/), 'URGENT');
  return dialog;
}

describe('SupportScreen', () => {
  it('shows the contact cards with SPEC’s hours and my tickets', async () => {
    await renderSupport();
    const ticket = await screen.findByRole('article', { name: 'Pump noise' });
    expect(within(ticket).getByText('Resolved')).toBeInTheDocument();
    expect(within(ticket).getByText('High priority')).toBeInTheDocument();
    expect(within(ticket).getByText('James Carter')).toBeInTheDocument();
    // The phone number on its own line that never breaks (a phone's narrow card broke it), to call.
    const phone = within(ticket).getByRole('link', { name: '07700 900123' });
    expect(phone).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(phone).toHaveAttribute('href', 'tel:07700900123');
    expect(within(ticket).getByText('Replaced the pump')).toBeInTheDocument();
    expect(within(ticket).getByText('S30-0100 - S30 Sigma')).toBeInTheDocument();
    const support = screen.getByRole('region', { name: 'Customer Support' });
    expect(within(support).getByText('Mon-Fri 8AM-6PM EST')).toBeInTheDocument();
    expect(within(support).getByRole('link', { name: '+44 20 7946 0000' })).toHaveAttribute(
      'href',
      'tel:+442079460000',
    );
    const tech = screen.getByRole('region', { name: 'Technical Support' });
    expect(within(tech).getByText('24/7 emergency technical support')).toBeInTheDocument();
  });

  it('shows Unassigned, Unknown Engineer, Unknown Chair and the created and updated dates', async () => {
    await renderCustomer(<SupportScreen />, {
      path: customerPaths.support,
      seed: (db) =>
        db.supportTickets.bulkPut([
          ticketRow({
            customerUserId: CUSTOMER_ID,
            title: 'Waiting',
            createdAt: '2026-03-02T10:00:00.000Z',
            updatedAt: '2026-03-04T10:00:00.000Z',
          }),
          ticketRow({
            customerUserId: CUSTOMER_ID,
            title: 'Elsewhere',
            engineerUserId: ENGINEER_ID,
            chairId: '20000000-0000-4000-8000-00000000dead',
            status: 'IN_PROGRESS',
          }),
        ]),
    });
    const waiting = await screen.findByRole('article', { name: 'Waiting' });
    expect(within(waiting).getByText('Unassigned')).toBeInTheDocument();
    expect(within(waiting).getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(within(waiting).getByText('Mar 4, 2026')).toBeInTheDocument();
    const elsewhere = screen.getByRole('article', { name: 'Elsewhere' });
    expect(within(elsewhere).getByText('Unknown Engineer')).toBeInTheDocument();
    expect(within(elsewhere).getByText('Unknown Chair')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Tickets (2)' })).toBeInTheDocument();
  });

  it('says No tickets found when there are none', async () => {
    await renderCustomer(<SupportScreen />, { path: customerPaths.support });
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
  });

  it('says Failed to create ticket when the device cannot store it, and keeps the input', async () => {
    const user = userEvent.setup();
    const session = await renderSupport();
    const dialog = await openFilledTicket(user);
    failNextWrite(session);
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Failed to create ticket')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Title/)).toHaveValue('Light flickers');
    expect(await outbox(session)).toEqual([]);
  });

  it('offers a chair activated on this device once the server has confirmed it', async () => {
    const user = userEvent.setup();
    await renderCustomer(<SupportScreen />, {
      path: customerPaths.support,
      seed: (db) =>
        db.chairs.bulkPut([
          myChair({ id: CHAIR_ID, serialNumber: 'S30-0100' }),
          myChair({ id: provisionalChairId('S30-NEW'), serialNumber: 'S30-NEW' }),
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Create Ticket' }));
    const dialog = await screen.findByRole('dialog');
    // The chair select mounts, with every chair offered, once the chairs are read.
    const options = within(await within(dialog).findByLabelText(/Chair/)).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.any(String),
      expect.stringContaining('S30-0100'),
    ]);
  });

  it('validates the ticket with SPEC’s messages', async () => {
    const user = userEvent.setup();
    await renderSupport();
    await user.click(await screen.findByRole('button', { name: 'Create Ticket' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Description/), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Description must be at least 10 characters'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Priority is required')).toBeInTheDocument();
  });

  it('creates a ticket about one of my chairs', async () => {
    const user = userEvent.setup();
    const session = await renderSupport();
    const dialog = await openFilledTicket(user);
    // The chair select mounts once the customer's chairs are read.
    await user.selectOptions(await within(dialog).findByLabelText(/Chair/), CHAIR_ID);
    await user.click(within(dialog).getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Support ticket created')).toBeInTheDocument();
    expect(screen.getByText('Our team will respond within 24 hours.')).toBeInTheDocument();
    const [entry] = await outbox(session);
    expect(entry).toMatchObject({
      name: 'ticket.create',
      args: {
        title: 'Light flickers',
        description: 'The operating light flickers.',
        priority: 'URGENT',
        chairId: CHAIR_ID,
      },
    });
    expect(await screen.findByRole('article', { name: 'Light flickers' })).toBeInTheDocument();
  });

  it('opens Create Ticket at once when the Overview quick action sent the customer here', async () => {
    const session = await createTestSession(customer);
    render(
      <ChakraProvider value={defaultSystem}>
        <SessionProvider store={session.store}>
          <MemoryRouter
            initialEntries={[{ pathname: customerPaths.support, state: { createTicket: true } }]}
          >
            <SupportScreen />
          </MemoryRouter>
        </SessionProvider>
      </ChakraProvider>,
    );
    expect(
      await screen.findByRole('dialog', { name: 'Create Support Ticket' }),
    ).toBeInTheDocument();
  });
});
