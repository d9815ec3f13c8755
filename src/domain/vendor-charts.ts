// The figures the vendor's charts draw (issue 16: workload per engineer; resolution time and
// completion rate against SPEC §9's targets). Pure: workloads in, one row per engineer out, each
// with the palette of its §9 rating and its value in words for the charts' accessible tables.
import {
  RESPONSE_TARGET_HOURS,
  completionRating,
  resolutionRating,
  workloadBadge,
  type Rating,
  type CompletionRating,
} from './ratings';
import { NO_ASSIGNED_TICKETS, NO_RESOLVED_TICKETS } from './metrics';
import { engineerLabel, type EngineerCounts, type EngineerWorkload } from './vendor';

export interface ChartRow {
  label: string;
  /** null: no figure (no bar; `text` says why). */
  value: number | null;
  palette: string;
  text: string;
}

/** §9's workload badge as a colour: more than 3 active red, more than 1 orange, else gray. */
export const WORKLOAD_PALETTE = {
  destructive: 'red',
  secondary: 'orange',
  default: 'gray',
} as const;

const RATING_PALETTE: Record<Rating | CompletionRating, string> = {
  Excellent: 'green',
  Good: 'orange',
  'Needs Improvement': 'red',
  'Needs improvement': 'red',
};

/** Active tickets per engineer, busiest first. */
export function workloadChartRows(workloads: readonly EngineerWorkload[]): ChartRow[] {
  return [...workloads]
    .sort((a, b) => b.activeTickets - a.activeTickets)
    .map((w) => ({
      label: engineerLabel(w.engineer),
      value: w.activeTickets,
      palette: WORKLOAD_PALETTE[workloadBadge(w.activeTickets)],
      text: `${w.activeTickets} active`,
    }));
}

/**
 * Average resolution hours per engineer, against the 6-hour target (under 12 Good). An engineer
 * with no resolved ticket has no bar and no rating: 'No resolved tickets yet'.
 */
export function resolutionChartRows(workloads: readonly EngineerWorkload[]): ChartRow[] {
  return workloads.map((w) => {
    const label = engineerLabel(w.engineer);
    const hours = w.averageResolutionTime;
    if (hours === null) return { label, value: null, palette: 'gray', text: NO_RESOLVED_TICKETS };
    const rating = resolutionRating(hours);
    return { label, value: hours, palette: RATING_PALETTE[rating], text: `${hours}h (${rating})` };
  });
}

/**
 * Completion rate per engineer, against 90% (Excellent) and 80% (Good); none for an engineer
 * with no assigned ticket: 'No tickets assigned yet'.
 */
export function completionChartRows(workloads: readonly EngineerCounts[]): ChartRow[] {
  return workloads.map((w) => {
    const label = engineerLabel(w.engineer);
    if (w.completionRate === null) {
      return { label, value: null, palette: 'gray', text: NO_ASSIGNED_TICKETS };
    }
    const rate = Math.round(w.completionRate);
    const rating = completionRating(w.completionRate);
    return { label, value: rate, palette: RATING_PALETTE[rating], text: `${rate}% (${rating})` };
  });
}

/** §9's lines on the resolution chart. */
export const RESOLUTION_REFERENCES = [
  { value: RESPONSE_TARGET_HOURS, label: `Target ${RESPONSE_TARGET_HOURS}h: under it Excellent` },
  { value: 12, label: 'Under 12h Good' },
] as const;

/** §9's lines on the completion chart. */
export const COMPLETION_REFERENCES = [
  { value: 90, label: 'Above 90% Excellent' },
  { value: 80, label: 'Above 80% Good' },
] as const;
