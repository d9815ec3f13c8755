// What a customer may do with one of their chairs (SPEC §2 My Chairs, §4 Warranty, §9): submit a
// test sheet while none exists, schedule service once it is overdue, extend a confirmed warranty
// that has expired or has 90 days or fewer left. Pure: the time comes in as `now`.
import type { Chair } from './entities';
import { serviceStatus } from './service-status';
import {
  canExtendWarranty,
  isWarrantyActivated,
  isWarrantyConfirmed,
  testSheetPassed,
  warrantyState,
} from './warranty';

/** Submit Test Sheet is offered only while the chair has none. */
export function canSubmitTestSheet(chair: Pick<Chair, 'testSheet'>): boolean {
  return !chair.testSheet;
}

/** Schedule Service is offered when the next service is overdue. */
export function needsServiceBooking(chair: Pick<Chair, 'service'>, now: Date): boolean {
  return serviceStatus(chair.service?.nextServiceDue, now) === 'Overdue';
}

/**
 * The Overview's service reminder: the next service is due within 30 days or overdue (many chair
 * makers' warranties depend on the yearly inspection).
 */
export function serviceDueSoonOrOverdue(chair: Pick<Chair, 'service'>, now: Date): boolean {
  return serviceStatus(chair.service?.nextServiceDue, now) !== 'Current';
}

/** Extend +3 / +5 Years: a confirmed warranty that has expired or is within 90 days of expiry. */
export function offersWarrantyExtension(chair: Pick<Chair, 'warranty'>, now: Date): boolean {
  if (!canExtendWarranty(chair.warranty)) return false;
  const state = warrantyState(chair.warranty ?? {}, now);
  return state === 'EXPIRED' || state === 'EXPIRING';
}

/** SPEC §7: the alert that ends an extension (no payment provider is called). */
export function warrantyExtendedMessage(years: number): string {
  return `Warranty extended by ${years} years! (Payment integration would be here)`;
}

/**
 * The customer's words for the warranty (SPEC §2 My Chairs, §4: Pending or Confirmed): Pending
 * until it is activated and a passing test sheet confirms it (warrantyNextStep says which is
 * missing); then the days remaining, near expiry or expired.
 */
export function customerWarrantyLabel(chair: Pick<Chair, 'warranty'>, now: Date): string {
  const warranty = chair.warranty ?? {};
  if (!isWarrantyConfirmed(warranty)) return 'Pending';
  switch (warrantyState(warranty, now)) {
    case 'NOT_ACTIVATED':
      return 'Not Activated';
    case 'EXPIRED':
      return 'Expired';
    case 'EXPIRING':
      return 'Expiring Soon';
    case 'ACTIVE':
      return 'Active';
  }
}

/** Under a warranty not yet confirmed: what confirms it (issue 29: in the order it happens). */
export function warrantyNextStep(chair: Pick<Chair, 'warranty' | 'testSheet'>): string {
  if (isWarrantyActivated(chair.warranty)) return 'Confirmed once the test sheet passes';
  if (chair.testSheet && testSheetPassed(chair.testSheet)) {
    return 'Test sheet passed: confirmed once the warranty is activated';
  }
  return 'Confirmed once the warranty is activated and the test sheet passes';
}

/** Half-hour service slots from 08:00 to 16:30 (SPEC §9: 18 slots). */
export const SERVICE_TIME_SLOTS: readonly string[] = Array.from({ length: 18 }, (_, i) => {
  const minutes = 8 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`;
});
