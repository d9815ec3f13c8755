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
