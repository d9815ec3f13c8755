/**
 * Push: replays the user's pending outbox, oldest first, through the guarded operations.
 *
 * Promises:
 *  - order: an entry is sent only after the server answered every earlier pending entry
 *    (accepted or rejected); a transient failure stops the pass with the entry still first in
 *    line, so nothing is dropped or reordered;
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
 *    per mutation. Once the server has answered every entry of a batch, the next batch is sent
 *    while those answers are written locally (push-batch.ts: sendAhead), so the server and the
 *    device work at the same time.
 */
import { SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import type { RejectionClass } from '../src/domain/mutations';
import { allTables, type ChairsideDatabase, type OutboxEntry } from '../src/data/db';
import { runEffect } from '../src/data/effects';
import { parseRowKey, rebuild, rowKey } from '../src/data/local-store';
import { classify, type BackendResponse, type Outcome } from './classify';
import { accept } from './push-accept';
import {
  BATCH_RPC,
  batchOutcomes,
  leadingBatch,
  prepare,
  sendAhead,
  type BatchInFlight,
  type WireMutation,
} from './push-batch';
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

/** Transports whose server has no batch operation (an older server): replayed one by one. */
const unbatched = new WeakSet<Transport>();

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
  let ahead: BatchInFlight | null = null;
  for (;;) {
    let batch: OutboxEntry[];
    let wires: WireMutation[];
    let sent: Promise<BackendResponse> | null = null;
    if (ahead) {
      ({ entries: batch, wires, response: sent } = ahead);
      ahead = null;
    } else {
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
      ({ entries: batch, wires } = single
        ? { entries: [first], wires: [prepared.wire] }
        : leadingBatch(head, userId, limits.bytes));
    }

    let outcomes: Outcome[] | null = null;
    if (batch.length > 1) {
      const response = await (sent ?? transport.rpc(BATCH_RPC, { mutations: wires }));
      const answer = classify(response);
      outcomes = batchOutcomes(answer);
      if (outcomes) {
        // Every entry answered (accepted or refused): the next batch goes to the server while
        // these answers are written locally.
        if (
          outcomes.length >= batch.length &&
          outcomes.every((o) => o.kind === 'accepted' || o.kind === 'rejected')
        ) {
          ahead = await sendAhead(db, transport, userId, batch, { count, bytes: limits.bytes });
        }
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
    outcomes ??= [await sendOne(transport, wires[0]!)];

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

/** One mutation in a request of its own: POST /rpc/<its guarded operation>. */
async function sendOne(transport: Transport, wire: WireMutation): Promise<Outcome> {
  const { fn, mutation_id, args } = wire;
  return classify(await transport.rpc(fn, { mutation_id, args }));
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
