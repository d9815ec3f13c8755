// A chair's service history (SPEC §3 Service history entry): type labels (Installation, Annual,
// Repair, Maintenance, Inspection; upper-case variants also occur), the timeline and the summary
// figures of the Service History dialog. Pure.
import type { Chair, ServiceHistoryEntry } from './entities';

export const SERVICE_TYPES = ['Installation', 'Annual', 'Repair', 'Maintenance', 'Inspection'];

/** 'ANNUAL' and 'annual' read as 'Annual'; an unknown type keeps its own spelling. */
export function serviceTypeLabel(type: string): string {
  const known = SERVICE_TYPES.find((t) => t.toLowerCase() === type.trim().toLowerCase());
  return known ?? type;
}

/** Service history, newest first. */
export function serviceTimeline(chair: Chair): ServiceHistoryEntry[] {
  return [...(chair.service?.serviceHistory ?? [])].sort((a, b) => b.date.localeCompare(a.date));
}

export interface ServiceSummary {
  total: number;
  /** Count per type label, the five known types always present. */
  byType: { type: string; count: number }[];
  totalCost: number;
}

export function serviceSummary(chair: Chair): ServiceSummary {
  const entries = chair.service?.serviceHistory ?? [];
  const counts = new Map<string, number>(SERVICE_TYPES.map((t) => [t, 0]));
  for (const entry of entries) {
    const label = serviceTypeLabel(entry.type);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return {
    total: entries.length,
    byType: [...counts].map(([type, count]) => ({ type, count })),
    totalCost: entries.reduce((sum, e) => sum + (Number.isFinite(e.cost) ? (e.cost ?? 0) : 0), 0),
  };
}
