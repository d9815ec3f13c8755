// Warranty rules (SPEC §4 Warranty, §9): expiry, days remaining, state, activation window and
// extension. Pure: every rule that depends on the time takes `now`.

import { parseDate } from './format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Years a warranty runs when the record does not say (SPEC §9). */
export const DEFAULT_WARRANTY_YEARS = 5;
/** Days after delivery within which a warranty may be activated. */
export const ACTIVATION_WINDOW_DAYS = 14;
/** A warranty with this many days or fewer left (and more than 0) is expiring. */
export const EXPIRING_WITHIN_DAYS = 90;
/** SPEC §5 Warranty activation: refused outside the window. */
export const ACTIVATION_WINDOW_MESSAGE = 'Warranty must be activated within 14 days of delivery';
/** Only a confirmed warranty (test sheet passed) can be extended; the server refuses the rest. */
export const EXTENSION_NEEDS_CONFIRMED = 'Only a confirmed warranty can be extended';
/** Extension lengths a customer can buy, in years. */
export const EXTENSION_OPTIONS = [3, 5] as const;

/** One of the purchasable extension lengths. */
export type ExtensionYears = (typeof EXTENSION_OPTIONS)[number];

/** A chair's warranty as stored; every field may be missing on older rows. */
export interface Warranty {
  activatedAt?: string | null;
  confirmed?: boolean;
  warrantyYears?: number | null;
  extensionPurchased?: boolean;
  extensionYears?: number;
}

/** Where a warranty stands at a given moment. */
export type WarrantyState = 'NOT_ACTIVATED' | 'ACTIVE' | 'EXPIRING' | 'EXPIRED';

/** Years the warranty runs, defaulting to 5 when missing. */
export function warrantyYears(warranty: Warranty): number {
  return warranty.warrantyYears ?? DEFAULT_WARRANTY_YEARS;
}

/** Expiry date: activation plus warrantyYears calendar years; null when not activated. */
export function warrantyExpiry(warranty: Warranty): Date | null {
  const activated = parseDate(warranty.activatedAt);
  if (!activated) return null;
  const expiry = new Date(activated.getTime());
  expiry.setUTCFullYear(expiry.getUTCFullYear() + warrantyYears(warranty));
  return expiry;
}

/** Whole days left until expiry, rounded up (negative once expired); null when not activated. */
export function warrantyDaysRemaining(warranty: Warranty, now: Date): number | null {
  const expiry = warrantyExpiry(warranty);
  if (!expiry) return null;
  return Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS);
}

/** State at `now`: not activated, active, expiring (1–90 days left) or expired (0 or fewer). */
export function warrantyState(warranty: Warranty, now: Date): WarrantyState {
  const days = warrantyDaysRemaining(warranty, now);
  if (days === null) return 'NOT_ACTIVATED';
  if (days <= 0) return 'EXPIRED';
  if (days <= EXPIRING_WITHIN_DAYS) return 'EXPIRING';
  return 'ACTIVE';
}

/** 'Confirmed' once the test sheet passed, else 'Pending'. */
export function warrantyLabel(warranty: Warranty): 'Pending' | 'Confirmed' {
  return isWarrantyConfirmed(warranty) ? 'Confirmed' : 'Pending';
}

/** Covered: confirmed, activated and not expired at `now`. */
export function isCovered(warranty: Warranty, now: Date): boolean {
  if (!isWarrantyConfirmed(warranty)) return false;
  const state = warrantyState(warranty, now);
  return state === 'ACTIVE' || state === 'EXPIRING';
}

/**
 * True when delivery has happened (not in the future) and `now` is no more than 14 days after it;
 * an invalid date is never allowed. The server's chair_activate_warranty applies the same rule.
 */
export function canActivateWarranty(deliveryDate: string | Date, now: Date): boolean {
  const delivery = deliveryDate instanceof Date ? deliveryDate : parseDate(deliveryDate);
  if (!delivery || Number.isNaN(delivery.getTime())) return false;
  const elapsed = now.getTime() - delivery.getTime();
  return elapsed >= 0 && elapsed <= ACTIVATION_WINDOW_DAYS * DAY_MS;
}

/** The warranty after buying an extension: the years go onto both extensionYears and warrantyYears. */
export function extendWarranty(warranty: Warranty, years: ExtensionYears): Warranty {
  return {
    ...warranty,
    extensionPurchased: true,
    extensionYears: (warranty.extensionYears ?? 0) + years,
    warrantyYears: warrantyYears(warranty) + years,
  };
}

/** True when the warranty can be extended: it has been confirmed by a passing test sheet. */
export function canExtendWarranty(warranty: Warranty | null | undefined): boolean {
  return isWarrantyConfirmed(warranty);
}

/**
 * The warranty a registration or activation starts (SPEC §4 Warranty): activated at `now`,
 * 5 years, no extension; not confirmed, unless a passing test sheet is already on file (issue 29:
 * a sheet submitted before the activation confirms the warranty when it is activated, so the
 * customer is never left with a sheet on file and no way to confirm).
 */
export function newWarranty(now: string, sheetOnFile?: TestSheetChecks | null): Warranty {
  return {
    activatedAt: now,
    confirmed: sheetOnFile ? testSheetPassed(sheetOnFile) : false,
    warrantyYears: DEFAULT_WARRANTY_YEARS,
    extensionPurchased: false,
    extensionYears: 0,
  };
}

/** Activated: it has a (valid) activation time. */
export function isWarrantyActivated(warranty: Warranty | null | undefined): boolean {
  return Boolean(parseDate(warranty?.activatedAt));
}

/** Confirmed and activated: what 'Confirmed' means on every screen (a count, a badge, a label). */
export function isWarrantyConfirmed(warranty: Warranty | null | undefined): boolean {
  return warranty?.confirmed === true && isWarrantyActivated(warranty);
}

/** The four checks of a test sheet (SPEC §3 Chair testSheet). */
export interface TestSheetChecks {
  partsArrived: boolean;
  powersOn: boolean;
  movementOK: boolean;
  waterAirOK: boolean;
}

/** A test sheet passes only when all four checks are true. */
export function testSheetPassed(sheet: TestSheetChecks): boolean {
  return sheet.partsArrived && sheet.powersOn && sheet.movementOK && sheet.waterAirOK;
}

/**
 * The warranty after a test sheet: confirmed when every check passed and the warranty has been
 * activated; otherwise unchanged (SPEC §4: the results are only recorded). A passing sheet on a
 * warranty not yet activated confirms it when it is activated (newWarranty).
 */
export function warrantyAfterTestSheet<W extends Warranty | null>(
  warranty: W,
  sheet: TestSheetChecks,
): W | Warranty {
  return testSheetPassed(sheet) && isWarrantyActivated(warranty)
    ? { ...warranty, confirmed: true }
    : warranty;
}
