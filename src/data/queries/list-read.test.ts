// The one way a big list is read (loadList): its first page first, reading only the rows it
// shows, then every row newest first (ties at the read boundaries included once), each joined
// with what it names; an unchanged row of the first page is the same object in the whole list.
import { describe, expect, it } from 'vitest';
import type { SupportTicket } from '../../domain/entities';
import { chairRow, ticketRow, userRow } from '../../testing/rows';
import { openLocalDatabase } from '../db';
import { FIRST_ROWS, READ_STEP, loadList, type ListSpec, type LoadedList } from './list-read';

const ME = '00000000-0000-4000-8000-0000000000a1';

interface Item {
  ticket: SupportTicket;
  customer: string | null;
  serial: string | null;
}

const TICKETS: ListSpec<SupportTicket, Item> = {
  table: (db) => db.supportTickets,
  lookups: ['users', 'chairs'],
  refs: (t) => ({ users: [t.customerUserId], chairs: [t.chairId] }),
  join: (ticket, find) => ({
    ticket,
    customer: find.user(ticket.customerUserId)?.name ?? null,
    serial: find.chair(ticket.chairId)?.serialNumber ?? null,
  }),
  row: (item) => item.ticket,
};

/** Newest first; at the same instant, by descending id (the createdAt index's order). */
const newestFirst = (a: SupportTicket, b: SupportTicket) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

describe('loadList', () => {
  it('gives the first page from the index first, then every row newest first, joined', async () => {
    const db = openLocalDatabase(ME, { name: `list-${crypto.randomUUID()}` });
    const customer = userRow({ name: 'Riverside Dental' });
    const chair = chairRow({ serialNumber: 'S30-0042' });
    await db.users.put(customer);
    await db.chairs.put(chair);
    // 2.5 read steps of tickets, many created at the same minute (ties across read boundaries).
    const count = Math.round(READ_STEP * 2.5);
    const tickets = Array.from({ length: count }, (_, n) =>
      ticketRow({
        customerUserId: n % 2 ? customer.id : null,
        chairId: n % 3 ? chair.id : null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(n / 300))).toISOString(),
      }),
    );
    await db.supportTickets.bulkPut(tickets);
    let read = 0;
    db.supportTickets.hook('reading', (row) => {
      read += 1;
      return row;
    });
    const parts: { list: LoadedList<Item>; read: number }[] = [];

    const whole = await loadList(db, TICKETS, { progress: (list) => parts.push({ list, read }) });

    const expected = [...tickets].sort(newestFirst);
    // The first page: the newest FIRST_ROWS, and only those were read.
    expect(parts).toHaveLength(1);
    const first = parts[0]!;
    expect(first.read).toBe(FIRST_ROWS);
    expect(first.list.complete).toBe(false);
    expect(first.list.rows.map((i) => i.ticket.id)).toEqual(
      expected.slice(0, FIRST_ROWS).map((t) => t.id),
    );
    // The whole list: every row once, newest first, joined.
    expect(whole.complete).toBe(true);
    expect(whole.rows.map((i) => i.ticket.id)).toEqual(expected.map((t) => t.id));
    for (const item of whole.rows) {
      expect(item.customer).toBe(item.ticket.customerUserId ? 'Riverside Dental' : null);
      expect(item.serial).toBe(item.ticket.chairId ? 'S30-0042' : null);
    }
    // The first page's rows are the same objects (their cards are not drawn again).
    first.list.rows.forEach((item, i) => expect(whole.rows[i]).toBe(item));
    db.close();
  });

  it('leaves out the rows `keep` refuses, in the first page and the whole list', async () => {
    const db = openLocalDatabase(ME, { name: `list-${crypto.randomUUID()}` });
    const tickets = Array.from({ length: 60 }, (_, n) =>
      ticketRow({ status: n % 4 === 0 ? 'CLOSED' : 'OPEN' }),
    );
    await db.supportTickets.bulkPut(tickets);
    const open: ListSpec<SupportTicket, string> = {
      ...TICKETS,
      keep: (t) => t.status !== 'CLOSED',
      join: (t) => t.id,
      row: (id) => tickets.find((t) => t.id === id)!,
    };
    let first: readonly string[] = [];
    const whole = await loadList(db, open, { progress: (list) => (first = list.rows) });
    const kept = tickets.filter((t) => t.status !== 'CLOSED').map((t) => t.id);
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((id) => kept.includes(id))).toBe(true);
    expect([...whole.rows].sort()).toEqual([...kept].sort());
    db.close();
  });

  it('keeps the items of a re-read that show the same as before; a changed row or customer is new', async () => {
    const db = openLocalDatabase(ME, { name: `list-${crypto.randomUUID()}` });
    const [ann, bob] = [userRow({ name: 'Ann' }), userRow({ name: 'Bob' })];
    await db.users.bulkPut([ann, bob]);
    const [a, b, c] = [ann, bob, ann].map((u, n) =>
      ticketRow({
        customerUserId: u.id,
        createdAt: new Date(Date.UTC(2026, 0, n + 1)).toISOString(),
      }),
    );
    await db.supportTickets.bulkPut([a!, b!, c!]);
    const before = await loadList(db, TICKETS);
    await db.supportTickets.put({
      ...a!,
      title: 'Now leaking',
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
    await db.users.put({ ...bob, name: 'Robert', updatedAt: '2026-02-01T00:00:00.000Z' });

    const after = await loadList(db, TICKETS, { previous: before });

    const byId = (list: LoadedList<Item>, id: string) => list.rows.find((i) => i.ticket.id === id)!;
    expect(byId(after, c!.id)).toBe(byId(before, c!.id));
    expect(byId(after, a!.id)).not.toBe(byId(before, a!.id));
    expect(byId(after, a!.id).ticket.title).toBe('Now leaking');
    expect(byId(after, b!.id)).not.toBe(byId(before, b!.id));
    expect(byId(after, b!.id).customer).toBe('Robert');
    db.close();
  });
});
