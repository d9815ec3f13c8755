import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TICKET_ID, engineer, outbox, renderTicketPage } from './test-fixtures';
import { TicketDetailScreen } from './ticket-detail-screen';

async function openResolution(options: Parameters<typeof renderTicketPage>[1] = {}) {
  const user = userEvent.setup({ delay: null });
  const session = await renderTicketPage(<TicketDetailScreen />, options);
  await user.click(await screen.findByRole('tab', { name: 'Resolution' }));
  return { user, session };
}

describe('Resolution', { timeout: 30_000 }, () => {
  it('keeps Mark as Resolved disabled while the text is empty after trimming', async () => {
    const { user } = await openResolution();
    const button = screen.getByRole('button', { name: 'Mark as Resolved' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Resolution description' }), '   ');
    expect(button).toBeDisabled();
  });

  it("says 'Please provide a resolution description' when left blank", async () => {
    const { user, session } = await openResolution();
    await user.type(screen.getByRole('textbox', { name: 'Resolution description' }), '  ');
    await user.tab();
    expect(await screen.findByText('Please provide a resolution description')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
  });

  it('resolves the ticket offline with the resolution text', async () => {
    const { user, session } = await openResolution({
      ticket: { engineerUserId: engineer.id, status: 'IN_PROGRESS' },
    });
    await user.type(
      screen.getByRole('textbox', { name: 'Resolution description' }),
      '  Replaced the lift pump seal.  ',
    );
    await user.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await screen.findByText('Ticket resolved successfully')).toBeInTheDocument();
    expect(await session.db.supportTickets.get(TICKET_ID)).toMatchObject({
      status: 'RESOLVED',
      resolution: 'Replaced the lift pump seal.',
    });
    expect(await outbox(session)).toEqual([
      {
        name: 'ticket.resolve',
        args: { ticketId: TICKET_ID, resolution: 'Replaced the lift pump seal.' },
      },
    ]);
    expect(await screen.findByText(/This ticket is resolved/)).toBeInTheDocument();
  });

  it('shows the stored resolution of a resolved ticket instead of the form', async () => {
    await openResolution({
      ticket: { status: 'RESOLVED', resolution: 'Seal replaced', engineerUserId: engineer.id },
    });
    expect(screen.getByRole('heading', { name: 'Current resolution' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Resolved' })).toBeNull();
  });
});
