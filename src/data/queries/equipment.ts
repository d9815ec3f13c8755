/**
 * Live reads of the equipment base for the engineer's Equipment Search and New Installation
 * wizard (SPEC §2 Engineer routes, §4 Installation wizard). Owners are users rows in the mirror.
 * Every hook returns `undefined` while the mirror is still loading, so a screen can tell
 * "loading" from "empty"; everything works offline from the mirror alone.
 */
import { modelName } from '../../domain/chair-models';
import type { Chair, ServiceRequest, SupportTicket, User } from '../../domain/entities';
import type { ChairsideDatabase } from '../db';
import { useMirror } from '../session-mirror';

/** A chair with its owner and the count of its active (OPEN or IN_PROGRESS) tickets. */
export interface EquipmentItem {
  chair: Chair;
  owner: User | null;
  openTickets: number;
}

/** A chair that can be installed, with its owner. */
export interface InstallableChair {
  chair: Chair;
  owner: User | null;
}

/** A chair's tickets and service requests (its appointments), newest first. */
export interface ChairRecords {
  tickets: SupportTicket[];
  serviceRequests: ServiceRequest[];
  /** Names of the engineers on those requests, by user id. */
  engineerNames: Record<string, string>;
}

const ACTIVE_TICKET_STATUSES = ['OPEN', 'IN_PROGRESS'];

function unique(ids: (string | null | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => Boolean(id)))];
}

async function ownersOf(db: ChairsideDatabase, chairs: Chair[]): Promise<Map<string, User>> {
  const users = await db.users.bulkGet(unique(chairs.map((c) => c.ownerUserId)));
  return new Map(users.flatMap((u) => (u && !u.deletedAt ? [[u.id, u] as const] : [])));
}

/**
 * True when the search text occurs (case-insensitive) in the chair's serial number, model code
 * or model name, or in its owner's name, practice name or e-mail.
 */
export function matchesEquipment(chair: Chair, owner: User | null, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return false;
  const haystack = [
    chair.serialNumber,
    chair.model,
    chair.modelName ?? modelName(chair.model),
    owner?.name,
    owner?.practice?.name,
    owner?.email,
  ];
  return haystack.some((value) => value?.toLowerCase().includes(needle));
}

/** Chairs matching `term`, by serial number; empty for blank text (nothing is listed before). */
export async function searchEquipment(
  db: ChairsideDatabase,
  term: string,
): Promise<EquipmentItem[]> {
  if (!term.trim()) return [];
  // Owner fields live on another table, so the search is one pass over the chairs with their
  // owners joined; the device holds one engineer's slice of the equipment base.
  const chairs = await db.chairs.toArray();
  const owners = await ownersOf(db, chairs);
  const matches = chairs
    .map((chair) => ({ chair, owner: owners.get(chair.ownerUserId ?? '') ?? null }))
    .filter(({ chair, owner }) => matchesEquipment(chair, owner, term))
    .sort((a, b) => a.chair.serialNumber.localeCompare(b.chair.serialNumber));
  if (matches.length === 0) return [];
  const active = await db.supportTickets
    .where('chairId')
    .anyOf(matches.map((m) => m.chair.id))
    .filter((ticket) => ACTIVE_TICKET_STATUSES.includes(ticket.status))
    .toArray();
  const openByChair = new Map<string, number>();
  for (const ticket of active) {
    if (ticket.chairId) openByChair.set(ticket.chairId, (openByChair.get(ticket.chairId) ?? 0) + 1);
  }
  return matches.map((m) => ({ ...m, openTickets: openByChair.get(m.chair.id) ?? 0 }));
}

/** Live search results; `undefined` while loading. */
export function useEquipmentSearch(term: string): EquipmentItem[] | undefined {
  return useMirror<EquipmentItem[] | undefined>(
    (db) => searchEquipment(db, term),
    [term],
    undefined,
  );
}

/** True once the chair's service history has an Installation entry (any letter case). */
export function hasInstallationEntry(chair: Chair): boolean {
  return (chair.service?.serviceHistory ?? []).some(
    (entry) => entry.type.toLowerCase() === 'installation',
  );
}

const INSTALL_ORDER: Record<Chair['status'], number> = { DELIVERED: 0, IN_STOCK: 1, REGISTERED: 2 };

/**
 * Chairs an engineer can install: DELIVERED (pending installation) and IN_STOCK, as
 * installation.complete accepts (installationRefusal in domain/chairs.ts), each only while its
 * history has no Installation entry (an installed chair is not offered twice, on any device once
 * it has pulled). Delivered chairs first, then by serial number.
 */
export async function loadInstallableChairs(db: ChairsideDatabase): Promise<InstallableChair[]> {
  const chairs = await db.chairs
    .where('status')
    .anyOf(['DELIVERED', 'IN_STOCK'])
    .filter((chair) => !hasInstallationEntry(chair))
    .toArray();
  const owners = await ownersOf(db, chairs);
  return chairs
    .sort(
      (a, b) =>
        INSTALL_ORDER[a.status] - INSTALL_ORDER[b.status] ||
        a.serialNumber.localeCompare(b.serialNumber),
    )
    .map((chair) => ({ chair, owner: owners.get(chair.ownerUserId ?? '') ?? null }));
}

export function useInstallableChairs(): InstallableChair[] | undefined {
  return useMirror<InstallableChair[] | undefined>(loadInstallableChairs, [], undefined);
}

/** A chair's tickets and service requests through the chairId indexes, newest first. */
export async function loadChairRecords(
  db: ChairsideDatabase,
  chairId: string,
): Promise<ChairRecords> {
  const [tickets, serviceRequests] = await Promise.all([
    db.supportTickets.where('chairId').equals(chairId).toArray(),
    db.serviceRequests.where('chairId').equals(chairId).toArray(),
  ]);
  const engineers = await db.users.bulkGet(unique(serviceRequests.map((r) => r.engineerUserId)));
  const engineerNames: Record<string, string> = {};
  for (const engineer of engineers) {
    if (engineer?.name) engineerNames[engineer.id] = engineer.name;
  }
  const newestFirst = (a: { createdAt: string }, b: { createdAt: string }) =>
    b.createdAt.localeCompare(a.createdAt);
  return {
    tickets: tickets.sort(newestFirst),
    serviceRequests: serviceRequests.sort(newestFirst),
    engineerNames,
  };
}

export function useChairRecords(chairId: string): ChairRecords | undefined {
  return useMirror<ChairRecords | undefined>(
    (db) => loadChairRecords(db, chairId),
    [chairId],
    undefined,
  );
}
