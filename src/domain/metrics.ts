// Engineer performance metrics (SPEC §3 Engineer metrics, §9), computed from tickets and
// service requests. Pure: no clock involved, durations come from the records themselves.

const HOUR_MS = 60 * 60 * 1000;

/** The ticket fields the metrics read. */
export interface MetricsTicket {
  engineerUserId?: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
}

/** The service request fields the metrics read. */
export interface MetricsServiceRequest {
  engineerUserId?: string | null;
  status: string;
}

/** An engineer's computed performance. */
export interface EngineerMetrics {
  averageResolutionTime: number;
  completionRate: number;
  totalTicketsResolved: number;
  totalServiceRequestsCompleted: number;
  totalExperience: number;
}

/** Ticket statuses that count as resolved. */
export const RESOLVED_TICKET_STATUSES: readonly string[] = ['RESOLVED', 'CLOSED'];

function roundOne(value: number): number {
  return Math.round(value * 10) / 10;
}

function resolutionHours(ticket: MetricsTicket): number | null {
  const ms = new Date(ticket.updatedAt).getTime() - new Date(ticket.createdAt).getTime();
  return Number.isFinite(ms) ? ms / HOUR_MS : null;
}

/** Average hours from creation to last update over resolved tickets, one decimal; 0 when none. */
export function averageResolutionHours(resolved: readonly MetricsTicket[]): number {
  const hours = resolved.map(resolutionHours).filter((h): h is number => h !== null);
  if (hours.length === 0) return 0;
  return roundOne(hours.reduce((sum, h) => sum + h, 0) / hours.length);
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
    assigned.length === 0 ? 0 : roundOne((resolved.length / assigned.length) * 100);
  return {
    averageResolutionTime: averageResolutionHours(resolved),
    completionRate,
    totalTicketsResolved: resolved.length,
    totalServiceRequestsCompleted: completedServices,
    totalExperience: resolved.length + completedServices,
  };
}
