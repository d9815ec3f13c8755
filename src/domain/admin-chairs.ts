// Admin chair inventory rules (SPEC §2 Admin Chairs): the four summary counters, the search
// (serial, model, owner) and the owner-reassignment message. Pure.
import type { Chair, ChairStatus } from './entities';
import { matchesSearch } from './search';

export interface ChairCounters {
  total: number;
  inStock: number;
  delivered: number;
  registered: number;
}

export function chairCounters(chairs: readonly Pick<Chair, 'status'>[]): ChairCounters {
  const count = (status: ChairStatus) => chairs.filter((c) => c.status === status).length;
  return {
    total: chairs.length,
    inStock: count('IN_STOCK'),
    delivered: count('DELIVERED'),
    registered: count('REGISTERED'),
  };
}

/** Serial number, model code or name, owner name or e-mail. */
export function matchesChair(
  chair: Pick<Chair, 'serialNumber' | 'model' | 'modelName'>,
  owner: { name: string | null; email: string | null } | null,
  search: string,
): boolean {
  return matchesSearch(search, chairSearchFields(chair, owner));
}

export function chairSearchFields(
  chair: Pick<Chair, 'serialNumber' | 'model' | 'modelName'>,
  owner: { name: string | null; email: string | null } | null,
) {
  return [chair.serialNumber, chair.model, chair.modelName, owner?.name, owner?.email];
}

/** 'Chair assigned to {name or Unassigned}' (SPEC §8). */
export function chairAssignedMessage(owner: { name: string | null } | null): string {
  return `Chair assigned to ${owner ? owner.name?.trim() || 'Unknown Customer' : 'Unassigned'}`;
}
