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
import { engineerLabel, type EngineerCounts, type EngineerWorkload } from './vendor';

export interface ChartRow {
  label: string;
  value: number;
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

/** Average resolution hours per engineer, against the 6-hour target (under 12 Good). */
export function resolutionChartRows(workloads: readonly EngineerWorkload[]): ChartRow[] {
  return workloads.map((w) => {
    const rating = resolutionRating(w.averageResolutionTime);
    return {
      label: engineerLabel(w.engineer),
      value: w.averageResolutionTime,
      palette: RATING_PALETTE[rating],
      text: `${w.averageResolutionTime}h (${rating})`,
    };
  });
}

/** Completion rate per engineer, against 90% (Excellent) and 80% (Good). */
export function completionChartRows(workloads: readonly EngineerCounts[]): ChartRow[] {
  return workloads.map((w) => {
    const rate = Math.round(w.completionRate);
    const rating = completionRating(w.completionRate);
    return {
      label: engineerLabel(w.engineer),
      value: rate,
      palette: RATING_PALETTE[rating],
      text: `${rate}% (${rating})`,
    };
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
