// The part request lifecycle (issue 16; SPEC §4 Part request lists the statuses, not the order):
// PENDING → QUOTED → ORDERED → FULFILLED, or CANCELLED at any point before FULFILLED. Admins move
// a request on through 'partRequest.setStatus'. Pure. src/data/effects/part-requests.ts applies
// it locally and part_request_set_status (supabase/migrations/*_part_requests.sql) enforces the
// same table in the database (tests/integration/mutation-parity.test.ts holds them together).
import type { PartRequestStatus } from './entities';
import { PART_REQUEST_STATUS_LABELS } from './labels';

/** The statuses an admin can move a request to (PENDING is only where a request starts). */
export const PART_REQUEST_TARGETS = ['QUOTED', 'ORDERED', 'FULFILLED', 'CANCELLED'] as const;
export type PartRequestTarget = (typeof PART_REQUEST_TARGETS)[number];

/** Allowed next statuses from each status; FULFILLED and CANCELLED are final. */
export const PART_REQUEST_TRANSITIONS: Readonly<
  Record<PartRequestStatus, readonly PartRequestTarget[]>
> = {
  PENDING: ['QUOTED', 'CANCELLED'],
  QUOTED: ['ORDERED', 'CANCELLED'],
  ORDERED: ['FULFILLED', 'CANCELLED'],
  FULFILLED: [],
  CANCELLED: [],
};

const word = (status: PartRequestStatus) => PART_REQUEST_STATUS_LABELS[status].toLowerCase();

/** Why `from` → `to` is refused, or null when it is allowed. */
export function partRequestTransitionRefusal(
  from: PartRequestStatus,
  to: PartRequestTarget,
): string | null {
  if (PART_REQUEST_TRANSITIONS[from].includes(to)) return null;
  if (from === to || PART_REQUEST_TRANSITIONS[from].length === 0) {
    return `This part request is already ${word(from)}`;
  }
  return `A ${word(from)} part request cannot be marked ${word(to)}`;
}

/** The success message of a move (issue 16, in SPEC §8's style). */
export function partRequestMovedMessage(to: PartRequestTarget): string {
  return to === 'CANCELLED' ? 'Part request cancelled' : `Part request marked as ${word(to)}`;
}

/** The button that moves a request to `to`. */
export const PART_REQUEST_ACTION_LABELS: Record<PartRequestTarget, string> = {
  QUOTED: 'Mark as Quoted',
  ORDERED: 'Mark as Ordered',
  FULFILLED: 'Mark as Fulfilled',
  CANCELLED: 'Cancel Request',
};
