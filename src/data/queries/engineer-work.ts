/**
 * Live reads for the engineer's calendar, technical reference, service requests and profile
 * screens (SPEC §2 Engineer routes). Each hook returns `undefined` while the mirror loads, so a
 * screen can tell "loading" from "nothing there".
 */
import { chairModels, modelName } from '../../domain/chair-models';
import type {
  Chair,
  ServiceRequest,
  SupportTicket,
  TrainingResource,
  User,
} from '../../domain/entities';
import { stockSummary, type StockSummary } from '../../domain/stock';
import { byAssignee, type ChairsideDatabase } from '../db';
import { useCurrentUser } from '../session-context';
import { useMirror } from '../session-mirror';

/** A service request with the customer and chair it is about (null when not in the mirror). */
export interface ServiceRequestView {
  request: ServiceRequest;
  customer: User | null;
  chair: Chair | null;
}

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);

async function withCustomerAndChair(
  db: ChairsideDatabase,
  requests: ServiceRequest[],
): Promise<ServiceRequestView[]> {
  const ids = (values: (string | null)[]) => [
    ...new Set(values.filter((v): v is string => Boolean(v))),
  ];
  const customerIds = ids(requests.map((r) => r.customerUserId));
  const chairIds = ids(requests.map((r) => r.chairId));
  const [customers, chairs] = await Promise.all([
    db.users.bulkGet(customerIds),
    db.chairs.bulkGet(chairIds),
  ]);
  const users = new Map(customers.filter((u) => u !== undefined).map((u) => [u.id, u]));
  const chairById = new Map(chairs.filter((c) => c !== undefined).map((c) => [c.id, c]));
  return requests.map((request) => ({
    request,
    customer: (request.customerUserId && users.get(request.customerUserId)) || null,
    chair: (request.chairId && chairById.get(request.chairId)) || null,
  }));
}

/** Requests assigned to the signed-in engineer or to nobody, newest first. */
export function useEngineerServiceRequests(): ServiceRequestView[] | undefined {
  const me = useCurrentUser().id;
  return useMirror(
    async (db) => {
      // Both from the assignee index (unassigned rows carry UNASSIGNED there), never a scan.
      const [mine, unassigned] = await Promise.all([
        byAssignee(db.serviceRequests, me).toArray(),
        byAssignee(db.serviceRequests, null).toArray(),
      ]);
      return withCustomerAndChair(db, [...mine, ...unassigned].sort(byNewest));
    },
    [me],
    undefined,
  );
}

/** Every request assigned to the signed-in engineer (the calendar), by the assignee index. */
export function useMyServiceRequests(): ServiceRequestView[] | undefined {
  const me = useCurrentUser().id;
  return useMirror(
    async (db) => {
      const requests = await db.serviceRequests.where('engineerUserId').equals(me).toArray();
      return withCustomerAndChair(db, requests.sort(byNewest));
    },
    [me],
    undefined,
  );
}

/** Parts catalogue counts for the reference screen (SPEC §9 stock bands). */
export type PartsSummary = StockSummary;

export interface ReferenceLibrary {
  resources: TrainingResource[];
  /** Display names of the distinct chair models in the mirror. */
  models: string[];
  parts: PartsSummary;
}

/** Training resources (newest first), the chair models seen, and the parts catalogue counts. */
export function useReferenceLibrary(): ReferenceLibrary | undefined {
  return useMirror(
    async (db) => {
      const [resources, modelKeys, parts] = await Promise.all([
        db.trainingResources.orderBy('createdAt').reverse().toArray(),
        db.chairs.orderBy('model').uniqueKeys(),
        db.parts.toArray(),
      ]);
      const live = parts.filter((p) => !p.deletedAt);
      const known = new Set(modelKeys.map(String));
      return {
        resources: resources.filter((r) => !r.deletedAt),
        models: chairModels.filter((m) => known.has(m.model)).map((m) => modelName(m.model)),
        parts: stockSummary(live),
      };
    },
    [],
    undefined,
  );
}

export interface EngineerProfileData {
  /** The engineer's own user row; null when the mirror has none. */
  user: User | null;
  /** Tickets assigned to the engineer (for the computed metrics). */
  tickets: SupportTicket[];
  /** Service requests assigned to the engineer (for the computed metrics). */
  serviceRequests: ServiceRequest[];
}

/** The signed-in engineer's own row and the work the performance metrics are computed from. */
export function useEngineerProfile(): EngineerProfileData | undefined {
  const me = useCurrentUser().id;
  return useMirror(
    async (db) => {
      const [user, tickets, serviceRequests] = await Promise.all([
        db.users.get(me),
        db.supportTickets.where('engineerUserId').equals(me).toArray(),
        db.serviceRequests.where('engineerUserId').equals(me).toArray(),
      ]);
      return { user: user && !user.deletedAt ? user : null, tickets, serviceRequests };
    },
    [me],
    undefined,
  );
}
