/**
 * Local (optimistic) effects of the ticket mutations. The rules are the domain's
 * (domain/tickets.ts), so the screen shows what the guarded operations
 * (supabase/migrations/*_tickets.sql) will store; the server's row replaces the local one when
 * the push is accepted. tests/integration/mutation-parity.test.ts holds the two to the same
 * result.
 */
import { CHAIR_NOT_FOUND, PART_NOT_FOUND } from '../../domain/refusals';
import {
  assignTicketRefusal,
  mergeServiceNotes,
  resolveTicketRefusal,
  resolvedAtAfter,
  takeTicketRefusal,
  ticketStatusAfterAssign,
  ticketStatusAfterTake,
  ticketTakenMessage,
} from '../../domain/tickets';
import { MutationRejected } from '../local-store';
import { nameOf, type EffectMap } from './context';

type TicketMutation =
  | 'ticket.create'
  | 'ticket.take'
  | 'ticket.assign'
  | 'ticket.setStatus'
  | 'ticket.updateServiceNotes'
  | 'ticket.addPart'
  | 'ticket.removePart'
  | 'ticket.resolve';

export const ticketEffects: EffectMap<TicketMutation> = {
  'ticket.create': async (store, args, { userId, now }) => {
    if (args.chairId) {
      // The form offers only the customer's own chairs, all of which their mirror holds.
      const chair = await store.get('chairs', args.chairId);
      if (chair?.ownerUserId !== userId) throw new MutationRejected('not_found', CHAIR_NOT_FOUND);
    }
    await store.put('supportTickets', {
      id: args.id,
      title: args.title.trim(),
      description: args.description.trim(),
      priority: args.priority,
      status: 'OPEN',
      customerUserId: userId,
      engineerUserId: null,
      chairId: args.chairId ?? null,
      resolution: null,
      serviceNotes: null,
      resolvedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  },

  'ticket.take': async (store, { ticketId }, { userId }) => {
    const ticket = await store.get('supportTickets', ticketId);
    if (!ticket) return;
    const refusal = takeTicketRefusal(ticket, userId);
    if (refusal?.kind === 'taken') {
      const name = await nameOf(store, ticket.engineerUserId);
      throw new MutationRejected('conflict', ticketTakenMessage(name));
    }
    if (refusal) throw new MutationRejected('conflict', refusal.message);
    await store.put('supportTickets', {
      ...ticket,
      engineerUserId: userId,
      status: ticketStatusAfterTake(ticket),
    });
  },

  'ticket.assign': async (store, { ticketId, engineerUserId }) => {
    const ticket = await store.get('supportTickets', ticketId);
    if (!ticket) return;
    const refusal = assignTicketRefusal(ticket);
    if (refusal) throw new MutationRejected('conflict', refusal);
    await store.put('supportTickets', {
      ...ticket,
      engineerUserId,
      status: ticketStatusAfterAssign(ticket.status),
    });
  },

  'ticket.setStatus': async (store, { ticketId, status }, { now }) => {
    const ticket = await store.get('supportTickets', ticketId);
    if (ticket) {
      await store.put('supportTickets', {
        ...ticket,
        status,
        resolvedAt: resolvedAtAfter(ticket, status, now),
      });
    }
  },

  'ticket.updateServiceNotes': async (store, { ticketId, patch }) => {
    const ticket = await store.get('supportTickets', ticketId);
    if (!ticket) return;
    await store.put('supportTickets', {
      ...ticket,
      serviceNotes: mergeServiceNotes(ticket.serviceNotes, patch),
    });
  },

  'ticket.addPart': async (store, args) => {
    const ticket = await store.get('supportTickets', args.ticketId);
    if (!ticket) return;
    const part = await store.get('parts', args.partId);
    if (!part || part.deletedAt) throw new MutationRejected('not_found', PART_NOT_FOUND);
    const lines = ticket.serviceNotes?.partsUsed ?? [];
    if (lines.some((line) => line.lineId === args.lineId)) return;
    const line = {
      lineId: args.lineId,
      partId: part.id,
      partName: part.name,
      partCode: part.partCode,
      price: part.price,
      quantity: args.quantity,
      condition: args.condition,
    };
    await store.put('supportTickets', {
      ...ticket,
      serviceNotes: { ...ticket.serviceNotes, partsUsed: [...lines, line] },
    });
  },

  'ticket.removePart': async (store, { ticketId, lineId }) => {
    const ticket = await store.get('supportTickets', ticketId);
    if (!ticket?.serviceNotes?.partsUsed) return;
    const partsUsed = ticket.serviceNotes.partsUsed.filter((line) => line.lineId !== lineId);
    await store.put('supportTickets', {
      ...ticket,
      serviceNotes: { ...ticket.serviceNotes, partsUsed },
    });
  },

  'ticket.resolve': async (store, { ticketId, resolution, signOff }, { userId, now }) => {
    const ticket = await store.get('supportTickets', ticketId);
    if (!ticket) return;
    const refusal = resolveTicketRefusal(ticket);
    if (refusal) throw new MutationRejected('conflict', refusal);
    // An unassigned ticket goes to the resolving engineer; an admin resolving leaves it unassigned.
    const author = await store.get('users', userId);
    await store.put('supportTickets', {
      ...ticket,
      status: 'RESOLVED',
      resolvedAt: resolvedAtAfter(ticket, 'RESOLVED', now),
      resolution: resolution.trim(),
      engineerUserId: ticket.engineerUserId ?? (author?.role === 'ADMIN' ? null : userId),
      serviceNotes: {
        ...ticket.serviceNotes,
        completedAt: now,
        ...(signOff
          ? {
              signOff: {
                customerName: signOff.customerName.trim(),
                signatureImage: signOff.signatureImage,
                signedAt: now,
              },
            }
          : {}),
      },
    });
  },
};
