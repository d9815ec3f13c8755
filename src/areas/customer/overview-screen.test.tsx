import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../../data/session-context';
import { customerPaths } from '../../domain/paths';
import { ticketRow } from '../../testing/rows';
import { createTestSession } from '../../testing/session';
import { OverviewScreen } from './overview-screen';
import { ServiceScreen } from './service/service-screen';
import {
  CUSTOMER_ID,
  customer,
  daysFromNow,
  myChair,
  renderCustomer,
  warrantyWithDaysLeft,
} from './test-fixtures';

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

describe('Customer OverviewScreen', () => {
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

describe('Customer OverviewScreen: service due', () => {
  const OVERDUE_ID = '20000000-0000-4000-8000-0000000000d1';
  const service = (days: number) => ({
    lastServiceDate: null,
    nextServiceDue: daysFromNow(days),
    serviceHistory: [],
  });

  it('lists chairs due within 30 days or overdue, one tap from Book Service with the chair chosen', async () => {
    const session = await createTestSession(customer, async (db) => {
      await db.chairs.bulkPut([
        myChair({ id: OVERDUE_ID, serialNumber: 'S30-OVERDUE', service: service(-3) }),
        myChair({ serialNumber: 'S30-DUE-29', service: service(29) }),
        myChair({ serialNumber: 'S30-DUE-31', service: service(31) }),
        myChair({ serialNumber: 'U500-NONE', model: 'U500' }),
      ]);
    });
    render(
      <ChakraProvider value={defaultSystem}>
        <SessionProvider store={session.store}>
          <MemoryRouter initialEntries={[customerPaths.home]}>
            <Routes>
              <Route path={customerPaths.home} element={<OverviewScreen />} />
              <Route path={customerPaths.service} element={<ServiceScreen />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </ChakraProvider>,
    );
    const due = await screen.findByRole('list', { name: 'Service Due' });
    const items = within(due).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('S30-OVERDUE'),
      expect.stringContaining('S30-DUE-29'),
    ]);
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Due Soon')).toBeInTheDocument();
    expect(within(due).queryByText('S30-DUE-31')).toBeNull();
    expect(within(due).queryByText('U500-NONE')).toBeNull();

    await userEvent
      .setup()
      .click(within(due).getByRole('link', { name: 'Book Service for S30-OVERDUE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book a Service' });
    await waitFor(() => expect(within(dialog).getByLabelText(/Chair/)).toHaveValue(OVERDUE_ID));
  });

  it('shows no reminder when every service is current', async () => {
    await renderCustomer(<OverviewScreen />, {
      path: customerPaths.home,
      seed: (db) => db.chairs.put(myChair({ serialNumber: 'S30-OK', service: service(60) })),
    });
    await screen.findByRole('list', { name: 'My Equipment' });
    expect(screen.queryByRole('region', { name: 'Service Due' })).toBeNull();
  });
});
