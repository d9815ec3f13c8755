// The engineer Overview from the assignee index (loadEngineerOverview): the counters are SPEC's
// over the engineer's and the unassigned tickets, and the rows it reads are only those, however
// many tickets of other engineers the mirror holds.
import { describe, expect, it } from 'vitest';
import { ticketRow } from '../../testing/rows';
import type { SupportTicket } from '../../domain/entities';
import { openLocalDatabase } from '../db';
import { loadEngineerOverview } from './tickets';

const ME = '00000000-0000-4000-8000-0000000000e1';
const OTHER = '00000000-0000-4000-8000-0000000000e2';
const STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
const PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;

function tickets(engineerUserId: string | null, count: number): SupportTicket[] {
  return Array.from({ length: count }, (_, n) =>
    ticketRow({
      engineerUserId,
      status: STATUSES[n % 4],
      priority: PRIORITIES[Math.floor(n / 4) % 4],
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    }),
  );
}

describe('loadEngineerOverview', () => {
  it('counts and lists only mine and the unassigned, reading no other engineer’s row', async () => {
    const db = openLocalDatabase(ME, { name: `overview-${crypto.randomUUID()}` });
    const mine = tickets(ME, 16);
    const unassigned = tickets(null, 16);
    await db.supportTickets.bulkPut([...mine, ...unassigned, ...tickets(OTHER, 2_000)]);
    const read: SupportTicket[] = [];
    db.supportTickets.hook('reading', (row) => {
      read.push(row);
      return row;
    });

    const overview = await loadEngineerOverview(db, ME, 5);

    const visible = [...mine, ...unassigned];
    const expected = (keep: (t: SupportTicket) => boolean) => visible.filter(keep).length;
    expect(overview.mine).toBe(16);
    expect(overview.open).toBe(expected((t) => t.status === 'OPEN'));
    expect(overview.inProgress).toBe(expected((t) => t.status === 'IN_PROGRESS'));
    expect(overview.highPriority).toBe(
      expected((t) => (t.priority === 'HIGH' || t.priority === 'URGENT') && t.status !== 'CLOSED'),
    );
    const newestOpen = visible
      .filter((t) => t.status === 'OPEN')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 5)
      .map((t) => t.id);
    expect(overview.openFirst.map((i) => i.ticket.id)).toEqual(newestOpen);
    expect(overview.inProgressFirst).toHaveLength(5);
    // Rows read: the visible ones once (the pass), none of the 2,000 of the other engineer.
    expect(read.some((t) => t.engineerUserId === OTHER)).toBe(false);
    expect(read).toHaveLength(visible.length);
    db.close();
  });
});
