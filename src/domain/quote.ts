// Service quote (SPEC §4 Work type and Warranty cover rule, §9): labour at GBP 1.50 a minute,
// 120 minutes when no time is recorded, parts at price × quantity, nothing to pay for covered
// WARRANTY work. Pure: the time comes in as `now`.

import type { WorkType } from './schemas/ticket.schema';
import { isCovered, warrantyState, type Warranty } from './warranty';

/** Labour rate in GBP per minute. */
export const LABOR_RATE_PER_MINUTE = 1.5;
/** Minutes assumed when a quote has no time recorded. */
export const DEFAULT_QUOTE_MINUTES = 120;
/** A part line on a quote. */
export interface QuotePart {
  price: number;
  quantity: number;
}

/** What a quote is computed from. */
export interface QuoteInput {
  timeSpent?: number | null;
  parts?: readonly QuotePart[];
  workType?: WorkType | null;
  warranty: Warranty;
}

/**
 * Why a quote charges or not, as SPEC §4's cover rule decides it for the work type chosen:
 * covered WARRANTY work is free; WARRANTY work on a chair whose warranty was never activated or has
 * expired is charged; DAMAGE is never covered; OUT_OF_WARRANTY is charged whatever the warranty.
 */
export type QuoteBasis =
  | 'COVERED_WARRANTY_WORK'
  | 'WARRANTY_NOT_ACTIVATED'
  | 'WARRANTY_EXPIRED'
  | 'DAMAGE'
  | 'OUT_OF_WARRANTY';

/** A computed quote in GBP. */
export interface Quote {
  minutes: number;
  /** True when no usable time was recorded (missing, 0 or not a number) and 120 was assumed. */
  minutesAssumed: boolean;
  labor: number;
  parts: number;
  total: number;
  /** Whether the warranty would cover this work type (WARRANTY work is then free). */
  covered: boolean;
  workType: WorkType;
  basis: QuoteBasis;
}

function toPence(amount: number): number {
  return Math.round(amount * 100) / 100;
}

/**
 * A catalogue price as stored: GBP to the penny, half a penny rounded up as the database's
 * numeric(12, 2) does (12.345 → 12.35, where 12.345 × 100 in binary is 1234.4999…).
 */
export function roundPrice(price: number): number {
  const [mantissa, exponent = '0'] = String(price).split('e');
  return Math.round(Number(`${mantissa}e${Number(exponent) + 2}`)) / 100;
}

/** WARRANTY when the warranty is confirmed, activated and unexpired; otherwise OUT_OF_WARRANTY. */
export function defaultWorkType(warranty: Warranty, now: Date): WorkType {
  return isCovered(warranty, now) ? 'WARRANTY' : 'OUT_OF_WARRANTY';
}

/** Cover rule: not activated or expired is not covered, and DAMAGE is never covered. */
export function isWorkCovered(warranty: Warranty, workType: WorkType, now: Date): boolean {
  if (workType === 'DAMAGE') return false;
  // SPEC §4 names only activation and expiry here, not confirmation.
  const state = warrantyState(warranty, now);
  return state === 'ACTIVE' || state === 'EXPIRING';
}

/** Minutes to charge: recorded time, or 120 when none (missing, zero or not a number). */
export function quoteMinutes(timeSpent: number | null | undefined): number {
  if (timeSpent === null || timeSpent === undefined) return DEFAULT_QUOTE_MINUTES;
  return Number.isFinite(timeSpent) && timeSpent > 0 ? timeSpent : DEFAULT_QUOTE_MINUTES;
}

/** The cover rule's reason for the work type chosen (see QuoteBasis). */
export function quoteBasis(warranty: Warranty, workType: WorkType, now: Date): QuoteBasis {
  if (workType === 'DAMAGE') return 'DAMAGE';
  if (workType === 'OUT_OF_WARRANTY') return 'OUT_OF_WARRANTY';
  const state = warrantyState(warranty, now);
  if (state === 'NOT_ACTIVATED') return 'WARRANTY_NOT_ACTIVATED';
  if (state === 'EXPIRED') return 'WARRANTY_EXPIRED';
  return 'COVERED_WARRANTY_WORK';
}

/** Sum of price × quantity over the part lines. */
export function partsTotal(parts: readonly QuotePart[]): number {
  return toPence(parts.reduce((sum, part) => sum + part.price * part.quantity, 0));
}

/** Labour plus parts, or GBP 0 for WARRANTY work that the warranty covers. */
export function calculateQuote(input: QuoteInput, now: Date): Quote {
  const workType = input.workType ?? defaultWorkType(input.warranty, now);
  const minutes = quoteMinutes(input.timeSpent);
  const labor = toPence(minutes * LABOR_RATE_PER_MINUTE);
  const parts = partsTotal(input.parts ?? []);
  const covered = isWorkCovered(input.warranty, workType, now);
  const basis = quoteBasis(input.warranty, workType, now);
  const total = basis === 'COVERED_WARRANTY_WORK' ? 0 : toPence(labor + parts);
  const minutesAssumed = minutes === DEFAULT_QUOTE_MINUTES && input.timeSpent !== minutes;
  return { minutes, minutesAssumed, labor, parts, total, covered, workType, basis };
}
