// Service request transitions (SPEC §4 Service request): which statuses are still open, the
// appointment a take or an assignment sets, and the refusals. The local effects
// (src/data/effects/service-requests.ts) apply these; the guarded operations apply the same
// (tests/integration/mutation-parity.test.ts).
import { statusWord } from './tickets';

export type ServiceRequestStatus = 'PENDING' | 'SCHEDULED' | 'COMPLETED' | 'CANCELLED';

interface RequestAppointment {
  status: string;
  preferredDate: string | null;
  preferredTime: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
}

/** PENDING and SCHEDULED requests can still be taken, assigned, scheduled or cancelled. */
export function isRequestOpen(status: string): boolean {
  return status === 'PENDING' || status === 'SCHEDULED';
}

/**
 * Why a request may not be assigned or scheduled (serviceRequest.assign / .schedule), or null:
 * a COMPLETED or CANCELLED request is settled. Service Assignment, the schedule board and the
 * local effects ask this one rule; the guarded operations refuse the same.
 */
export function requestAssignRefusal(request: { status: string }): string | null {
  return isRequestOpen(request.status) ? null : requestAlreadyMessage(request.status);
}

/** 'This service request is already cancelled' and the like. */
export function requestAlreadyMessage(status: string): string {
  return `This service request is already ${statusWord(status)}`;
}

export function requestTakenMessage(engineerName: string): string {
  return `This service request has already been taken by ${engineerName}`;
}

export const COMPLETED_CANNOT_BE_CANCELLED = 'A completed service request cannot be cancelled';
export const REQUEST_NOT_SCHEDULED = 'This service request is not scheduled yet';

function keepsAppointment(request: RequestAppointment): boolean {
  return request.status === 'SCHEDULED' && request.scheduledDate !== null;
}

/** A take books the preferred date and time, unless an appointment is already scheduled. */
export function appointmentOnTake(request: RequestAppointment) {
  if (keepsAppointment(request)) {
    return { scheduledDate: request.scheduledDate, scheduledTime: request.scheduledTime };
  }
  return { scheduledDate: request.preferredDate, scheduledTime: request.preferredTime };
}

/**
 * An assignment keeps an existing appointment; otherwise it copies the preferred date and time
 * when both exist (SPEC §4), else leaves the scheduled fields as they are.
 */
export function appointmentOnAssign(request: RequestAppointment) {
  if (!keepsAppointment(request) && request.preferredDate && request.preferredTime) {
    return { scheduledDate: request.preferredDate, scheduledTime: request.preferredTime };
  }
  return { scheduledDate: request.scheduledDate, scheduledTime: request.scheduledTime };
}

/** Why a request cannot be completed (only SCHEDULED ones can), or null. */
export function completeRefusal(status: string): string | null {
  if (status === 'SCHEDULED') return null;
  return status === 'PENDING' ? REQUEST_NOT_SCHEDULED : requestAlreadyMessage(status);
}

/** A cancellation reason as stored: trimmed, blank means none. */
export function cancellationReason(reason: string | null | undefined): string | null {
  return reason?.trim() || null;
}

// ---------------------------------------------------------------------------------------------
// serviceRequest.book (VENDOR, ADMIN; issue 45): a chair due for its yearly inspection, dropped on
// an engineer's day and slot, becomes a request of its owner's, assigned and scheduled in one go.
// The guarded operation (migration 20261128000027) refuses with these words.
// ---------------------------------------------------------------------------------------------
export const CHAIR_HAS_NO_OWNER = 'This chair has no owner to book a visit for';
export const CHAIR_HAS_OPEN_REQUEST = 'This chair already has an open service request';
export const VISIT_IN_PAST = 'A visit cannot be booked in the past';
export const NOT_A_BOOKING_SLOT =
  'A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30';
export const ENGINEER_NOT_FOUND = 'Engineer not found';
/** What a booked visit's request says, for the engineer and the customer. */
export const INSPECTION_NOTES = 'Yearly inspection, booked by the service desk';

/**
 * Why a visit cannot be booked on `day` at `time` (the day's first check: not before `today`,
 * both 'YYYY-MM-DD'; then one of SPEC §9's slots), or null.
 */
export function bookingTimeRefusal(
  day: string,
  time: string,
  today: string,
  slots: readonly string[],
): string | null {
  if (day < today) return VISIT_IN_PAST;
  return slots.includes(time) ? null : NOT_A_BOOKING_SLOT;
}

/** Why a visit cannot be booked for this chair (no owner; an open request already), or null. */
export function bookingChairRefusal(
  chair: { id: string; ownerUserId: string | null },
  requests: readonly { id: string; chairId: string | null; status: string }[],
  ownRequestId?: string,
): string | null {
  if (!chair.ownerUserId) return CHAIR_HAS_NO_OWNER;
  const open = requests.some(
    (r) => r.chairId === chair.id && r.id !== ownRequestId && isRequestOpen(r.status),
  );
  return open ? CHAIR_HAS_OPEN_REQUEST : null;
}
