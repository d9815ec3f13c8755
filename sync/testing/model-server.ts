/**
 * An in-memory model of the backend's ticket operations, ledger and pull, for the sync property
 * test. It follows supabase/migrations/*_mutation_ledger.sql, *_tickets.sql and *_sync.sql for
 * an ENGINEER caller:
 *  - ledger: a mutation id already applied returns its first result and changes nothing; a
 *    refused operation raises and is not recorded (the client may retry the same id);
 *  - who may do what, conflicts naming the winner, notes merged per field, lineId idempotence;
 *  - every change bumps updated_at from a monotonic server clock;
 *  - sync_pull: keyset on (updated_at, id) over the rows the caller may read (RLS), plus the
 *    ids that left the caller's view since `departed_after` (`gone`, from the departure log,
 *    which the model never prunes, so it never answers `resync`): own user
 *    row, every part, tickets assigned to the caller or unassigned; sync_rows: the same view;
 *  - ops_batch (*_batch.sql): the mutations of one request in order, each answered on its own.
 * It counts how many times each mutation id was actually applied.
 */
import type { BackendResponse } from '../classify';

export type Wire = Record<string, unknown>;

type ErrorClass = 'conflict' | 'validation' | 'forbidden' | 'not_found';

const SQLSTATE: Record<ErrorClass, { code: string; status: number }> = {
  conflict: { code: 'PT409', status: 409 },
  validation: { code: 'PT400', status: 400 },
  forbidden: { code: 'PT403', status: 403 },
  not_found: { code: 'PT404', status: 404 },
};

class AppError extends Error {
  constructor(
    readonly errorClass: ErrorClass,
    message: string,
  ) {
    super(message);
  }
}

const TABLES = [
  'users',
  'chairs',
  'parts',
  'support_tickets',
  'training_resources',
  'part_requests',
  'service_requests',
  'installations',
  'device_health',
] as const;
type ServerTable = (typeof TABLES)[number];

const RPC_TABLE: Record<string, string> = {
  ticket_take: 'ticket.take',
  ticket_set_status: 'ticket.setStatus',
  ticket_update_service_notes: 'ticket.updateServiceNotes',
  ticket_add_part: 'ticket.addPart',
  ticket_remove_part: 'ticket.removePart',
  ticket_resolve: 'ticket.resolve',
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export class ModelServer {
  readonly tables: Record<ServerTable, Map<string, Wire>> = Object.fromEntries(
    TABLES.map((t) => [t, new Map<string, Wire>()]),
  ) as Record<ServerTable, Map<string, Wire>>;
  /** mutation id -> first result and its author. */
  readonly ledger = new Map<string, { userId: string; result: unknown }>();
  /** mutation id -> how many times the operation's change was actually made. */
  readonly applications = new Map<string, number>();
  private clock: number;

  constructor(start = Date.parse('2026-11-21T08:00:00.000Z')) {
    this.clock = start;
  }

  /** Server wall time passing between requests. */
  advance(ms: number): void {
    this.clock += ms;
  }

  /** clock_timestamp(): strictly increasing. */
  private tick(): string {
    this.clock += 1;
    return new Date(this.clock).toISOString();
  }

  /** now(): the current transaction's time. */
  now(): string {
    return new Date(this.clock).toISOString();
  }

  insert(table: ServerTable, row: Wire): Wire {
    const at = this.tick();
    const stored = { created_at: at, ...clone(row), updated_at: at };
    this.tables[table].set(String(row.id), stored);
    return stored;
  }

  private update(table: ServerTable, row: Wire, changes: Wire): Wire {
    const next: Wire = { ...row, ...clone(changes), updated_at: this.tick() };
    this.tables[table].set(String(row.id), next);
    // public.sync_departures: an assignment change can move the row out of someone's view.
    if (table === 'support_tickets' && next.engineer_user_id !== row.engineer_user_id) {
      this.departures.push({ table, id: String(row.id), at: Date.parse(String(next.updated_at)) });
    }
    return next;
  }

  /** Rows that may have left someone's view, as the departure triggers note them. */
  private readonly departures: { table: ServerTable; id: string; at: number }[] = [];

  private role(userId: string): string | null {
    const user = this.tables.users.get(userId);
    return user && !user.deleted_at ? String(user.role) : null;
  }

  private displayName(userId: string): string {
    const name = this.tables.users.get(userId)?.name;
    return typeof name === 'string' && name.trim() !== '' ? name.trim() : 'Unknown Engineer';
  }

  /** RLS for an ENGINEER (the only role the property test signs in). */
  visible(table: ServerTable, row: Wire, userId: string): boolean {
    if (this.role(userId) !== 'ENGINEER') return false;
    switch (table) {
      case 'users':
        return row.id === userId;
      case 'parts':
      case 'training_resources':
      case 'chairs':
        return true;
      case 'support_tickets':
        return row.engineer_user_id === null || row.engineer_user_id === userId;
      default:
        return false;
    }
  }

  /** Everything the user may read now, per table (soft-deleted rows included). */
  view(userId: string): Record<ServerTable, Wire[]> {
    return Object.fromEntries(
      TABLES.map((t) => [
        t,
        [...this.tables[t].values()].filter((r) => this.visible(t, r, userId)).map(clone),
      ]),
    ) as Record<ServerTable, Wire[]>;
  }

  /** A POST /rest/v1/rpc/<fn> as `userId`, answered as PostgREST would. */
  rpc(userId: string, fn: string, params: Record<string, unknown>): BackendResponse {
    try {
      return { status: 200, data: clone(this.call(userId, fn, params)), error: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { code, status } = SQLSTATE[error.errorClass];
      return {
        status,
        data: null,
        error: { code, message: error.message, details: error.errorClass },
      };
    }
  }

  private call(userId: string, fn: string, params: Record<string, unknown>): unknown {
    if (fn === 'sync_pull') return this.syncPull(userId, params);
    if (fn === 'sync_rows') return this.syncRows(userId, params);
    if (fn === 'ops_batch') return this.batch(userId, params);
    const name = RPC_TABLE[fn];
    if (!name) throw new AppError('not_found', `Could not find the function public.${fn}`);
    const mutationId = params.mutation_id;
    const args = isObject(params.args) ? params.args : {};
    if (typeof mutationId !== 'string') {
      throw new AppError('validation', 'A mutation id is required');
    }
    // mutation_begin
    if (this.role(userId) === null) throw new AppError('forbidden', 'Your account is not active');
    const prior = this.ledger.get(mutationId);
    if (prior) {
      if (prior.userId !== userId) {
        throw new AppError('conflict', 'This change was already submitted by another user');
      }
      return prior.result ?? {};
    }
    // The operation; a refusal raises before anything is recorded (the transaction rolls back).
    const snapshot = new Map(this.tables.support_tickets);
    let result: unknown;
    try {
      result = this.operation(userId, fn, args);
    } catch (error) {
      this.tables.support_tickets = snapshot;
      throw error;
    }
    this.ledger.set(mutationId, { userId, result: clone(result) });
    this.applications.set(mutationId, (this.applications.get(mutationId) ?? 0) + 1);
    return result;
  }

  /**
   * public.ops_batch: each mutation through its own operation, in order, in its own savepoint;
   * a refusal is that mutation's answer and the rest still run.
   */
  private batch(userId: string, params: Record<string, unknown>): unknown {
    const list = Array.isArray(params.mutations) ? params.mutations : [];
    const results = list.map((item: unknown) => {
      const { fn, ...one } = isObject(item) ? item : {};
      try {
        return { data: this.call(userId, String(fn), one) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const { code } = SQLSTATE[error.errorClass];
        return { error: { code, message: error.message, details: error.errorClass } };
      }
    });
    return { results };
  }

  private requireEngineer(userId: string): void {
    const role = this.role(userId);
    if (role !== 'ENGINEER') {
      throw new AppError('forbidden', 'You do not have permission to do this');
    }
  }

  private ticketId(args: Wire): string {
    const id = args.ticketId;
    if (typeof id !== 'string' || id === '') {
      throw new AppError('validation', 'A valid ticket id is required');
    }
    return id;
  }

  /** private.ticket_explain_refusal: not_found, forbidden, or the unchanged row (a no-op). */
  private explain(tid: string, me: string): Wire {
    const t = this.tables.support_tickets.get(tid);
    if (!t) throw new AppError('not_found', 'Ticket not found');
    if (t.engineer_user_id !== null && t.engineer_user_id !== me) {
      throw new AppError('forbidden', 'This ticket is assigned to another engineer');
    }
    return t;
  }

  private mayWork(t: Wire | undefined, me: string): t is Wire {
    return t !== undefined && (t.engineer_user_id === null || t.engineer_user_id === me);
  }

  private operation(me: string, fn: string, args: Wire): unknown {
    this.requireEngineer(me);
    const tickets = this.tables.support_tickets;
    const tid = this.ticketId(args);
    const t = tickets.get(tid);
    const notes = (row: Wire): Wire => (isObject(row.service_notes) ? row.service_notes : {});
    const parts = (row: Wire): Wire[] => {
      const list = notes(row).partsUsed;
      return Array.isArray(list) ? (list as Wire[]) : [];
    };
    let row: Wire;
    switch (fn) {
      case 'ticket_take': {
        if (
          t &&
          t.engineer_user_id === null &&
          (t.status === 'OPEN' || t.status === 'IN_PROGRESS')
        ) {
          row = this.update('support_tickets', t, { engineer_user_id: me, status: 'IN_PROGRESS' });
          break;
        }
        if (!t) throw new AppError('not_found', 'Ticket not found');
        if (t.engineer_user_id !== null && t.engineer_user_id !== me) {
          throw new AppError(
            'conflict',
            `This ticket has already been taken by ${this.displayName(String(t.engineer_user_id))}`,
          );
        }
        if (t.engineer_user_id === null) {
          const label = String(t.status).toLowerCase().replace('_', ' ');
          throw new AppError('conflict', `This ticket is already ${label}`);
        }
        row =
          t.status === 'OPEN' ? this.update('support_tickets', t, { status: 'IN_PROGRESS' }) : t;
        break;
      }
      case 'ticket_set_status': {
        const status = args.status;
        if (
          typeof status !== 'string' ||
          !['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'].includes(status)
        ) {
          throw new AppError('validation', 'Status must be OPEN, IN_PROGRESS, RESOLVED or CLOSED');
        }
        if (!t) throw new AppError('not_found', 'Ticket not found');
        if (t.engineer_user_id !== me) {
          throw new AppError('forbidden', 'Only the assigned engineer can change the status');
        }
        row = this.update('support_tickets', t, { status });
        break;
      }
      case 'ticket_update_service_notes': {
        const patch = args.patch;
        if (!isObject(patch)) throw new AppError('validation', 'Service notes are required');
        const top: Wire = {};
        for (const k of [
          'workPerformed',
          'damageDescription',
          'followUpNotes',
          'timeSpent',
          'workType',
          'followUpRequired',
        ]) {
          if (k in patch) top[k] = patch[k];
        }
        let report: Wire | null = null;
        if (isObject(patch.conditionReport)) {
          report = {};
          for (const k of ['beforeService', 'afterService', 'recommendations']) {
            if (k in patch.conditionReport) report[k] = patch.conditionReport[k];
          }
        }
        if (!this.mayWork(t, me)) {
          row = this.explain(tid, me);
          break;
        }
        const merged: Wire = { ...notes(t), ...top };
        if (report) {
          const before = notes(t).conditionReport;
          merged.conditionReport = { ...(isObject(before) ? before : {}), ...report };
        }
        row = this.update('support_tickets', t, { service_notes: merged });
        break;
      }
      case 'ticket_add_part': {
        const lineId = args.lineId;
        if (typeof lineId !== 'string') {
          throw new AppError('validation', 'A valid part line id is required');
        }
        const part = this.tables.parts.get(String(args.partId));
        if (!part || part.deleted_at) throw new AppError('not_found', 'Part not found');
        const quantity =
          typeof args.quantity === 'number' && args.quantity >= 1 ? Math.floor(args.quantity) : 1;
        const condition = typeof args.condition === 'string' ? args.condition : 'NEW';
        const line = {
          lineId,
          partId: part.id,
          partName: part.name,
          partCode: part.part_code,
          price: part.price,
          quantity,
          condition,
        };
        if (!this.mayWork(t, me) || parts(t).some((l) => l.lineId === lineId)) {
          row = this.explain(tid, me);
          break;
        }
        row = this.update('support_tickets', t, {
          service_notes: { ...notes(t), partsUsed: [...parts(t), line] },
        });
        break;
      }
      case 'ticket_remove_part': {
        const lineId = args.lineId;
        if (typeof lineId !== 'string') {
          throw new AppError('validation', 'A valid part line id is required');
        }
        if (!this.mayWork(t, me) || !parts(t).some((l) => l.lineId === lineId)) {
          row = this.explain(tid, me);
          break;
        }
        row = this.update('support_tickets', t, {
          service_notes: { ...notes(t), partsUsed: parts(t).filter((l) => l.lineId !== lineId) },
        });
        break;
      }
      case 'ticket_resolve': {
        const resolution = typeof args.resolution === 'string' ? args.resolution.trim() : '';
        if (resolution === '') {
          throw new AppError('validation', 'Please provide a resolution description');
        }
        if (!this.mayWork(t, me)) {
          row = this.explain(tid, me);
          break;
        }
        if (t.status === 'CLOSED') {
          throw new AppError('conflict', 'This ticket is closed and cannot be resolved');
        }
        row = this.update('support_tickets', t, {
          status: 'RESOLVED',
          resolution,
          engineer_user_id: t.engineer_user_id ?? me,
          service_notes: { ...notes(t), completedAt: this.now() },
        });
        break;
      }
      default:
        throw new AppError('not_found', `Could not find the function public.${fn}`);
    }
    return { support_tickets: [clone(row)] };
  }

  private table(params: Record<string, unknown>): ServerTable {
    const name = params.table_name;
    if (typeof name !== 'string' || !(TABLES as readonly string[]).includes(name)) {
      throw new AppError('validation', `Unknown table ${String(name)}`);
    }
    return name as ServerTable;
  }

  private syncPull(userId: string, params: Record<string, unknown>): unknown {
    const table = this.table(params);
    const since =
      typeof params.after_updated_at === 'string' ? Date.parse(params.after_updated_at) : -Infinity;
    const sinceId = typeof params.after_id === 'string' ? params.after_id : '';
    const max = Math.max(
      1,
      Math.min(typeof params.max_rows === 'number' ? params.max_rows : 1000, 5000),
    );
    const after = (r: Wire) => {
      const at = Date.parse(String(r.updated_at));
      return at > since || (at === since && String(r.id) > sinceId);
    };
    const rows = [...this.tables[table].values()]
      .filter((r) => this.visible(table, r, userId) && after(r))
      .sort(
        (a, b) =>
          Date.parse(String(a.updated_at)) - Date.parse(String(b.updated_at)) ||
          (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0),
      );
    const departedAfter =
      typeof params.departed_after === 'string' ? Date.parse(params.departed_after) : since;
    const gone =
      typeof params.after_updated_at === 'string'
        ? [
            ...new Set(
              this.departures
                .filter((d) => d.table === table && d.at > departedAfter)
                .filter((d) => {
                  const row = this.tables[table].get(d.id);
                  return !row || !this.visible(table, row, userId);
                })
                .map((d) => d.id),
            ),
          ]
        : [];
    return {
      rows: rows.slice(0, max),
      total: params.with_total === true ? rows.length : null,
      gone,
    };
  }

  private syncRows(userId: string, params: Record<string, unknown>): unknown {
    const table = this.table(params);
    const ids = Array.isArray(params.ids) ? params.ids.map(String) : [];
    return {
      rows: ids
        .map((id) => this.tables[table].get(id))
        .filter((r): r is Wire => r !== undefined && this.visible(table, r, userId)),
    };
  }
}
