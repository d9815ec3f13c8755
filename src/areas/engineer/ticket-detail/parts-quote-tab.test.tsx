import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceNotes } from '../../../domain/entities';
import {
  STAMP,
  TICKET_ID,
  engineer,
  outbox,
  partRow,
  renderTicketPage,
  warrantyActivated,
} from './test-fixtures';
import { TicketDetailScreen } from './ticket-detail-screen';

const PEDAL = '30000000-0000-4000-8000-000000000001';
const LINE = '40000000-0000-4000-8000-000000000001';
const pedal = partRow({ id: PEDAL, name: 'Foot pedal', partCode: 'FP-1', price: 25, stock: 4 });

async function openPartsTab(options: Parameters<typeof renderTicketPage>[1] = {}) {
  const user = userEvent.setup({ delay: null });
  const session = await renderTicketPage(<TicketDetailScreen />, {
    parts: [pedal],
    ...options,
    ticket: { engineerUserId: engineer.id, status: 'IN_PROGRESS', ...options.ticket },
  });
  await user.click(await screen.findByRole('tab', { name: 'Parts & Quote' }));
  // The catalogue is read from the mirror (its result drawn in a transition): its parts listed.
  for (const part of options.parts ?? [pedal]) {
    await screen.findByRole('option', { name: (name) => name.startsWith(`${part.name} (`) });
  }
  return { user, session };
}

const pedalLine = {
  lineId: LINE,
  partId: PEDAL,
  partName: 'Foot pedal',
  partCode: 'FP-1',
  price: 25,
  quantity: 2,
  condition: 'NEW' as const,
};

describe('Parts used', () => {
  it("says 'Please select a part' when none is chosen, and queues nothing", async () => {
    const { user, session } = await openPartsTab();
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(await screen.findByText('Please select a part')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
  });

  it('lists each part with name, code, price and stock', async () => {
    await openPartsTab();
    expect(
      screen.getByRole('option', { name: 'Foot pedal (FP-1) – £25.00 – 4 in stock' }),
    ).toBeInTheDocument();
  });

  it('adds a part as NEW by default; an invalid quantity becomes 1', async () => {
    const { user, session } = await openPartsTab();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part' }), PEDAL);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveValue('NEW');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));

    expect(await screen.findByText('Part added to service record')).toBeInTheDocument();
    const [entry] = await outbox(session);
    expect(entry).toEqual({
      name: 'ticket.addPart',
      args: {
        ticketId: TICKET_ID,
        lineId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        partId: PEDAL,
        quantity: 1,
        condition: 'NEW',
      },
    });
    const lines = (await session.db.supportTickets.get(TICKET_ID))?.serviceNotes?.partsUsed;
    expect(lines).toEqual([expect.objectContaining({ partId: PEDAL, quantity: 1, price: 25 })]);
    const table = await screen.findByRole('table', { name: 'Parts used' });
    expect(within(table).getByText('Foot pedal')).toBeInTheDocument();
  });

  it('records the chosen quantity and condition', async () => {
    const { user, session } = await openPartsTab();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part' }), PEDAL);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Condition' }), 'REFURBISHED');
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    await screen.findByText('Part added to service record');
    const [entry] = await outbox(session);
    expect(entry?.args).toMatchObject({ quantity: 3, condition: 'REFURBISHED' });
  });

  it("says 'Part not found' when the part was removed meanwhile", async () => {
    const { user, session } = await openPartsTab();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Part' }), PEDAL);
    await session.db.parts.update(PEDAL, { deletedAt: STAMP });
    await user.click(screen.getByRole('button', { name: 'Add Part' }));
    expect(await screen.findByText('Part not found')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([]);
  });

  it('removes a part line', async () => {
    const { user, session } = await openPartsTab({
      ticket: { serviceNotes: { partsUsed: [pedalLine] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Foot pedal' }));
    expect(await screen.findByText('Part removed from service record')).toBeInTheDocument();
    expect(await outbox(session)).toEqual([
      { name: 'ticket.removePart', args: { ticketId: TICKET_ID, lineId: LINE } },
    ]);
    const notes = (await session.db.supportTickets.get(TICKET_ID))?.serviceNotes;
    expect(notes?.partsUsed).toEqual([]);
  });
});

describe('Quote', () => {
  const withNotes = (notes: ServiceNotes, daysSinceActivation: number | null) => ({
    ticket: { serviceNotes: notes },
    chair: {
      warranty: daysSinceActivation === null ? null : warrantyActivated(daysSinceActivation),
    },
  });

  async function generate(options: Parameters<typeof renderTicketPage>[1]) {
    const { user } = await openPartsTab(options);
    await user.click(screen.getByRole('button', { name: 'Generate Quote' }));
    return within(await screen.findByRole('region', { name: 'Quote breakdown' }));
  }

  it('charges nothing for WARRANTY work under a confirmed, running warranty', async () => {
    const quote = await generate(
      withNotes({ timeSpent: 60, workType: 'WARRANTY', partsUsed: [pedalLine] }, 100),
    );
    expect(await screen.findByText('Quote Generated: £0.00')).toBeInTheDocument();
    expect(screen.getByText('Labor: £90.00, Parts: £50.00')).toBeInTheDocument();
    expect(quote.getByText('No charge')).toBeInTheDocument();
    expect(quote.getByText(/the warranty covers it, so there is nothing to charge/)).toBeVisible();
    expect(quote.getByText('£0.00')).toBeInTheDocument();
  });

  it('charges DAMAGE work even under a running warranty', async () => {
    const quote = await generate(
      withNotes({ timeSpent: 60, workType: 'DAMAGE', partsUsed: [pedalLine] }, 100),
    );
    expect(await screen.findByText('Quote Generated: £140.00')).toBeInTheDocument();
    expect(quote.getByText(/Damage is never covered by the warranty/)).toBeInTheDocument();
    expect(quote.getByText('£140.00')).toBeInTheDocument();
  });

  it('says Out of warranty work is charged even under a running warranty, never "Covered"', async () => {
    const quote = await generate(
      withNotes({ timeSpent: 45, workType: 'OUT_OF_WARRANTY', partsUsed: [pedalLine] }, 100),
    );
    expect(await screen.findByText('Quote Generated: £117.50')).toBeInTheDocument();
    expect(quote.getByText('Customer total')).toBeInTheDocument();
    expect(quote.getByText('Out of warranty')).toBeInTheDocument();
    expect(
      quote.getByText(/Out of warranty, so labor and parts are charged even though the chair's/),
    ).toBeInTheDocument();
    expect(quote.queryByText(/^Covered$|No charge/)).toBeNull();
  });

  it('brings the breakdown into view after Generate Quote', async () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const quote = await generate(withNotes({ timeSpent: 30 }, null));
    expect(quote.getByText('Customer total')).toBeInTheDocument();
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    expect(scroll.mock.contexts.at(-1)).toBe(
      screen.getByRole('region', { name: 'Quote breakdown' }),
    );
  });

  it('charges WARRANTY work once the warranty has expired', async () => {
    await generate(
      withNotes({ timeSpent: 60, workType: 'WARRANTY', partsUsed: [pedalLine] }, 6 * 365),
    );
    expect(await screen.findByText('Quote Generated: £140.00')).toBeInTheDocument();
    expect(screen.getByText('Labor: £90.00, Parts: £50.00')).toBeInTheDocument();
  });

  it('assumes 120 minutes when no time is recorded', async () => {
    const quote = await generate(withNotes({}, null));
    expect(await screen.findByText('Quote Generated: £180.00')).toBeInTheDocument();
    expect(screen.getByText('Labor: £180.00, Parts: £0.00')).toBeInTheDocument();
    expect(quote.getByText(/120 min × £1.50\/min \(no time recorded/)).toBeInTheDocument();
    expect(
      quote.getByText(/work type is Out of warranty: labor and parts are charged/),
    ).toBeVisible();
  });

  it('assumes 120 minutes when 0 is entered, and says so', async () => {
    const quote = await generate(withNotes({ timeSpent: 0, workType: 'DAMAGE' }, 100));
    expect(await screen.findByText('Quote Generated: £180.00')).toBeInTheDocument();
    expect(
      quote.getByText(/0 min entered counts as no time recorded: 120 min assumed/),
    ).toBeInTheDocument();
  });
});
