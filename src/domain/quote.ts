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

/** A computed quote in GBP. */
export interface Quote {
  minutes: number;
  labor: number;
  parts: number;
  total: number;
  covered: boolean;
  workType: WorkType;
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
  const total = workType === 'WARRANTY' && covered ? 0 : toPence(labor + parts);
  return { minutes, labor, parts, total, covered, workType };
}
