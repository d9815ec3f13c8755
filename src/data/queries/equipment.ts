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
import { readInSteps } from './list-read';
import { nextTask } from '../../utils/next-task';

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

/** The fields Equipment Search looks in (SPEC §2): serial, model code and name, owner's name, practice name, e-mail. */
function searchedFields(chair: Chair, owner: User | null): (string | null | undefined)[] {
  return [
    chair.serialNumber,
    chair.model,
    chair.modelName ?? modelName(chair.model),
    owner?.name,
    owner?.practice?.name,
    owner?.email,
  ];
}

/**
 * True when the search text occurs (case-insensitive) in the chair's serial number, model code
 * or model name, or in its owner's name, practice name or e-mail.
 */
export function matchesEquipment(chair: Chair, owner: User | null, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return false;
  return searchedFields(chair, owner).some((value) => value?.toLowerCase().includes(needle));
}

/** A chair with its owner, as Equipment Search finds it. */
export type EquipmentMatch = Omit<EquipmentItem, 'openTickets'>;

/** Between two fields of a chair's search text; a needle holding it is matched field by field. */
const FIELD_SEPARATOR = '\u0000';

/**
 * The equipment base ready for searching as the engineer types: every chair with its owner, by
 * serial number, and its fields lower-cased once into one text. Built once per change of the
 * chairs or their owners (equipment-index.ts keeps it), so a keystroke is one pass of `includes` over
 * strings in memory: no IndexedDB, no lower-casing.
 */
export interface EquipmentIndex {
  entries: readonly (EquipmentMatch & { text: string })[];
}

/** The order of localeCompare, without building its comparison for each pair (10k chairs). */
const collator = new Intl.Collator();
const bySerial = (a: EquipmentMatch, b: EquipmentMatch) =>
  collator.compare(a.chair.serialNumber, b.chair.serialNumber);

/** A chair's search text: its searched fields lower-cased once, between separators. */
function searchText({ chair, owner }: EquipmentMatch): string {
  return searchedFields(chair, owner)
    .map((value) => value?.toLowerCase() ?? '')
    .join(FIELD_SEPARATOR);
}

/** The index of `matches` (chairs with their owners). */
export function buildEquipmentIndex(matches: readonly EquipmentMatch[]): EquipmentIndex {
  const entries = [...matches]
    .sort(bySerial)
    .map((match) => ({ chair: match.chair, owner: match.owner, text: searchText(match) }));
  return { entries };
}

/** Search texts made per task while the index is built in steps (about 2 µs each). */
export const TEXT_STEP = 2000;

/**
 * buildEquipmentIndex in short tasks: the sort in one (10k chairs, one Intl.Collator), then the
 * search texts TEXT_STEP at a time, each a task of its own. The same index.
 */
export async function buildEquipmentIndexInSteps(
  matches: readonly EquipmentMatch[],
): Promise<EquipmentIndex> {
  await nextTask();
  const sorted = [...matches].sort(bySerial);
  const entries: (EquipmentMatch & { text: string })[] = [];
  for (let start = 0; start < sorted.length; start += TEXT_STEP) {
    await nextTask();
    for (const match of sorted.slice(start, start + TEXT_STEP)) {
      entries.push({ chair: match.chair, owner: match.owner, text: searchText(match) });
    }
  }
  return { entries };
}

/**
 * Chairs matching `term` by SPEC's rule (matchesEquipment), by serial number; none for blank
 * text (nothing is listed before the engineer types).
 */
export function searchEquipmentIndex(index: EquipmentIndex, term: string): EquipmentMatch[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [];
  const found: EquipmentMatch[] = [];
  if (needle.includes(FIELD_SEPARATOR)) {
    // Only a needle holding the separator could match across two fields: ask the rule itself.
    for (const entry of index.entries) {
      if (matchesEquipment(entry.chair, entry.owner, term)) found.push(entry);
    }
    return found;
  }
  for (const entry of index.entries) if (entry.text.includes(needle)) found.push(entry);
  return found;
}

/**
 * Chairs read per request while the index is built: the rows of one read are made into objects
 * on the main thread in one task (about 20 µs a chair), so 10k chairs are read 500 at a time, by
 * id, and a key typed meanwhile is not kept waiting.
 */
export const INDEX_READ = 500;

/** Every chair of the mirror, read INDEX_READ at a time. */
async function allChairs(db: ChairsideDatabase): Promise<Chair[]> {
  const chairs: Chair[] = [];
  await readInSteps(db.chairs, INDEX_READ, (page) => chairs.push(...page));
  return chairs;
}

/** Owners (users rows) read per request, for the same reason. */
const OWNER_READ = 500;

/** Every chair of the mirror with its owner (null when none, or deleted). */
export async function readEquipmentMatches(db: ChairsideDatabase): Promise<EquipmentMatch[]> {
  const chairs = await allChairs(db);
  const ownerIds = unique(chairs.map((c) => c.ownerUserId));
  const owners = new Map<string, User>();
  for (let start = 0; start < ownerIds.length; start += OWNER_READ) {
    const users = await db.users.bulkGet(ownerIds.slice(start, start + OWNER_READ));
    for (const user of users) if (user && !user.deletedAt) owners.set(user.id, user);
  }
  return chairs.map((chair) => ({ chair, owner: owners.get(chair.ownerUserId ?? '') ?? null }));
}

/** Every chair in the mirror with its owner, indexed for searching. */
export async function loadEquipmentIndex(db: ChairsideDatabase): Promise<EquipmentIndex> {
  return buildEquipmentIndex(await readEquipmentMatches(db));
}

/**
 * Active (OPEN or IN_PROGRESS) tickets of each of `chairIds` (the chairs a screen shows), from
 * native counts of the [status+chairId] index, one per chair and status: no ticket is read, and
 * the cost is that of the chairs shown, not of the mirror (every active ticket's key was 25k
 * cursor steps on the full data set, which ran through the first second of typing).
 */
export async function loadOpenTicketCounts(
  db: ChairsideDatabase,
  chairIds: readonly string[],
): Promise<Map<string, number>> {
  // One key cursor over the index for them all, jumping from one chair's keys to the next:
  // a native count per chair and status cost a request each (0.2 ms of this thread apiece).
  const keys = (await db.supportTickets
    .where('[status+chairId]')
    .anyOf(ACTIVE_TICKET_STATUSES.flatMap((status) => chairIds.map((id) => [status, id])))
    .keys()) as unknown as [string, string][];
  const counts = new Map(chairIds.map((id) => [id, 0]));
  for (const [, chairId] of keys) counts.set(chairId, (counts.get(chairId) ?? 0) + 1);
  return counts;
}

/**
 * Matches with their active ticket counts. An item of `previous` with the same chair, owner and
 * count is given again as it was, so a card a keystroke still shows is not drawn again.
 */
export function withOpenTickets(
  matches: readonly EquipmentMatch[],
  counts: ReadonlyMap<string, number>,
  previous?: ReadonlyMap<string, EquipmentItem>,
): EquipmentItem[] {
  return matches.map((m) => {
    const openTickets = counts.get(m.chair.id) ?? 0;
    const kept = previous?.get(m.chair.id);
    if (
      kept &&
      kept.chair === m.chair &&
      kept.owner === m.owner &&
      kept.openTickets === openTickets
    ) {
      return kept;
    }
    return { ...m, openTickets };
  });
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
