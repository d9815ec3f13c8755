// The vendor's counters and engineer figures from the indexes give what the domain's rules give
// over every row (ticketCounters, requestCounters, scheduledCountByEngineer, engineerWorkloads),
// reading no ticket or service request row; the Operations Center reads only what it lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest, ServiceRequestStatus, SupportTicket } from '../../domain/entities';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../domain/schemas/common';
import {
  engineerWorkloads,
  requestCounters,
  scheduledCountByEngineer,
  ticketCounters,
  urgentUnassigned,
} from '../../domain/vendor';
import { serviceRequestRow, ticketRow, userRow } from '../../testing/rows';
import { openLocalDatabase } from '../db';
import { loadEngineerCounts, loadEngineerWorkloads, loadResolutionHours } from './engineer-figures';
import {
  loadRequestCounters,
  loadScheduledCounts,
  loadTicketCounters,
  loadVendorOverview,
} from './vendor';

const VENDOR = '00000000-0000-4000-8000-0000000000f1';
const engineers = ['Ann', 'Bob', 'Cy'].map((name) => userRow({ name, role: 'ENGINEER' }));
const hour = (n: number) => new Date(Date.UTC(2026, 0, 1, n)).toISOString();

const REQUEST_STATUSES: ServiceRequestStatus[] = ['PENDING', 'SCHEDULED', 'COMPLETED', 'CANCELLED'];

const ticket = fc
  .record({
    engineer: fc.integer({ min: -1, max: engineers.length - 1 }),
    status: fc.constantFrom(...TICKET_STATUSES),
    priority: fc.constantFrom(...TICKET_PRIORITIES),
    created: fc.integer({ min: 0, max: 500 }),
    worked: fc.integer({ min: 0, max: 90 }),
    // Hours of edits after the resolution (issue 29: they must not move the figures).
    editedAfter: fc.integer({ min: 0, max: 900 }),
  })
  .map(({ engineer, status, priority, created, worked, editedAfter }) =>
    ticketRow({
      engineerUserId: engineers[engineer]?.id ?? null,
      status,
      priority,
      createdAt: hour(created),
      updatedAt: hour(created + worked + editedAfter),
      resolvedAt: status === 'RESOLVED' || status === 'CLOSED' ? hour(created + worked) : null,
    }),
  );

const request = fc
  .record({
    engineer: fc.integer({ min: -1, max: engineers.length - 1 }),
    status: fc.constantFrom(...REQUEST_STATUSES),
  })
  .map(({ engineer, status }) =>
    serviceRequestRow({ engineerUserId: engineers[engineer]?.id ?? null, status }),
  );

/** A mirror holding the rows, and the count of ticket and request rows read from it. */
async function mirror(tickets: SupportTicket[], requests: ServiceRequest[]) {
  const db = openLocalDatabase(VENDOR, { name: `vendor-${crypto.randomUUID()}` });
  await db.users.bulkPut(engineers);
  await db.supportTickets.bulkPut(tickets);
  await db.serviceRequests.bulkPut(requests);
  const reads = { tickets: 0, requests: 0 };
  db.supportTickets.hook('reading', (row) => ((reads.tickets += 1), row));
  db.serviceRequests.hook('reading', (row) => ((reads.requests += 1), row));
  return { db, reads };
}

describe('vendor figures from the indexes', () => {
  it('equal the rules over every row, and read no ticket or request row', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(ticket, { maxLength: 60 }),
        fc.array(request, { maxLength: 40 }),
        async (tickets, requests) => {
          const { db, reads } = await mirror(tickets, requests);
          expect(await loadTicketCounters(db)).toEqual(ticketCounters(tickets));
          expect(await loadRequestCounters(db)).toEqual(requestCounters(requests));
          const scheduled = scheduledCountByEngineer(requests);
          const counts = await loadScheduledCounts(db);
          for (const e of engineers) expect(counts.get(e.id)).toBe(scheduled.get(e.id) ?? 0);
          const byName = [...engineers].sort((a, b) => a.name!.localeCompare(b.name!));
          const rules = engineerWorkloads(byName, tickets, requests);
          expect(await loadEngineerWorkloads(db)).toEqual(rules);
          // Each part alone: the counts are the rules' figures but the hours, and the hours theirs.
          expect(await loadEngineerCounts(db)).toEqual(
            rules.map(({ averageResolutionTime: _hours, ...counts }) => counts),
          );
          expect(await loadResolutionHours(db)).toEqual(
            new Map(rules.map((w) => [w.engineer.id, w.averageResolutionTime])),
          );
          expect(reads).toEqual({ tickets: 0, requests: 0 });
          db.close();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('Operations Center: counts, the 3 urgent unassigned and the 5 newest, reading only those', async () => {
    const tickets = Array.from({ length: 400 }, (_, n) =>
      ticketRow({
        engineerUserId: n % 5 === 0 ? null : engineers[n % 3]!.id,
        status: TICKET_STATUSES[n % 4],
        priority: TICKET_PRIORITIES[Math.floor(n / 4) % 4],
        createdAt: hour(n),
      }),
    );
    const { db, reads } = await mirror(tickets, []);
    const overview = await loadVendorOverview(db, 5);
    expect(overview.active).toBe(
      tickets.filter((t) => t.status === 'OPEN' || t.status === 'IN_PROGRESS').length,
    );
    expect(overview.unassigned).toBe(ticketCounters(tickets).unassigned);
    expect(overview.urgent).toEqual(urgentUnassigned(tickets));
    const newest = [...tickets].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(overview.recent.map((r) => r.ticket.id)).toEqual(newest.slice(0, 5).map((t) => t.id));
    // The 5 newest, and the unassigned range from the newest until 3 urgent ones were found.
    expect(reads.tickets).toBeLessThan(60);
    db.close();
  });
});
