/**
 * Live reads for the customer's screens (SPEC §2 Customer routes): the signed-in customer's own
 * chairs, tickets, service requests and part requests, the parts catalogue, the training library
 * and their own profile. Every hook returns `undefined` while the mirror loads, so a screen can
 * tell "loading" from "nothing there"; everything works offline from the mirror alone.
 */
import type {
  Chair,
  Part,
  PartRequest,
  ServiceRequest,
  SupportTicket,
  TrainingResource,
  User,
} from '../../domain/entities';
import { isProvisionalChair } from '../../domain/chairs';
import type { ChairsideDatabase } from '../db';
import { useCurrentUser } from '../session-context';
import { useMirror, useMirrorRecord } from '../session-mirror';

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);

/** A ticket with its chair and assigned engineer (null when none or not in the mirror). */
export interface CustomerTicket {
  ticket: SupportTicket;
  chair: Chair | null;
  engineer: User | null;
}

/** A service request with its chair and assigned engineer. */
export interface CustomerServiceRequest {
  request: ServiceRequest;
  chair: Chair | null;
  engineer: User | null;
}

async function byIds<T extends { id: string }>(
  table: { bulkGet(ids: string[]): Promise<(T | undefined)[]> },
  ids: (string | null)[],
): Promise<Map<string, T>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const rows = await table.bulkGet(unique);
  return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
}

/**
 * The customer's chairs, by serial number. A chair activated on this device shows as its stand-in
 * row until the server's row arrives; should both be in the mirror for a moment (the server's
 * answer to the activation lost, the row pulled before the retry), the server's row is the one.
 */
export async function loadMyChairs(db: ChairsideDatabase, userId: string): Promise<Chair[]> {
  const chairs = await db.chairs.where('ownerUserId').equals(userId).toArray();
  const confirmed = new Set(
    chairs.filter((chair) => !isProvisionalChair(chair)).map((chair) => chair.serialNumber),
  );
  return chairs
    .filter((chair) => !isProvisionalChair(chair) || !confirmed.has(chair.serialNumber))
    .sort((a, b) => a.serialNumber.localeCompare(b.serialNumber));
}

export function useMyChairs(): Chair[] | undefined {
  const me = useCurrentUser().id;
  return useMirror((db) => loadMyChairs(db, me), [me], undefined);
}

/**
 * The chairs a ticket or a service request may name: the customer's chairs the server knows. A
 * chair activated on this device is offered once the server has confirmed it (its stand-in id
 * means nothing to the server, and only the test sheet names a chair by serial).
 */
export function useMyRequestableChairs(): Chair[] | undefined {
  const me = useCurrentUser().id;
  return useMirror(
    async (db) => (await loadMyChairs(db, me)).filter((chair) => !isProvisionalChair(chair)),
    [me],
    undefined,
  );
}

/** One of the customer's chairs; null when the id is unknown (or not theirs). */
export function useMyChair(chairId: string): Chair | null | undefined {
  const me = useCurrentUser().id;
  return useMirrorRecord(
    chairId,
    async (db): Promise<Chair | null> => {
      const chair = await db.chairs.get(chairId);
      return chair && chair.ownerUserId === me ? chair : null;
    },
    [me],
  );
}

/** The chair with this serial number in the mirror (case as typed, trimmed); null when none. */
export function useChairBySerial(serialNumber: string): Chair | null | undefined {
  const serial = serialNumber.trim();
  return useMirror<Chair | null | undefined>(
    async (db) =>
      serial ? ((await db.chairs.where('serialNumber').equals(serial).first()) ?? null) : null,
    [serial],
    undefined,
  );
}

/** The customer's tickets, newest first, with chair and engineer. */
export async function loadMyTickets(
  db: ChairsideDatabase,
  userId: string,
): Promise<CustomerTicket[]> {
  const tickets = (await db.supportTickets.where('customerUserId').equals(userId).toArray()).sort(
    byNewest,
  );
  const [chairs, engineers] = await Promise.all([
    byIds<Chair>(
      db.chairs,
      tickets.map((t) => t.chairId),
    ),
    byIds<User>(
      db.users,
      tickets.map((t) => t.engineerUserId),
    ),
  ]);
  return tickets.map((ticket) => ({
    ticket,
    chair: (ticket.chairId && chairs.get(ticket.chairId)) || null,
    engineer: (ticket.engineerUserId && engineers.get(ticket.engineerUserId)) || null,
  }));
}

export function useMyTickets(): CustomerTicket[] | undefined {
  const me = useCurrentUser().id;
  return useMirror((db) => loadMyTickets(db, me), [me], undefined);
}

/** The customer's service requests, newest first, with chair and engineer. */
export function useMyServiceRequests(): CustomerServiceRequest[] | undefined {
  const me = useCurrentUser().id;
  return useMirror<CustomerServiceRequest[] | undefined>(
    async (db) => {
      const requests = (await db.serviceRequests.where('customerUserId').equals(me).toArray()).sort(
        byNewest,
      );
      const [chairs, engineers] = await Promise.all([
        byIds<Chair>(
          db.chairs,
          requests.map((r) => r.chairId),
        ),
        byIds<User>(
          db.users,
          requests.map((r) => r.engineerUserId),
        ),
      ]);
      return requests.map((request) => ({
        request,
        chair: (request.chairId && chairs.get(request.chairId)) || null,
        engineer: (request.engineerUserId && engineers.get(request.engineerUserId)) || null,
      }));
    },
    [me],
    undefined,
  );
}

/** The customer's part requests, newest first. */
export function useMyPartRequests(): PartRequest[] | undefined {
  const me = useCurrentUser().id;
  return useMirror<PartRequest[] | undefined>(
    async (db) => (await db.partRequests.where('userId').equals(me).toArray()).sort(byNewest),
    [me],
    undefined,
  );
}

/** The parts catalogue by name, without deleted parts. */
export function usePartsCatalog(): Part[] | undefined {
  return useMirror<Part[] | undefined>(
    async (db) => (await db.parts.orderBy('name').toArray()).filter((p) => !p.deletedAt),
    [],
    undefined,
  );
}

/** Training resources, newest first, without deleted ones. */
export function useTrainingResources(): TrainingResource[] | undefined {
  return useMirror<TrainingResource[] | undefined>(
    async (db) =>
      (await db.trainingResources.orderBy('createdAt').reverse().toArray()).filter(
        (r) => !r.deletedAt,
      ),
    [],
    undefined,
  );
}

/** The signed-in customer's own users row; null when the mirror has none. */
export function useMyProfile(): User | null | undefined {
  const me = useCurrentUser().id;
  return useMirror<User | null | undefined>(
    async (db) => {
      const user = await db.users.get(me);
      return user && !user.deletedAt ? user : null;
    },
    [me],
    undefined,
  );
}
