// Performance ratings and bars shown on engineer and vendor screens (SPEC §9 Performance
// ratings, Workload badge). Pure number-to-label rules.

/** Rating label for resolution time and satisfaction. */
export type Rating = 'Excellent' | 'Good' | 'Needs Improvement';
/** Rating label for completion rate (lower-case 'improvement' as the SPEC writes it). */
export type CompletionRating = 'Excellent' | 'Good' | 'Needs improvement';
/** Badge variant for an engineer's active ticket count. */
export type WorkloadBadge = 'destructive' | 'secondary' | 'default';

/** Vendor response target in hours. */
export const RESPONSE_TARGET_HOURS = 6;

/** Under 6 hours Excellent, under 12 Good, otherwise Needs Improvement. */
export function resolutionRating(hours: number): Rating {
  if (hours < 6) return 'Excellent';
  if (hours < 12) return 'Good';
  return 'Needs Improvement';
}

/** Progress bar percent: 100 minus resolution hours over 24 as a percent, floored at 0. */
export function resolutionProgress(hours: number): number {
  return Math.max(0, 100 - (hours / 24) * 100);
}

/** Vendor efficiency bar: 100 minus (average resolution over the 6-hour target) × 100, floor 0. */
export function vendorEfficiency(averageResolutionHours: number): number {
  return Math.max(0, 100 - (averageResolutionHours / RESPONSE_TARGET_HOURS) * 100);
}

/** Above 90 Excellent, above 80 Good, else Needs improvement. */
export function completionRating(ratePercent: number): CompletionRating {
  if (ratePercent > 90) return 'Excellent';
  if (ratePercent > 80) return 'Good';
  return 'Needs improvement';
}

/** Above 4.5 Excellent, above 4 Good, else Needs Improvement; null when there is no score. */
export function satisfactionRating(score: number | null | undefined): Rating | null {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  if (score > 4.5) return 'Excellent';
  if (score > 4) return 'Good';
  return 'Needs Improvement';
}

/** Satisfaction score out of 5 as a percentage. */
export function satisfactionPercent(score: number): number {
  return (score / 5) * 100;
}

/** SPEC §9 Workload badge: more than this many active tickets is destructive (a heavy load). */
export const HEAVY_WORKLOAD = 3;
/** SPEC §9 Workload badge: more than this many is secondary. */
export const BUSY_WORKLOAD = 1;

/** More than 3 active tickets destructive, more than 1 secondary, else default. */
export function workloadBadge(activeTickets: number): WorkloadBadge {
  if (activeTickets > HEAVY_WORKLOAD) return 'destructive';
  if (activeTickets > BUSY_WORKLOAD) return 'secondary';
  return 'default';
}
