// Vendor operations rules (SPEC §2 Vendor routes, §9): the assignment screens' filters and
// counters, each engineer's workload and scheduled count, and the team averages. Pure: rows in,
// figures out. The vendor screens and their tests read these.
import { isTicketActive } from './active-tickets';
import type { ServiceRequest, SupportTicket, User } from './entities';
import {
  RESOLVED_TICKET_STATUSES,
  metricsOf,
  type EngineerMetrics,
  type MetricsTicket,
} from './metrics';
import type { TicketStatus } from './schemas/common';

/** Ticket priorities that count as high (SPEC §2 Ticket Assignment). */
export const HIGH_PRIORITIES: readonly string[] = ['HIGH', 'URGENT'];

/** HIGH or URGENT and not CLOSED. */
export function isHighPriorityOpen(ticket: Pick<SupportTicket, 'priority' | 'status'>): boolean {
  return HIGH_PRIORITIES.includes(ticket.priority) && ticket.status !== 'CLOSED';
}

/** 'ALL' or one value: the status and priority filters of the assignment screens. */
export function passesFilter<T extends string>(value: T, filter: T | 'ALL'): boolean {
  return filter === 'ALL' || value === filter;
}

export interface TicketCounters {
  unassigned: number;
  highPriority: number;
}

/** Counters of Ticket Assignment: tickets without an engineer; HIGH or URGENT not CLOSED. */
export function ticketCounters(
  tickets: readonly Pick<SupportTicket, 'engineerUserId' | 'priority' | 'status'>[],
): TicketCounters {
  return {
    unassigned: tickets.filter((t) => !t.engineerUserId).length,
    highPriority: tickets.filter(isHighPriorityOpen).length,
  };
}

export interface RequestCounters {
  unassigned: number;
  pending: number;
}

/** Counters of Service Assignment: requests without an engineer; requests PENDING. */
export function requestCounters(
  requests: readonly Pick<ServiceRequest, 'engineerUserId' | 'status'>[],
): RequestCounters {
  return {
    unassigned: requests.filter((r) => !r.engineerUserId).length,
    pending: requests.filter((r) => r.status === 'PENDING').length,
  };
}

/** How many SCHEDULED requests each engineer has (the Service Assignment dropdown). */
export function scheduledCountByEngineer(
  requests: readonly Pick<ServiceRequest, 'engineerUserId' | 'status'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requests) {
    if (r.engineerUserId && r.status === 'SCHEDULED') {
      counts.set(r.engineerUserId, (counts.get(r.engineerUserId) ?? 0) + 1);
    }
  }
  return counts;
}

/** An unassigned ticket that is HIGH or URGENT and still active. */
export function isUrgentUnassigned(
  t: Pick<SupportTicket, 'engineerUserId' | 'priority' | 'status'>,
): boolean {
  return !t.engineerUserId && HIGH_PRIORITIES.includes(t.priority) && isTicketActive(t.status);
}

/** Unassigned tickets that are HIGH or URGENT and still active, newest first (first `limit`). */
export function urgentUnassigned<T extends SupportTicket>(tickets: readonly T[], limit = 3): T[] {
  return tickets
    .filter(isUrgentUnassigned)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}

/** One engineer's figures on the vendor screens. */
export interface EngineerWorkload extends EngineerMetrics {
  engineer: User;
  activeTickets: number;
  servicesAssigned: number;
}

/** A ticket as an engineer's figures read it. */
export type WorkloadTicket = MetricsTicket & { status: TicketStatus };

/** An engineer's service requests as the figures count them. */
export interface ServiceTally {
  assigned: number;
  completed: number;
}

/** Each engineer's active tickets, services assigned and computed metrics (SPEC §3, §9). */
export function engineerWorkloads(
  engineers: readonly User[],
  tickets: readonly WorkloadTicket[],
  requests: readonly Pick<ServiceRequest, 'engineerUserId' | 'status'>[],
): EngineerWorkload[] {
  const tally = new Map<string, ServiceTally>();
  for (const r of requests) {
    if (!r.engineerUserId) continue;
    const t = tally.get(r.engineerUserId) ?? { assigned: 0, completed: 0 };
    t.assigned += 1;
    if (r.status === 'COMPLETED') t.completed += 1;
    tally.set(r.engineerUserId, t);
  }
  return workloadsOf(engineers, tickets, tally);
}

/**
 * engineerWorkloads from the tickets and each engineer's service request counts (a reader that
 * counts requests through an index passes the counts).
 */
export function workloadsOf(
  engineers: readonly User[],
  tickets: readonly WorkloadTicket[],
  services: ReadonlyMap<string, ServiceTally>,
): EngineerWorkload[] {
  const ticketsOf = new Map<string, WorkloadTicket[]>();
  for (const ticket of tickets) {
    if (!ticket.engineerUserId) continue;
    const list = ticketsOf.get(ticket.engineerUserId) ?? [];
    list.push(ticket);
    ticketsOf.set(ticket.engineerUserId, list);
  }
  return engineers.map((engineer) => {
    const mine = ticketsOf.get(engineer.id) ?? [];
    const tally = services.get(engineer.id) ?? { assigned: 0, completed: 0 };
    return {
      engineer,
      ...metricsOf(mine, tally.completed),
      activeTickets: mine.filter((t) => isTicketActive(t.status)).length,
      servicesAssigned: tally.assigned,
    };
  });
}

/** An engineer's figures but the average resolution time: what counts alone give. */
export type EngineerCounts = Omit<EngineerWorkload, 'averageResolutionTime'>;

/**
 * An engineer's figures as a screen shows them while the resolution hours are read: every count,
 * and the average resolution time once known (undefined until then, never a stand-in 0).
 */
export type PendingWorkload = EngineerCounts & {
  averageResolutionTime: number | null | undefined;
};

/**
 * workloadsOf's figures but the resolution time, from how many assigned tickets the engineer has
 * in each status (a reader that counts them through an index passes the counts).
 */
export function countsOf(
  engineer: User,
  ticketsByStatus: ReadonlyMap<TicketStatus, number>,
  services: ServiceTally,
): EngineerCounts {
  let assigned = 0;
  let resolved = 0;
  let active = 0;
  for (const [status, n] of ticketsByStatus) {
    assigned += n;
    if (RESOLVED_TICKET_STATUSES.includes(status)) resolved += n;
    if (isTicketActive(status)) active += n;
  }
  return {
    engineer,
    completionRate: assigned === 0 ? null : roundOne((resolved / assigned) * 100),
    totalTicketsResolved: resolved,
    totalServiceRequestsCompleted: services.completed,
    totalExperience: resolved + services.completed,
    activeTickets: active,
    servicesAssigned: services.assigned,
  };
}

/** The workloads once every engineer's resolution time is known; null while one is not. */
export function loadedWorkloads(pending: readonly PendingWorkload[]): EngineerWorkload[] | null {
  const whole: EngineerWorkload[] = [];
  for (const w of pending) {
    if (w.averageResolutionTime === undefined) return null;
    whole.push({ ...w, averageResolutionTime: w.averageResolutionTime });
  }
  return whole;
}

export interface TeamAverages {
  /** Mean over the engineers with a resolved ticket; null when none has one. */
  averageResolutionTime: number | null;
  /** Mean over the engineers with an assigned ticket; null when none has one. */
  completionRate: number | null;
  /** Mean stored satisfaction score out of 5, one decimal; null when no engineer has one. */
  customerSatisfaction: number | null;
}

const roundOne = (value: number) => Math.round(value * 10) / 10;
const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;
/** The mean of the figures there are, one decimal; null when there is none (issue 29). */
const meanOfKnown = (values: (number | null)[]) => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : roundOne(mean(known));
};

/**
 * The team's averages over engineers: resolution hours, completion rate, satisfaction. An
 * engineer without the figure (no resolved or no assigned ticket) is left out, not counted as 0.
 */
export function teamAverages(workloads: readonly EngineerWorkload[]): TeamAverages {
  return {
    averageResolutionTime: meanOfKnown(workloads.map((w) => w.averageResolutionTime)),
    completionRate: meanOfKnown(workloads.map((w) => w.completionRate)),
    customerSatisfaction: teamSatisfaction(workloads),
  };
}

/** The team's mean stored satisfaction score (teamAverages'), one decimal; null when none. */
export function teamSatisfaction(workloads: readonly { engineer: User }[]): number | null {
  const scores = workloads
    .map((w) => w.engineer.engineer?.performanceMetrics?.customerSatisfactionScore)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s));
  return scores.length === 0 ? null : roundOne(mean(scores));
}

/** The fixed figures SPEC gives the Field Engineers screen. */
export const THIS_WEEK_FIXED = 1;
export const AVERAGE_RESPONSE_TIME_FIXED = '4.2h';

/** An engineer's display name, else 'Unknown Engineer'. */
export function engineerLabel(user: { name: string | null } | null | undefined): string {
  return user?.name?.trim() || 'Unknown Engineer';
}
