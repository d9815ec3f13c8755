import { describe, expect, it } from 'vitest';
import { serviceRequestRow, ticketRow, userRow } from '../testing/rows';
import {
  engineerLabel,
  engineerWorkloads,
  isHighPriorityOpen,
  passesFilter,
  requestCounters,
  scheduledCountByEngineer,
  teamAverages,
  ticketCounters,
  urgentUnassigned,
} from './vendor';
import { matchesSearchText, searchText } from './search';

const A = 'a';
const B = 'b';

describe('vendor rules', () => {
  it('high priority means HIGH or URGENT and not CLOSED', () => {
    expect(isHighPriorityOpen({ priority: 'HIGH', status: 'RESOLVED' })).toBe(true);
    expect(isHighPriorityOpen({ priority: 'URGENT', status: 'OPEN' })).toBe(true);
    expect(isHighPriorityOpen({ priority: 'URGENT', status: 'CLOSED' })).toBe(false);
    expect(isHighPriorityOpen({ priority: 'NORMAL', status: 'OPEN' })).toBe(false);
  });

  it('ALL passes everything, a value only itself', () => {
    expect(passesFilter('OPEN', 'ALL')).toBe(true);
    expect(passesFilter('OPEN', 'OPEN')).toBe(true);
    expect(passesFilter('OPEN', 'CLOSED')).toBe(false);
  });

  it('counts unassigned and high-priority tickets, unassigned and pending requests', () => {
    const tickets = [
      ticketRow({ priority: 'HIGH' }),
      ticketRow({ engineerUserId: A, priority: 'URGENT', status: 'CLOSED' }),
      ticketRow({ engineerUserId: A }),
    ];
    expect(ticketCounters(tickets)).toEqual({ unassigned: 1, highPriority: 1 });
    const requests = [
      serviceRequestRow(),
      serviceRequestRow({ engineerUserId: A, status: 'SCHEDULED' }),
      serviceRequestRow({ status: 'CANCELLED' }),
    ];
    expect(requestCounters(requests)).toEqual({ unassigned: 2, pending: 1 });
  });

  it("counts each engineer's SCHEDULED requests only", () => {
    const counts = scheduledCountByEngineer([
      serviceRequestRow({ engineerUserId: A, status: 'SCHEDULED' }),
      serviceRequestRow({ engineerUserId: A, status: 'SCHEDULED' }),
      serviceRequestRow({ engineerUserId: A, status: 'COMPLETED' }),
      serviceRequestRow({ engineerUserId: B, status: 'PENDING' }),
    ]);
    expect(counts.get(A)).toBe(2);
    expect(counts.get(B)).toBeUndefined();
  });

  it('urgent unassigned: HIGH or URGENT, active, no engineer, newest first, first 3', () => {
    const rows = [1, 2, 3, 4].map((day) =>
      ticketRow({ priority: 'URGENT', createdAt: `2026-03-0${day}T00:00:00.000Z` }),
    );
    const excluded = [
      ticketRow({ priority: 'HIGH', status: 'RESOLVED', createdAt: '2026-03-09T00:00:00.000Z' }),
      ticketRow({ priority: 'HIGH', engineerUserId: A, createdAt: '2026-03-09T00:00:00.000Z' }),
      ticketRow({ priority: 'LOW', createdAt: '2026-03-09T00:00:00.000Z' }),
    ];
    expect(urgentUnassigned([...rows, ...excluded])).toEqual([rows[3], rows[2], rows[1]]);
  });

  it('workloads: active tickets, services assigned and metrics per engineer; team averages', () => {
    const alice = userRow({
      id: A,
      name: 'Alice',
      role: 'ENGINEER',
      engineer: { performanceMetrics: { customerSatisfactionScore: 4.8 } },
    });
    const bob = userRow({ id: B, name: 'Bob', role: 'ENGINEER' });
    const tickets = [
      ticketRow({ engineerUserId: A, status: 'OPEN' }),
      ticketRow({ engineerUserId: A, status: 'IN_PROGRESS' }),
      ticketRow({
        engineerUserId: A,
        status: 'RESOLVED',
        createdAt: '2026-03-01T00:00:00.000Z',
        updatedAt: '2026-03-01T04:00:00.000Z',
      }),
    ];
    const requests = [serviceRequestRow({ engineerUserId: A, status: 'COMPLETED' })];
    const [a, b] = engineerWorkloads([alice, bob], tickets, requests);
    expect(a).toMatchObject({
      activeTickets: 2,
      servicesAssigned: 1,
      totalTicketsResolved: 1,
      totalServiceRequestsCompleted: 1,
      averageResolutionTime: 4,
      completionRate: 33.3,
    });
    // No data is not a figure (issue 29): Bob has no resolved and no assigned ticket.
    expect(b).toMatchObject({
      activeTickets: 0,
      servicesAssigned: 0,
      averageResolutionTime: null,
      completionRate: null,
    });
    // Bob stays out of the team's averages: Alice's figures, not halved by Bob's nothing.
    expect(teamAverages([a!, b!])).toEqual({
      averageResolutionTime: 4,
      completionRate: 33.3,
      customerSatisfaction: 4.8,
    });
    expect(teamAverages([b!])).toEqual({
      averageResolutionTime: null,
      completionRate: null,
      customerSatisfaction: null,
    });
  });

  it("an engineer without a name is 'Unknown Engineer'", () => {
    expect(engineerLabel({ name: '  ' })).toBe('Unknown Engineer');
    expect(engineerLabel(null)).toBe('Unknown Engineer');
    expect(engineerLabel({ name: 'Alice' })).toBe('Alice');
  });
});

describe('search text', () => {
  it('matches as matchesSearch does: any field, ignoring case, blank matches all', () => {
    const text = searchText(['Chair will not rise', null, 'Riverside Dental', 'S30-0042']);
    expect(matchesSearchText(text, ' s30-00 ')).toBe(true);
    expect(matchesSearchText(text, 'RIVERSIDE')).toBe(true);
    expect(matchesSearchText(text, '')).toBe(true);
    expect(matchesSearchText(text, 'rise riverside')).toBe(false);
  });
});
