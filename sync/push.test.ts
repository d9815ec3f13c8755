import { describe, expect, it } from 'vitest';
import { performMutation } from '../src/data/actions';
import { MutationRejected } from '../src/data/local-store';
import { discardEntry, pushOutbox, retryEntry } from './push';
import { ModelServer } from './testing/model-server';
import type { Transport } from './transport';
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
    const take = await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    await performMutation(db, ENGINEER_ID, 'ticket.setStatus', {
      ticketId: ticket.id,
      status: 'RESOLVED',
    });
    const transport = scriptedTransport(() => offline);
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result.stop).toEqual({ kind: 'transient', reason: 'TypeError: fetch failed' });
    expect(transport.requests.map((r) => r.fn)).toEqual(['ops_batch']);
    expect(transport.calls.map((c) => c.params.mutation_id)).toEqual([take.id]);
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

describe('push in batches', () => {
  /** `n` tickets with one queued service notes change each, oldest first. */
  async function queued(n: number, userId = ENGINEER_ID) {
    const db = freshDatabase(userId);
    const tickets = Array.from({ length: n }, () => ticketRow({ engineerUserId: userId }));
    await db.supportTickets.bulkPut(tickets);
    const entries = [];
    for (const [i, ticket] of tickets.entries()) {
      entries.push(
        await performMutation(db, userId, 'ticket.updateServiceNotes', {
          ticketId: ticket.id,
          patch: { workPerformed: `Visit ${i}` },
        }),
      );
    }
    return { db, tickets, ids: entries.map((e) => e.id) };
  }

  /** The server's row after a notes change: the ticket with its notes, a later updated_at. */
  const noted = (ticket: ReturnType<typeof ticketRow>, args: unknown) => {
    const { patch } = args as { patch: { workPerformed: string } };
    return toWire({ ...ticket, serviceNotes: patch, updatedAt: '2026-11-21T11:00:00.000Z' });
  };

  const serverFor =
    (tickets: ReturnType<typeof ticketRow>[]) => (_fn: string, params: Record<string, unknown>) => {
      const { ticketId } = params.args as { ticketId: string };
      const ticket = tickets.find((t) => t.id === ticketId)!;
      return ok({ support_tickets: [noted(ticket, params.args)] });
    };

  it('sends consecutive entries in one request, in order, and applies every answer', async () => {
    const { db, tickets, ids } = await queued(5);
    const transport = scriptedTransport(serverFor(tickets));
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 5, rejected: 0 });
    expect(transport.requests).toHaveLength(1);
    expect(transport.requests[0]?.fn).toBe('ops_batch');
    expect(
      (transport.requests[0]?.params.mutations as { fn: string; mutation_id: string }[]).map(
        (m) => [m.fn, m.mutation_id],
      ),
    ).toEqual(ids.map((id) => ['ticket_update_service_notes', id]));
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shadows.count()).toBe(0);
    for (const [i, ticket] of tickets.entries()) {
      expect((await db.supportTickets.get(ticket.id))?.serviceNotes).toEqual({
        workPerformed: `Visit ${i}`,
      });
    }
  });

  it('files a refused mutation under needs attention and applies the ones after it', async () => {
    const { db, tickets, ids } = await queued(4);
    const refusedTicket = tickets[1]!;
    const transport = scriptedTransport((fn, params) => {
      if (fn === 'sync_rows') return ok({ rows: [toWire(refusedTicket)] });
      const { ticketId } = params.args as { ticketId: string };
      if (ticketId === refusedTicket.id) {
        return refused('PT403', 'This ticket is assigned to another engineer', 403);
      }
      return serverFor(tickets)(fn, params);
    });
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 3, rejected: 1 });
    expect(transport.requests.map((r) => r.fn)).toEqual(['ops_batch', 'sync_rows']);
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      id: ids[1],
      status: 'rejected',
      rejection: {
        errorClass: 'forbidden',
        message: 'This ticket is assigned to another engineer',
      },
    });
    expect(await db.supportTickets.get(refusedTicket.id)).toEqual(refusedTicket);
    expect((await db.supportTickets.get(tickets[3]!.id))?.serviceNotes).toEqual({
      workPerformed: 'Visit 3',
    });
  });

  it('keeps an entry already needing attention that sits between the ones a batch applies', async () => {
    const { db, tickets, ids } = await queued(5);
    // The second was refused on an earlier pass: it stays in the outbox, in its place.
    const second = await db.outbox.get({ id: ids[1]! });
    await db.outbox.update(second!.seq!, {
      status: 'rejected',
      rejection: { errorClass: 'conflict', message: 'Refused earlier', at: '2026-11-21T10:00:00Z' },
    });
    const transport = scriptedTransport(serverFor(tickets));
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 4, rejected: 0 });
    expect(transport.requests).toHaveLength(1);
    expect(
      (transport.requests[0]?.params.mutations as { mutation_id: string }[]).map(
        (m) => m.mutation_id,
      ),
    ).toEqual([ids[0], ids[2], ids[3], ids[4]]);
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.id, e.status])).toEqual([[ids[1], 'rejected']]);
  });

  it('bounds a request by count and by size', async () => {
    const { db, tickets } = await queued(5);
    const byCount = scriptedTransport(serverFor(tickets));
    await pushOutbox(db, ENGINEER_ID, byCount, fakeAuth(), { count: 2, bytes: 1 << 20 });
    expect(byCount.requests.map((r) => r.fn)).toEqual([
      'ops_batch',
      'ops_batch',
      'ticket_update_service_notes',
    ]);
    expect(byCount.calls).toHaveLength(5);

    const again = await queued(5);
    const bySize = scriptedTransport(serverFor(again.tickets));
    const one = JSON.stringify(
      (await again.db.outbox.toArray()).map((e) => ({
        fn: 'x',
        mutation_id: e.id,
        args: e.args,
      }))[0],
    ).length;
    await pushOutbox(again.db, ENGINEER_ID, bySize, fakeAuth(), { count: 100, bytes: one * 3 });
    const sizes = bySize.requests.map((r) =>
      r.fn === 'ops_batch' ? (r.params.mutations as unknown[]).length : 1,
    );
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5);
    expect(Math.max(...sizes)).toBeLessThan(5);
    expect(Math.max(...sizes)).toBeGreaterThan(1);
    expect(await again.db.outbox.count()).toBe(0);
  });

  it('replays one request per mutation against a server without the batch operation', async () => {
    const { db, tickets, ids } = await queued(3);
    const transport = scriptedTransport(serverFor(tickets), { batch: false });
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 3, rejected: 0 });
    expect(transport.requests.map((r) => r.fn)).toEqual([
      'ops_batch',
      ...ids.map(() => 'ticket_update_service_notes'),
    ]);
    expect(transport.calls.map((c) => c.params.mutation_id)).toEqual(ids);
    // The same transport is not asked again.
    const more = await queued(2);
    tickets.push(...more.tickets);
    await pushOutbox(more.db, ENGINEER_ID, transport, fakeAuth());
    expect(transport.requests.filter((r) => r.fn === 'ops_batch')).toHaveLength(1);
  });

  it('after a failed batch sends the first entry alone, keeps order, and stops at the failure', async () => {
    const { db, tickets, ids } = await queued(5);
    const broken = tickets[2]!.id;
    const transport = scriptedTransport((fn, params) => {
      const { ticketId } = params.args as { ticketId: string };
      if (ticketId === broken) return { status: 500, data: null, error: { message: 'boom' } };
      return serverFor(tickets)(fn, params);
    });
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({
      accepted: 2,
      rejected: 0,
      stop: { kind: 'transient', reason: 'boom' },
    });
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.id, e.status, e.attempts])).toEqual([
      [ids[2], 'pending', 1],
      [ids[3], 'pending', 0],
      [ids[4], 'pending', 0],
    ]);
    // Nothing behind the failing entry was applied: its optimistic notes are still local only.
    expect((await db.shadows.toArray()).map((s) => s.key).sort()).toEqual(
      [2, 3, 4].map((i) => `supportTickets:${tickets[i]!.id}`).sort(),
    );
  });

  it('halves the batch when the server says the request is too large', async () => {
    const { db, tickets } = await queued(8);
    const transport = scriptedTransport(serverFor(tickets));
    const inner = transport.rpc;
    transport.rpc = async (fn, params) =>
      fn === 'ops_batch' && (params.mutations as unknown[]).length > 2
        ? refused('request_too_large', 'Request body exceeds 1048576 bytes', 413)
        : inner(fn, params);
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 8, rejected: 0 });
    const sent = transport.requests.map((r) =>
      r.fn === 'ops_batch' ? (r.params.mutations as unknown[]).length : 1,
    );
    // 8 refused, first alone, 4 refused, first alone, then pairs.
    expect(sent).toEqual([1, 1, 2, 2, 2]);
  });

  it('settles a locally refused entry in its place between two batches', async () => {
    const { db, tickets, ids } = await queued(4);
    const foreign = (await db.outbox.toArray())[1]!;
    await db.outbox.update(foreign.seq!, { userId: OTHER_ENGINEER_ID });
    const transport = scriptedTransport((fn, params) =>
      fn === 'sync_rows' ? ok({ rows: [] }) : serverFor(tickets)(fn, params),
    );
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 3, rejected: 1 });
    expect(
      transport.calls.filter((c) => c.fn !== 'sync_rows').map((c) => c.params.mutation_id),
    ).toEqual([ids[0], ids[2], ids[3]]);
    expect((await db.outbox.get({ id: ids[1] }))?.rejection?.message).toBe(
      'This change was made by another user',
    );
  });

  it('treats a batch answer of an unknown shape as a failure and sends the first entry alone', async () => {
    const { db, tickets } = await queued(2);
    const transport = scriptedTransport(serverFor(tickets));
    const inner = transport.rpc;
    transport.rpc = async (fn, params) =>
      fn === 'ops_batch' ? ok({ results: 'nope' }) : inner(fn, params);
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 2, rejected: 0 });
    expect(transport.requests.map((r) => r.fn)).toEqual([
      'ticket_update_service_notes',
      'ticket_update_service_notes',
    ]);
  });

  it('sends the next batch while the answers of the one before are written, in order', async () => {
    const { db, tickets, ids } = await queued(5);
    const server = new ModelServer();
    server.insert('users', toWire(userRow({ id: ENGINEER_ID })));
    for (const ticket of tickets) server.insert('support_tickets', toWire(ticket));
    // What the outbox still held when each request left: the second batch leaves before the
    // first batch's answers are written (its entries are still queued), never before its answer.
    const queuedAtSend: string[][] = [];
    const applied: string[] = [];
    const transport: Transport = {
      rpc: async (fn, params) => {
        queuedAtSend.push((await db.outbox.toArray()).map((e) => e.id));
        const response = server.rpc(ENGINEER_ID, fn, params);
        for (const m of (params.mutations as { mutation_id: string }[] | undefined) ?? []) {
          applied.push(m.mutation_id);
        }
        return response;
      },
    };
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth(), {
      count: 2,
      bytes: 1 << 20,
    });
    expect(result).toEqual({ accepted: 5, rejected: 0 });
    expect(applied).toEqual(ids.slice(0, 4));
    expect(queuedAtSend).toEqual([ids, ids, ids.slice(4)]);
    expect(ids.map((id) => server.applications.get(id))).toEqual([1, 1, 1, 1, 1]);
    expect(await db.outbox.count()).toBe(0);
    for (const [i, ticket] of tickets.entries()) {
      expect((await db.supportTickets.get(ticket.id))?.serviceNotes).toEqual({
        workPerformed: `Visit ${i}`,
      });
    }
  });

  it('sends nothing ahead when an entry was put back in line before the answered ones', async () => {
    const { db, tickets, ids } = await queued(5);
    const first = await db.outbox.get({ id: ids[0]! });
    await db.outbox.update(first!.seq!, {
      status: 'rejected',
      rejection: { errorClass: 'conflict', message: 'Refused earlier', at: '2026-11-21T10:00:00Z' },
    });
    const inner = scriptedTransport(serverFor(tickets));
    let retried = false;
    const transport: Transport = {
      rpc: async (fn, params) => {
        const response = await inner.rpc(fn, params);
        if (!retried) {
          retried = true;
          await retryEntry(db, ids[0]!); // the user retries it while the first batch is out
        }
        return response;
      },
    };
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth(), {
      count: 2,
      bytes: 1 << 20,
    });
    expect(result).toEqual({ accepted: 5, rejected: 0 });
    expect(
      inner.requests.map((r) =>
        r.fn === 'ops_batch'
          ? (r.params.mutations as { mutation_id: string }[]).map((m) => m.mutation_id)
          : [r.params.mutation_id],
      ),
    ).toEqual([[ids[1], ids[2]], [ids[0], ids[3]], [ids[4]]]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends a batch again whole when its answer was lost after it was sent ahead', async () => {
    const { db, tickets, ids } = await queued(4);
    const server = new ModelServer();
    server.insert('users', toWire(userRow({ id: ENGINEER_ID })));
    for (const ticket of tickets) server.insert('support_tickets', toWire(ticket));
    let batches = 0;
    const transport: Transport = {
      rpc: async (fn, params) => {
        const response = server.rpc(ENGINEER_ID, fn, params);
        if (fn === 'ops_batch' && ++batches === 2) return offline; // applied, the answer lost
        return response;
      },
    };
    const limits = { count: 2, bytes: 1 << 20 };
    const lost = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth(), limits);
    expect(lost).toMatchObject({ accepted: 2, rejected: 0, stop: { kind: 'transient' } });
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual(ids.slice(2));
    expect(await pushOutbox(db, ENGINEER_ID, transport, fakeAuth(), limits)).toEqual({
      accepted: 2,
      rejected: 0,
    });
    expect(ids.map((id) => server.applications.get(id))).toEqual([1, 1, 1, 1]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('replays a batch whose answer was lost; the ledger applies each mutation once', async () => {
    const { db, tickets, ids } = await queued(4);
    const server = new ModelServer();
    server.insert('users', toWire(userRow({ id: ENGINEER_ID })));
    for (const ticket of tickets) server.insert('support_tickets', toWire(ticket));
    let lose = true;
    const requests: { fn: string; params: Record<string, unknown> }[] = [];
    const transport: Transport = {
      rpc: async (fn, params) => {
        requests.push({ fn, params });
        const response = server.rpc(ENGINEER_ID, fn, params);
        if (fn === 'ops_batch' && lose) {
          lose = false;
          return offline; // applied, the answer lost on the way
        }
        return response;
      },
    };
    const lost = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(lost).toEqual({
      accepted: 0,
      rejected: 0,
      stop: { kind: 'transient', reason: 'TypeError: fetch failed' },
    });
    expect(await db.outbox.count()).toBe(4);
    const result = await pushOutbox(db, ENGINEER_ID, transport, fakeAuth());
    expect(result).toEqual({ accepted: 4, rejected: 0 });
    // The whole batch again, answered from the ledger.
    expect(requests.map((r) => r.fn)).toEqual(['ops_batch', 'ops_batch']);
    expect(requests[1]?.params).toEqual(requests[0]?.params);
    expect(ids.map((id) => server.applications.get(id))).toEqual([1, 1, 1, 1]);
    expect(await db.outbox.count()).toBe(0);
  });
});
