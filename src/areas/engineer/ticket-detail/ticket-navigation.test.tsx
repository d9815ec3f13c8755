// STYLE 13: a form on a page keyed by an id resets when the id changes. Moving from one ticket to
// another inside the app (no reload, same route) shows the second ticket's values, never the
// first one's stored notes or unsaved input.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdReadOf } from '../../../testing/held-read';
import { engineerPaths } from '../../../domain/paths';
import { CUSTOMER_ID, renderWithSession, ticketRow, userRow } from './test-fixtures';
import { TicketDetailScreen } from './ticket-detail-screen';

const TICKET_A = '10000000-0000-4000-8000-00000000000a';
const TICKET_B = '10000000-0000-4000-8000-00000000000b';

function GoToTicketB() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate(engineerPaths.ticket(TICKET_B))}>Open ticket B</Button>;
}

async function renderTicketA() {
  return renderWithSession(
    <>
      <GoToTicketB />
      <TicketDetailScreen />
    </>,
    {
      path: engineerPaths.ticket(TICKET_A),
      pattern: engineerPaths.ticket(':id'),
      seed: async (db) => {
        await db.users.put(userRow({ id: CUSTOMER_ID, name: 'Riverside Dental' }));
        await db.supportTickets.bulkPut([
          ticketRow({
            id: TICKET_A,
            title: 'Ticket A',
            serviceNotes: { timeSpent: 45, workPerformed: 'Replaced the pump' },
          }),
          ticketRow({ id: TICKET_B, title: 'Ticket B' }),
        ]);
      },
    },
  );
}

afterEach(() => vi.restoreAllMocks());

describe('moving between tickets', () => {
  it("never shows the first ticket's page under the second's address while the second is read", async () => {
    const user = userEvent.setup();
    const session = await renderTicketA();
    expect(await screen.findByRole('heading', { name: 'Ticket A' })).toBeInTheDocument();
    // The mirror is slow to answer for ticket B (a busy tablet's storage): its read is held.
    const release = holdReadOf(session.db.supportTickets, TICKET_B);

    await user.click(screen.getByRole('button', { name: 'Open ticket B' }));
    expect(await screen.findByText('Loading ticket…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ticket A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Service Notes' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('heading', { name: 'Ticket B' })).toBeInTheDocument();
  });

  it("shows the second ticket's service notes and an empty resolution, not the first's", async () => {
    const user = userEvent.setup();
    await renderTicketA();
    expect(await screen.findByRole('heading', { name: 'Ticket A' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Service Notes' }));
    expect(await screen.findByRole('spinbutton', { name: 'Time spent (minutes)' })).toHaveValue(45);
    // Unsaved input on ticket A.
    await user.type(screen.getByRole('textbox', { name: 'Damage description' }), 'Cracked hose');
    await user.click(screen.getByRole('tab', { name: 'Resolution' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Resolution description' }),
      'Fixed on ticket A',
    );

    await user.click(screen.getByRole('button', { name: 'Open ticket B' }));
    expect(await screen.findByRole('heading', { name: 'Ticket B' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Service Notes' }));
    expect(await screen.findByRole('spinbutton', { name: 'Time spent (minutes)' })).toHaveValue(
      null,
    );
    expect(screen.getByRole('textbox', { name: 'Work performed' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Damage description' })).toHaveValue('');
    await user.click(screen.getByRole('tab', { name: 'Resolution' }));
    expect(await screen.findByRole('textbox', { name: 'Resolution description' })).toHaveValue('');
  });
});
