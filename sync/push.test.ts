import { describe, expect, it } from 'vitest';
import { performMutation } from '../src/data/actions';
import { MutationRejected } from '../src/data/local-store';
import { discardEntry, pushOutbox, retryEntry } from './push';
import {
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  fakeAuth,
  freshDatabase,
  offline,
  ok,
  partRow,
  refused,
  scriptedTransport,
  ticketRow,
  toWire,
  userRow,
} from './testing/fixtures';

describe('actions', () => {
  it('writes the optimistic row and the outbox entry together', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    const entry = await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    expect(await db.supportTickets.get(ticket.id)).toMatchObject({
      engineerUserId: ENGINEER_ID,
      status: 'IN_PROGRESS',
    });
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      id: entry.id,
      name: 'ticket.take',
      userId: ENGINEER_ID,
      status: 'pending',
      touches: [`supportTickets:${ticket.id}`],
    });
    expect((await db.shadows.get(`supportTickets:${ticket.id}`))?.row).toEqual(ticket);
  });

  it('writes nothing when the input is invalid', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    await expect(
      performMutation(db, ENGINEER_ID, 'ticket.resolve', { ticketId: ticket.id, resolution: '  ' }),
    ).rejects.toThrow('Please provide a resolution description');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.supportTickets.get(ticket.id)).toEqual(ticket);
  });

  it('refuses locally, writing nothing, when the mirror shows another engineer has the ticket', async () => {
    const db = freshDatabase();
    await db.users.put(userRow());
    const ticket = ticketRow({ engineerUserId: OTHER_ENGINEER_ID, status: 'IN_PROGRESS' });
    await db.supportTickets.put(ticket);
    const attempt = performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    await expect(attempt).rejects.toThrow(MutationRejected);
    await expect(attempt).rejects.toThrow('This ticket has already been taken by Nina Patel');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
  });
});

describe('push', () => {
  it('sends entries in order with their mutation ids and stores the server rows', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    const take = await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    const notes = await performMutation(db, ENGINEER_ID, 'ticket.updateServiceNotes', {
      ticketId: ticket.id,
      patch: { workPerformed: 'Replaced the recline motor' },
    });
    const serverTaken = {
      ...ticket,
      engineerUserId: ENGINEER_ID,
      status: 'IN_PROGRESS' as const,
      updatedAt: '2026-11-21T10:00:00.000Z',
    };
    const serverNoted = {
      ...serverTaken,
      serviceNotes: { workPerformed: 'Replaced the recline motor' },
      updatedAt: '2026-11-21T10:00:01.000Z',
    };
    const transport = scriptedTransport((fn) =>
      ok({ support_tickets: [toWire(fn === 'ticket_take' ? serverTaken : serverNoted)] }),
    );
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 2, rejected: 0 });
    expect(transport.calls.map((c) => [c.fn, c.params.mutation_id])).toEqual([
      ['ticket_take', take.id],
      ['ticket_update_service_notes', notes.id],
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    expect(await db.supportTickets.get(ticket.id)).toEqual(serverNoted);
  });

  it('keeps the entry first in line after a transient failure and sends nothing behind it', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    await performMutation(db, ENGINEER_ID, 'ticket.setStatus', {
      ticketId: ticket.id,
      status: 'RESOLVED',
    });
    const transport = scriptedTransport(() => offline);
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result.stop).toEqual({ kind: 'transient', reason: 'TypeError: fetch failed' });
    expect(transport.calls).toHaveLength(1);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.name, e.status, e.attempts])).toEqual([
      ['ticket.take', 'pending', 1],
      ['ticket.setStatus', 'pending', 0],
    ]);
    expect(await db.supportTickets.get(ticket.id)).toMatchObject({ status: 'RESOLVED' });
  });

  it('treats 5xx and timeouts as transient', async () => {
    for (const status of [500, 503, 408, 429]) {
      const db = freshDatabase();
      const ticket = ticketRow();
      await db.supportTickets.put(ticket);
      await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
      const transport = scriptedTransport(() => ({
        status,
        data: null,
        error: { message: 'busy' },
      }));
      const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
      expect(result.stop?.kind).toBe('transient');
      expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    }
  });

  it('moves a rejected take to needs attention, restores server truth, and pushes the independent entry behind it', async () => {
    const db = freshDatabase();
    const contested = ticketRow();
    const other = ticketRow();
    await db.supportTickets.bulkPut([contested, other]);
    const take = await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: contested.id });
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: other.id });
    const otherTaken = { ...other, engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' as const };
    const transport = scriptedTransport((fn, params) => {
      if (fn === 'sync_rows') return ok({ rows: [] }); // taken by someone else: no longer visible
      const args = params.args as { ticketId: string };
      return args.ticketId === contested.id
        ? refused('PT409', 'This ticket has already been taken by Nina Patel')
        : ok({ support_tickets: [toWire(otherTaken)] });
    });
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 1, rejected: 1 });
    const rejected = await db.outbox.get({ id: take.id });
    expect(rejected).toMatchObject({
      status: 'rejected',
      args: { ticketId: contested.id },
      rejection: {
        errorClass: 'conflict',
        message: 'This ticket has already been taken by Nina Patel',
      },
    });
    expect(await db.supportTickets.get(contested.id)).toBeUndefined();
    expect(await db.supportTickets.get(other.id)).toEqual(otherTaken);
    expect(await db.shadows.count()).toBe(0);
  });

  it('restores the last known server row when the re-read fails', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    await performMutation(db, ENGINEER_ID, 'ticket.resolve', {
      ticketId: ticket.id,
      resolution: 'Fixed',
    });
    const transport = scriptedTransport((fn) =>
      fn === 'sync_rows'
        ? offline
        : refused('PT403', 'Only the assigned engineer can change the status', 403),
    );
    await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(await db.supportTickets.get(ticket.id)).toEqual(ticket);
  });

  it('refreshes an expired token once and retries the same entry', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    let first = true;
    const transport = scriptedTransport(() => {
      if (first) {
        first = false;
        return refused('PGRST301', 'JWT expired', 401);
      }
      return ok({
        support_tickets: [
          toWire({ ...ticket, engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' }),
        ],
      });
    });
    const auth = fakeAuth();
    const result = await pushOutbox(db, ENGINEER_ID, transport, auth);
    expect(auth.refreshes).toBe(1);
    expect(result).toEqual({ accepted: 1, rejected: 0 });
    expect(transport.calls[0]?.params.mutation_id).toBe(transport.calls[1]?.params.mutation_id);
  });

  it('keeps the queue and asks for sign-in when the refresh is refused', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    const transport = scriptedTransport(() => refused('PGRST301', 'JWT expired', 401));
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth(ENGINEER_ID, 'refused'));
    expect(result.stop).toEqual({ kind: 'signInRequired', reason: 'JWT expired' });
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
  });

  it('never sends an entry made by another user', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    await performMutation(db, OTHER_ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    const transport = scriptedTransport(() => ok({ rows: [] }));
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result.rejected).toBe(1);
    expect(transport.calls.filter((c) => c.fn === 'ticket_take')).toHaveLength(0);
    expect((await db.outbox.toArray())[0]?.rejection?.message).toBe(
      'This change was made by another user',
    );
  });

  it('rejects a corrupted outbox entry with the validation message instead of sending it', async () => {
    const db = freshDatabase();
    await db.outbox.add({
      id: crypto.randomUUID(),
      name: 'ticket.resolve',
      args: { ticketId: crypto.randomUUID(), resolution: '' },
      userId: ENGINEER_ID,
      createdAt: new Date().toISOString(),
      touches: [],
      status: 'pending',
      attempts: 0,
    });
    const transport = scriptedTransport(() => ok({}));
    await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(transport.calls).toHaveLength(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({
      status: 'rejected',
      rejection: { errorClass: 'validation', message: 'Please provide a resolution description' },
    });
  });

  it('retry puts a rejected entry back with its effect; discard drops it and its effect', async () => {
    const db = freshDatabase();
    const ticket = ticketRow();
    const part = partRow();
    await db.supportTickets.put(ticket);
    await db.parts.put(part);
    const add = await performMutation(db, ENGINEER_ID, 'ticket.addPart', {
      ticketId: ticket.id,
      lineId: crypto.randomUUID(),
      partId: part.id,
      quantity: 2,
      condition: 'NEW',
    });
    const transport = scriptedTransport((fn) =>
      fn === 'sync_rows'
        ? ok({ rows: [toWire(ticket)] })
        : refused('PT403', 'You do not have permission to do this', 403),
    );
    await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect((await db.supportTickets.get(ticket.id))?.serviceNotes).toBeNull();

    await retryEntry(db, add.id);
    expect((await db.outbox.get({ id: add.id }))?.status).toBe('pending');
    expect((await db.supportTickets.get(ticket.id))?.serviceNotes?.partsUsed).toHaveLength(1);

    await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    await discardEntry(db, add.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.supportTickets.get(ticket.id)).toEqual(ticket);
  });
});
