import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_PNG, pads } from '../../../testing/fake-signature-pad';
import { TICKET_ID, engineer, outbox, renderTicketPage } from './test-fixtures';
import { TicketDetailScreen } from './ticket-detail-screen';

async function openResolution(options: Parameters<typeof renderTicketPage>[1] = {}) {
  const user = userEvent.setup({ delay: null });
  const session = await renderTicketPage(<TicketDetailScreen />, options);
  await user.click(await screen.findByRole('tab', { name: 'Resolution' }));
  return { user, session };
}

vi.mock('signature_pad', () => import('../../../testing/fake-signature-pad'));

describe('Resolution', () => {
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

  it("takes the customer's name and drawn signature for the service report", async () => {
    const { user, session } = await openResolution({
      ticket: { engineerUserId: engineer.id, status: 'IN_PROGRESS' },
    });
    await user.type(
      screen.getByRole('textbox', { name: 'Resolution description' }),
      'Replaced the lift pump seal.',
    );
    await user.click(screen.getByRole('button', { name: 'Add Customer Sign-off' }));
    act(() => pads.current?.draw());
    // A drawing without a name is not a sign-off.
    await user.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await screen.findByText('Customer name is required')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Customer name' }), ' Dr Amelia Hart ');
    await user.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    expect(await screen.findByText('Ticket resolved successfully')).toBeInTheDocument();
    const [entry] = await outbox(session);
    expect(entry?.args).toMatchObject({
      signOff: { customerName: 'Dr Amelia Hart', signatureImage: SIGNED_PNG },
    });
    const ticket = await session.db.supportTickets.get(TICKET_ID);
    expect(ticket?.serviceNotes?.signOff).toMatchObject({
      customerName: 'Dr Amelia Hart',
      signatureImage: SIGNED_PNG,
    });
  });
});
