// The counts a home screen shows while a new device's mirror is not complete (issue 30): the
// server counts, under the user's row level security, the rows behind each figure
// (public.sync_home_figures, migration 0020), and the screens' rules read these counts as they
// read the mirror's indexes once every row is there. Counts, never finished figures: what is
// active, high priority, a completion rate or an average stays in one place (vendor.ts,
// metrics.ts, active-tickets.ts). Pure.
import type { ServiceRequestStatus } from './entities';
import { meanResolutionHours } from './metrics';
import type { Role, TicketPriority, TicketStatus } from './schemas/common';

/** Tickets of one engineer (null: unassigned), status and priority, and how many. */
export interface TicketTally {
  engineerId: string | null;
  status: TicketStatus;
  priority: TicketPriority;
  count: number;
}

/** Service requests of one engineer (null: unassigned) and status, and how many. */
export interface RequestTally {
  engineerId: string | null;
  status: ServiceRequestStatus;
  count: number;
}

/** An engineer's resolved tickets that have a resolution time: their total time and number. */
export interface ResolutionTally {
  engineerId: string;
  totalMs: number;
  count: number;
}

export interface HomeFigures {
  role: Role;
  /** When the server counted. */
  countedAt: string;
  tickets: TicketTally[];
  requests: RequestTally[];
  resolution: ResolutionTally[];
  /** Users not deleted, chairs, confirmed warranties (an admin's; null for other roles). */
  users: number | null;
  chairs: number | null;
  confirmedWarranties: number | null;
}

/** How many tickets pass `keep`. */
export function countTickets(
  figures: HomeFigures,
  keep: (ticket: Omit<TicketTally, 'count'>) => boolean,
): number {
  return figures.tickets.reduce((sum, t) => (keep(t) ? sum + t.count : sum), 0);
}

/** How many service requests pass `keep`. */
export function countRequests(
  figures: HomeFigures,
  keep: (request: Omit<RequestTally, 'count'>) => boolean,
): number {
  return figures.requests.reduce((sum, r) => (keep(r) ? sum + r.count : sum), 0);
}

/** An engineer's tickets by status (what the mirror's [assigneeKey+status+…] index counts). */
export function ticketsByStatusOf(
  figures: HomeFigures,
  engineerId: string,
): Map<TicketStatus, number> {
  const counts = new Map<TicketStatus, number>();
  for (const t of figures.tickets) {
    if (t.engineerId === engineerId) counts.set(t.status, (counts.get(t.status) ?? 0) + t.count);
  }
  return counts;
}

/** An engineer's average resolution hours (metrics.ts's rule), null with nothing resolved. */
export function resolutionHoursOf(figures: HomeFigures, engineerId: string): number | null {
  const tally = figures.resolution.find((r) => r.engineerId === engineerId);
  return tally ? meanResolutionHours(tally.totalMs, tally.count) : null;
}
