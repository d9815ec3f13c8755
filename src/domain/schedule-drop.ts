// What dropping work on an engineer's cell would do, judged before the drop (issue 45): a RULE
// that refuses (the assignment screens' and the server's: a finished ticket, a settled request, a
// chair without an owner; no override) or WARNINGS a dispatcher may override (the slot already
// taken, the customer's preferred date missed, outside the engineer's coverage areas, no
// specialization in the chair's model, a day the engineer is not available, a load above SPEC
// §9's workload limit). Pure: the time comes in as `now`.
import { SERVICE_TIME_SLOTS } from './customer-chairs';
import { dayName, formatTime12h } from './certification';
import type { Chair, ServiceRequest, User } from './entities';
import { formatDate } from './format';
import { chairModelName } from './labels';
import { HEAVY_WORKLOAD } from './ratings';
import type { QueueItem } from './schedule-queue';
import { CHAIR_HAS_NO_OWNER, requestAssignRefusal } from './service-requests';
import { assignTicketRefusal } from './tickets';
import { engineerLabel } from './vendor';

/** A chair dropped on the board needs an owner to book the visit for (serviceRequest.book's rule). */
export const NO_OWNER = CHAIR_HAS_NO_OWNER;

export interface DropTarget {
  engineer: User;
  day: string;
  /** The slot (day view); null for a whole day (week view). */
  time: string | null;
}

/** What the board knows about the target engineer when judging a drop. */
export interface DropContext {
  /** The engineer's scheduled visits (any day). */
  visits: readonly Pick<ServiceRequest, 'id' | 'scheduledDate' | 'scheduledTime' | 'status'>[];
  activeTickets: number;
}

export interface DropVerdict {
  /** A rule's refusal: the drop cannot happen. */
  refusal: string | null;
  /** Warnings: the drop may happen once the dispatcher confirms. */
  warnings: string[];
  /** The time the visit would be booked at (null for a ticket). */
  time: string | null;
  /** The drop changes nothing (the work is already there). */
  unchanged: boolean;
}

const sameDay = (v: DropContext['visits'][number], day: string) =>
  v.status === 'SCHEDULED' && v.scheduledDate?.slice(0, 10) === day;

/**
 * The time a visit dropped on a whole day is booked at: the one it has, else the customer's
 * preferred time, else the engineer's first free slot that day (else the first slot).
 */
export function dropTime(item: QueueItem, target: DropTarget, context: DropContext): string {
  if (target.time) return target.time;
  const own = item.kind === 'request' ? item.request : null;
  const wanted = own?.scheduledTime ?? own?.preferredTime;
  if (wanted) return wanted.slice(0, 5);
  const taken = new Set(
    context.visits.filter((v) => sameDay(v, target.day)).map((v) => v.scheduledTime?.slice(0, 5)),
  );
  return SERVICE_TIME_SLOTS.find((slot) => !taken.has(slot)) ?? SERVICE_TIME_SLOTS[0] ?? '08:00';
}

function refusalOf(item: QueueItem): string | null {
  if (item.kind === 'ticket') return assignTicketRefusal(item.ticket);
  if (item.kind === 'request') return requestAssignRefusal(item.request);
  return item.chair.ownerUserId ? null : NO_OWNER;
}

const mentions = (text: string, part: string) =>
  part.trim() !== '' && text.toLowerCase().includes(part.trim().toLowerCase());

/** Outside the coverage areas: both known, and no area named in the practice's address. */
export function coverageWarning(engineer: User, customer: User | null): string | null {
  const areas = engineer.engineer?.coverageAreas ?? [];
  const address = customer?.practice?.address || customer?.address || '';
  if (areas.length === 0 || !address.trim()) return null;
  if (areas.some((area) => mentions(address, area))) return null;
  return `${address} is outside ${engineerLabel(engineer)}'s coverage areas (${areas.join(', ')})`;
}

/** No specialization naming the chair's model code (S30, U500), when both are known. */
export function specializationWarning(engineer: User, chair: Chair | null): string | null {
  const skills = engineer.engineer?.specializations ?? [];
  if (!chair || skills.length === 0) return null;
  if (skills.some((skill) => mentions(skill, chair.model))) return null;
  return `${engineerLabel(engineer)} has no ${chairModelName(chair)} specialization`;
}

/** The engineer's weekly availability marks that weekday 'Not Available'. */
export function availabilityWarning(engineer: User, day: string): string | null {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const entry = engineer.engineer?.availability?.find((a) => a.dayOfWeek === weekday);
  return entry && !entry.isAvailable
    ? `${engineerLabel(engineer)} is not available on ${dayName(weekday)}s`
    : null;
}

function visitWarnings(item: QueueItem, target: DropTarget, context: DropContext, time: string) {
  const name = engineerLabel(target.engineer);
  const own = item.kind === 'request' ? item.request.id : null;
  const others = context.visits.filter((v) => v.id !== own && sameDay(v, target.day));
  const at = `${formatDate(target.day)} at ${formatTime12h(time)}`;
  const preferred = item.kind === 'request' ? item.request.preferredDate : null;
  return [
    others.some((v) => v.scheduledTime?.slice(0, 5) === time)
      ? `${name} already has a visit on ${at}`
      : null,
    preferred && preferred.slice(0, 10) !== target.day
      ? `The customer asked for ${formatDate(preferred)}, not ${formatDate(target.day)}`
      : null,
    others.length + 1 > HEAVY_WORKLOAD
      ? `${name} would have ${others.length + 1} visits on ${formatDate(target.day)} (more than ${HEAVY_WORKLOAD})`
      : null,
    availabilityWarning(target.engineer, target.day),
  ];
}

/** The verdict on dropping `item` on `target`. */
export function checkDrop(item: QueueItem, target: DropTarget, context: DropContext): DropVerdict {
  const refusal = refusalOf(item);
  const engineer = target.engineer;
  if (item.kind === 'ticket') {
    const unchanged = item.ticket.engineerUserId === engineer.id;
    const load = context.activeTickets + (unchanged ? 0 : 1);
    const warnings = [
      load > HEAVY_WORKLOAD
        ? `${engineerLabel(engineer)} would have ${load} active tickets (more than ${HEAVY_WORKLOAD})`
        : null,
      coverageWarning(engineer, item.customer),
      specializationWarning(engineer, item.chair),
    ];
    return { refusal, warnings: present(warnings), time: null, unchanged };
  }
  const time = dropTime(item, target, context);
  const unchanged =
    item.kind === 'request' &&
    item.request.status === 'SCHEDULED' &&
    item.request.engineerUserId === engineer.id &&
    item.request.scheduledDate?.slice(0, 10) === target.day &&
    item.request.scheduledTime?.slice(0, 5) === time;
  const warnings = [
    ...visitWarnings(item, target, context, time),
    coverageWarning(engineer, item.customer),
    specializationWarning(engineer, item.chair),
  ];
  return { refusal, warnings: present(warnings), time, unchanged };
}

const present = (items: (string | null)[]) => items.filter((w): w is string => w !== null);
