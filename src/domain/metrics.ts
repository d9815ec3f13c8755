// Engineer performance metrics (SPEC §3 Engineer metrics, §9), computed from tickets and
// service requests. Pure: no clock involved, durations come from the records themselves.
// No data is not a figure (issue 29): an engineer with no resolved ticket has no resolution
// time (null, 'No resolved tickets yet'), one with no assigned ticket no completion rate; they
// stay out of averages and ratings.

const HOUR_MS = 60 * 60 * 1000;

/** The ticket fields the metrics read. */
export interface MetricsTicket {
  engineerUserId?: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** When the ticket was resolved (set once by resolving); older rows fall back to updatedAt. */
  resolvedAt?: string | null;
}

/** The service request fields the metrics read. */
export interface MetricsServiceRequest {
  engineerUserId?: string | null;
  status: string;
}

/** An engineer's computed performance. */
export interface EngineerMetrics {
  /** Hours, one decimal; null when no ticket is resolved. */
  averageResolutionTime: number | null;
  /** Percent, one decimal; null when no ticket is assigned. */
  completionRate: number | null;
  totalTicketsResolved: number;
  totalServiceRequestsCompleted: number;
  totalExperience: number;
}

/** Ticket statuses that count as resolved. */
export const RESOLVED_TICKET_STATUSES: readonly string[] = ['RESOLVED', 'CLOSED'];

function roundOne(value: number): number {
  return Math.round(value * 10) / 10;
}

/** What an engineer's resolution time reads when none of their tickets is resolved. */
export const NO_RESOLVED_TICKETS = 'No resolved tickets yet';
/** What an engineer's completion rate reads when no ticket is assigned to them. */
export const NO_ASSIGNED_TICKETS = 'No tickets assigned yet';

type ResolvedTimes = Pick<MetricsTicket, 'createdAt' | 'updatedAt' | 'resolvedAt'>;

/**
 * Hours from creation to resolution (issue 29: not to the last update, which a later edit moves;
 * README, Departures). A row from before the resolution stamp reads its last update.
 */
function resolutionMs(ticket: ResolvedTimes): number | null {
  const end = ticket.resolvedAt ?? ticket.updatedAt;
  const ms = new Date(end).getTime() - new Date(ticket.createdAt).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** Average hours from creation to resolution over resolved tickets, one decimal; null when none. */
export function averageResolutionHours(resolved: readonly ResolvedTimes[]): number | null {
  const times = resolved.map(resolutionMs).filter((ms): ms is number => ms !== null);
  return meanResolutionHours(
    times.reduce((sum, ms) => sum + ms, 0),
    times.length,
  );
}

/**
 * The average of `count` resolution times totalling `totalMs`, in hours, one decimal; null when
 * there is none (a new device's first figures come as such totals: home-figures.ts).
 */
export function meanResolutionHours(totalMs: number, count: number): number | null {
  if (count === 0) return null;
  return roundOne(totalMs / HOUR_MS / count);
}

/** '4.5h', or 'No resolved tickets yet'. */
export function resolutionText(hours: number | null): string {
  return hours === null ? NO_RESOLVED_TICKETS : `${hours}h`;
}

/** '67%' (whole percent, SPEC §9), or 'No tickets assigned yet'. */
export function completionText(rate: number | null): string {
  return rate === null ? NO_ASSIGNED_TICKETS : `${Math.round(rate)}%`;
}

/** Metrics for one engineer: resolution time, completion rate and resolved/completed counts. */
export function engineerMetrics(
  engineerId: string,
  tickets: readonly MetricsTicket[],
  serviceRequests: readonly MetricsServiceRequest[],
): EngineerMetrics {
  const completed = serviceRequests.filter(
    (r) => r.engineerUserId === engineerId && r.status === 'COMPLETED',
  ).length;
  return metricsOf(
    tickets.filter((t) => t.engineerUserId === engineerId),
    completed,
  );
}

/**
 * The metrics of an engineer's assigned tickets and count of completed service requests (for a
 * reader that counts the requests without reading them: the vendor's figures from the indexes).
 */
export function metricsOf(
  assigned: readonly MetricsTicket[],
  completedServices: number,
): EngineerMetrics {
  const resolved = assigned.filter((t) => RESOLVED_TICKET_STATUSES.includes(t.status));
  const completionRate =
    assigned.length === 0 ? null : roundOne((resolved.length / assigned.length) * 100);
  return {
    averageResolutionTime: averageResolutionHours(resolved),
    completionRate,
    totalTicketsResolved: resolved.length,
    totalServiceRequestsCompleted: completedServices,
    totalExperience: resolved.length + completedServices,
  };
}
