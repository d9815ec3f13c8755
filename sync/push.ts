/**
 * Push: replays the user's pending outbox, oldest first, through the guarded operations.
 *
 * Promises:
 *  - order: an entry is sent only after every earlier pending entry was accepted or rejected; a
 *    transient failure stops the pass with the entry still first in line, so nothing is dropped
 *    or reordered;
 *  - exactly once: every send carries the entry's mutation id; the server's ledger turns a
 *    replay after a lost response into the first answer;
 *  - identity: an entry is only ever sent for the user who made it;
 *  - a rejected entry (conflict, validation, forbidden, not found) stops being retried, keeps the
 *    user's input and the server's reason in 'needs attention', and the rows it touched go back to
 *    the server's truth (re-read from the server), with the other pending changes re-applied.
 *    It does not hold up the entries behind it;
 *  - batches: consecutive entries go in one request to public.ops_batch (BATCH_LIMITS by count
 *    and size), which answers each mutation as its own request would have been answered. A batch
 *    lost to the network is sent again whole on the next pass; one the server fails (5xx) sends
 *    its first entry alone; a server without the batch operation (404) is replayed one request
 *    per mutation.
 */
import { z } from 'zod';
import { ENTITY_TABLES, SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import { mutationArgSchemas, rpcName, type RejectionClass } from '../src/domain/mutations';
import { allTables, type ChairsideDatabase, type OutboxEntry } from '../src/data/db';
import { runEffect } from '../src/data/effects';
import { acceptServerRows, parseRowKey, rebuild, rowKey } from '../src/data/local-store';
import { classify, type Outcome } from './classify';
import type { AuthPort, Transport } from './transport';
import { isDeleted, toLocalRow } from './wire';

export type PushStop =
  { kind: 'transient'; reason: string } | { kind: 'signInRequired'; reason: string };

export interface PushResult {
  accepted: number;
  rejected: number;
  stop?: PushStop;
}

/** How much one request may carry. `count: 1` replays one request per mutation. */
export interface BatchLimits {
  count: number;
  /** The JSON of the mutations sent in one request, in UTF-16 code units (≈ bytes). */
  bytes: number;
}

/**
 * 200 mutations or 256 KB per request: well inside the server's 1 MB body limit and
 * public.ops_batch's 500, and small enough that a lost answer costs little to send again.
 */
export const BATCH_LIMITS: BatchLimits = { count: 200, bytes: 256 * 1024 };

/** The guarded batch operation (supabase/migrations/20261123000013_batch.sql). */
export const BATCH_RPC = 'ops_batch';

/** Transports whose server has no batch operation (an older server): replayed one by one. */
const unbatched = new WeakSet<Transport>();

const LOCAL_TABLE = Object.fromEntries(
  ENTITY_TABLES.map((table) => [SERVER_TABLE[table], table]),
) as Record<string, EntityTable>;

/** One mutation as the server receives it. */
interface WireMutation {
  fn: string;
  mutation_id: string;
  args: unknown;
}

/** The server's answer for one mutation of a batch. */
const batchAnswerSchema = z.object({
  results: z.array(
    // A refusal first: an object without `data` would also pass the second (unknown allows it).
    z.union([
      z.object({
        error: z.object({
          code: z.string().nullish(),
          message: z.string().nullish(),
          details: z.string().nullish(),
        }),
      }),
      z.object({ data: z.unknown() }),
    ]),
  ),
});

export async function pushOutbox(
  db: ChairsideDatabase,
  userId: string,
  transport: Transport,
  auth: AuthPort,
  limits: BatchLimits = BATCH_LIMITS,
): Promise<PushResult> {
  const result: PushResult = { accepted: 0, rejected: 0 };
  let refreshedFor: string | null = null;
  let count = Math.max(1, Math.floor(limits.count));
  for (;;) {
    const single = count === 1 || unbatched.has(transport);
    const head = await db.outbox
      .where('status')
      .equals('pending')
      .limit(single ? 1 : count)
      .toArray();
    const first = head[0];
    if (!first) return result;

    // Entries the server must never see are settled here, in their place in line.
    const prepared = prepare(first, userId);
    if ('refusal' in prepared) {
      const { errorClass, message } = prepared.refusal;
      await reject(db, transport, first, errorClass, message);
      result.rejected += 1;
      continue;
    }
    const { entries: batch, wires } = single
      ? { entries: [first], wires: [prepared.wire] }
      : leadingBatch(head, userId, limits.bytes);

    let outcomes: Outcome[] | null = null;
    if (batch.length > 1) {
      const response = await transport.rpc(BATCH_RPC, { mutations: wires });
      const answer = classify(response);
      const parsed = answer.kind === 'accepted' ? batchAnswerSchema.safeParse(answer.data) : null;
      if (parsed?.success) {
        outcomes = parsed.data.results.map((r) =>
          'error' in r
            ? // A refusal: classified by its code, as its own request would have been.
              classify({ status: 400, data: null, error: r.error })
            : { kind: 'accepted', data: r.data },
        );
      } else if (answer.kind === 'auth' || (answer.kind === 'transient' && response.status < 500)) {
        // The session, the network, a timeout or the rate limit: the pass stops at the first
        // entry and the whole batch goes again later (the ledger answers what was applied).
        outcomes = [answer];
      } else if (response.status === 404 && response.error?.code === 'PGRST202') {
        unbatched.add(transport); // an older server without the batch operation
      } else if (response.status === 413) {
        count = Math.max(1, Math.floor(batch.length / 2));
      }
    }
    // One entry, or the server failing the whole batch (a 5xx, a refusal of the request, an
    // answer of an unknown shape): the first entry goes alone, and its own answer decides, exactly
    // as one by one, so one mutation the server cannot take never holds up the ones before it.
    outcomes ??= [await sendOne(transport, prepared.wire)];

    const settled = await settle(db, transport, batch, outcomes, result);
    if (!settled) continue;
    const { entry, outcome } = settled;
    if (outcome.kind === 'transient') {
      await noteFailure(db, entry, outcome.reason);
      return { ...result, stop: { kind: 'transient', reason: outcome.reason } };
    }
    if (outcome.kind === 'auth') {
      if (refreshedFor === entry.id) {
        return { ...result, stop: { kind: 'signInRequired', reason: outcome.reason } };
      }
      const refreshed = await auth.refresh();
      if (refreshed === 'refused') {
        return { ...result, stop: { kind: 'signInRequired', reason: outcome.reason } };
      }
      if (refreshed === 'offline') {
        await noteFailure(db, entry, outcome.reason);
        return { ...result, stop: { kind: 'transient', reason: outcome.reason } };
      }
      refreshedFor = entry.id; // retry this entry once with the new token
    }
  }
}

/**
 * The entry as the server receives it (its args as the schema parses them: defaults applied,
 * extras dropped), or why it is refused without asking the server: another user's, or args that
 * do not parse. Each entry's args are parsed once per pass.
 */
function prepare(
  entry: OutboxEntry,
  userId: string,
): { wire: WireMutation } | { refusal: { errorClass: RejectionClass; message: string } } {
  if (entry.userId !== userId) {
    return {
      refusal: { errorClass: 'forbidden', message: 'This change was made by another user' },
    };
  }
  const parsed = mutationArgSchemas[entry.name]?.safeParse(entry.args);
  if (!parsed?.success) {
    const message = parsed?.error.issues[0]?.message ?? `Unknown change ${entry.name}`;
    return { refusal: { errorClass: 'validation', message } };
  }
  return { wire: { fn: rpcName(entry.name), mutation_id: entry.id, args: parsed.data } };
}

/** One mutation in a request of its own: POST /rpc/<its guarded operation>. */
async function sendOne(transport: Transport, wire: WireMutation): Promise<Outcome> {
  const { fn, mutation_id, args } = wire;
  return classify(await transport.rpc(fn, { mutation_id, args }));
}

/**
 * The leading run of `head` that may go in one request, with each entry as the server receives
 * it: entries the server may see (a local refusal ends the run, so it is settled in its place),
 * within the byte bound (at least one).
 */
function leadingBatch(
  head: OutboxEntry[],
  userId: string,
  maxBytes: number,
): { entries: OutboxEntry[]; wires: WireMutation[] } {
  const entries: OutboxEntry[] = [];
  const wires: WireMutation[] = [];
  let bytes = 0;
  for (const entry of head) {
    const prepared = prepare(entry, userId);
    if ('refusal' in prepared) break;
    bytes += JSON.stringify(prepared.wire).length + 1;
    if (entries.length > 0 && bytes > maxBytes) break;
    entries.push(entry);
    wires.push(prepared.wire);
  }
  return { entries, wires };
}

/**
 * Applies the server's answers to the entries they belong to, in order: accepted ones leave the
 * outbox (a run of them in one local transaction), refused ones go to 'needs attention' and do not
 * hold up the rest. Returns the first entry whose answer is a failure to retry (transient or
 * auth), with nothing after it settled; entries without an answer stay pending, in place.
 */
async function settle(
  db: ChairsideDatabase,
  transport: Transport,
  batch: OutboxEntry[],
  outcomes: Outcome[],
  result: PushResult,
): Promise<{ entry: OutboxEntry; outcome: Outcome & { kind: 'transient' | 'auth' } } | null> {
  let run: { entry: OutboxEntry; data: unknown }[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    await accept(db, run);
    result.accepted += run.length;
    run = [];
  };
  for (const [i, outcome] of outcomes.entries()) {
    const entry = batch[i];
    if (!entry) break;
    if (outcome.kind === 'accepted') {
      run.push({ entry, data: outcome.data });
      continue;
    }
    await flush();
    if (outcome.kind !== 'rejected') return { entry, outcome };
    await reject(db, transport, entry, outcome.errorClass, outcome.message);
    result.rejected += 1;
  }
  await flush();
  return null;
}

async function noteFailure(db: ChairsideDatabase, entry: OutboxEntry, reason: string) {
  await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1, lastError: reason });
}

/** The rows of an operation's result ({"support_tickets": [row, ...], ...}) in mirror form. */
function resultRows(data: unknown): { table: EntityTable; row: ReturnType<typeof toLocalRow> }[] {
  if (typeof data !== 'object' || data === null) return [];
  const rows: { table: EntityTable; row: ReturnType<typeof toLocalRow> }[] = [];
  for (const [serverTable, list] of Object.entries(data)) {
    const table = LOCAL_TABLE[serverTable];
    if (!table || !Array.isArray(list)) continue;
    for (const wire of list) rows.push({ table, row: toLocalRow(table, wire) });
  }
  return rows;
}

/**
 * Accepted entries leave the outbox, all in one local transaction; their result rows become the
 * server's truth (acceptServerRows: rows no pending entry covers are written as sent, covered ones
 * are rebuilt on top), and rows they touched that the server did not send back are rebuilt.
 */
async function accept(
  db: ChairsideDatabase,
  accepted: { entry: OutboxEntry; data: unknown }[],
): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    await leaveOutbox(
      db,
      accepted.map(({ entry }) => entry.seq!),
    );
    // By table and id; the last answer for a row wins (later entries saw the earlier applied).
    const returned = new Map<EntityTable, Map<string, ReturnType<typeof toLocalRow>>>();
    for (const { data } of accepted) {
      for (const { table, row } of resultRows(data)) {
        const rows = returned.get(table) ?? new Map<string, ReturnType<typeof toLocalRow>>();
        returned.set(table, rows.set(row.id, row));
      }
    }
    for (const [table, byId] of returned) {
      const rows = [...byId.values()];
      const removed = rows.filter(isDeleted).map((row) => row.id);
      const live = rows.filter((row) => !isDeleted(row));
      await acceptServerRows(db, table, live, removed, runEffect);
    }
    const notReturned = accepted
      .flatMap(({ entry }) => entry.touches)
      .filter((key) => {
        const { table, id } = parseRowKey(key);
        return !returned.get(table)?.has(id);
      });
    await rebuild(db, notReturned, runEffect);
  });
}

/**
 * Takes accepted entries out of the outbox. A batch is usually a run of consecutive entries (the
 * head of the queue), whose keys are then exactly one key range: one IndexedDB request instead of
 * one per entry. Otherwise (a rejected entry kept in between), one per entry.
 */
async function leaveOutbox(db: ChairsideDatabase, seqs: number[]): Promise<void> {
  const first = seqs[0];
  const last = seqs[seqs.length - 1];
  const consecutive =
    first !== undefined &&
    last !== undefined &&
    last - first === seqs.length - 1 &&
    seqs.every((seq, i) => seq === first + i);
  if (consecutive && seqs.length > 1) {
    await db.outbox.where(':id').between(first, last, true, true).delete();
  } else {
    await db.outbox.bulkDelete(seqs);
  }
}

/** Re-reads the touched rows as the server shows them now; null when unreachable. */
async function serverTruth(
  transport: Transport,
  touches: string[],
): Promise<Map<string, Record<string, unknown> | null> | null> {
  const byTable = new Map<EntityTable, string[]>();
  for (const key of touches) {
    const { table, id } = parseRowKey(key);
    byTable.set(table, [...(byTable.get(table) ?? []), id]);
  }
  const truth = new Map<string, Record<string, unknown> | null>();
  for (const [table, ids] of byTable) {
    const response = await transport.rpc('sync_rows', { table_name: SERVER_TABLE[table], ids });
    const outcome = classify(response);
    if (outcome.kind !== 'accepted') return null;
    const list = (outcome.data as { rows?: unknown[] } | null)?.rows ?? [];
    for (const id of ids) truth.set(rowKey(table, id), null);
    for (const wire of list) {
      const row = toLocalRow(table, wire);
      truth.set(rowKey(table, row.id), isDeleted(row) ? null : (row as never));
    }
  }
  return truth;
}

async function reject(
  db: ChairsideDatabase,
  transport: Transport,
  entry: OutboxEntry,
  errorClass: RejectionClass,
  message: string,
): Promise<void> {
  const truth = await serverTruth(transport, entry.touches);
  await db.transaction('rw', allTables(db), async () => {
    await db.outbox.update(entry.seq!, {
      status: 'rejected',
      rejection: { errorClass, message, at: new Date().toISOString() },
    });
    if (truth) {
      for (const [key, row] of truth) {
        if (await db.shadows.get(key)) await db.shadows.put({ key, row });
      }
    }
    await rebuild(db, entry.touches, runEffect);
  });
}

/** Puts a rejected entry back in line (keeping its place) and re-applies it locally. */
export async function retryEntry(db: ChairsideDatabase, mutationId: string): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get({ id: mutationId });
    if (!entry || entry.status !== 'rejected') return;
    const { seq, touches } = entry;
    await db.outbox.update(seq!, { status: 'pending', rejection: undefined, attempts: 0 });
    // Rows it touched may have lost their shadow when it was rejected: snapshot them again.
    for (const key of touches) {
      if (await db.shadows.get(key)) continue;
      const { table, id } = parseRowKey(key);
      const current = await db[table].get(id);
      await db.shadows.put({ key, row: (current as Record<string, unknown> | undefined) ?? null });
    }
    await rebuild(db, touches, runEffect);
  });
}

/** Drops a rejected entry for good: the user chose not to keep that change. */
export async function discardEntry(db: ChairsideDatabase, mutationId: string): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    const entry = await db.outbox.get({ id: mutationId });
    if (!entry || entry.status !== 'rejected') return;
    await db.outbox.delete(entry.seq!);
    await rebuild(db, entry.touches, runEffect);
  });
}
