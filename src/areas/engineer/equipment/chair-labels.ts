// Readable labels for a chair's status and service history, and the service summary figures
// (SPEC §3 Service history entry: types Installation, Annual, Repair, Maintenance, Inspection,
// upper-case variants also occur).
import type { Chair, ChairStatus, ServiceHistoryEntry } from '../../../domain/entities';
import { modelName } from '../../../domain/chair-models';

export const CHAIR_STATUS_LABELS: Record<ChairStatus, string> = {
  IN_STOCK: 'In Stock',
  DELIVERED: 'Delivered',
  REGISTERED: 'Registered',
};

export const CHAIR_STATUS_PALETTE: Record<ChairStatus, string> = {
  IN_STOCK: 'gray',
  DELIVERED: 'blue',
  REGISTERED: 'green',
};

export const SERVICE_TYPES = ['Installation', 'Annual', 'Repair', 'Maintenance', 'Inspection'];

/** 'ANNUAL' and 'annual' read as 'Annual'; an unknown type keeps its own spelling. */
export function serviceTypeLabel(type: string): string {
  const known = SERVICE_TYPES.find((t) => t.toLowerCase() === type.trim().toLowerCase());
  return known ?? type;
}

export function chairModelName(chair: Chair): string {
  return chair.modelName || modelName(chair.model);
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
