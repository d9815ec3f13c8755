/**
 * Pull: brings the server's rows the user may read into the mirror, table by table.
 *
 * Promises:
 *  - the first sync of a table pages through all of it (keyset on (updated_at, id)), reporting
 *    progress; later syncs ask only for rows after the stored cursor;
 *  - every incremental pull starts an overlap window behind the cursor, so a row whose
 *    transaction committed after a later row was pulled is still picked up;
 *  - soft-deleted rows (deleted_at) are removed locally, and so are rows that left the user's view
 *    since the cursor (the server's `gone` ids: a ticket another engineer took, a chair that was
 *    reassigned), which an incremental pull of visible rows would otherwise never mention;
 *  - when the server's departure log no longer reaches back to the cursor (`resync`: a device
 *    offline for longer than the log keeps), the table is pulled again from the start and the
 *    rows the server no longer sends are dropped;
 *  - rows with pending local mutations are rebased (server row + pending effects), never
 *    overwritten; the cursor is stored in the same transaction as the rows it covers;
 *  - a table's first slice (a new device's first stage, first-sync.ts) is paged the same way under
 *    a cursor of its own, `done` once pulled to its end; the whole table's first pull after it
 *    keeps the slice's earlier pull time, so the departures it asks for next reach back to the
 *    slice (a row the slice brought that has left the user's view since is dropped), and takes
 *    over from the slice's cursor in its first transaction (a table that then sends no row at
 *    all has none left in view: the slice's rows go).
 */
import {
  ENTITY_TABLES,
  SERVER_TABLE,
  type EntityTable,
  type EntityTables,
} from '../src/domain/entities';
import { allTables, type ChairsideDatabase } from '../src/data/db';
import { runEffect } from '../src/data/effects';
import type { PullProgress } from '../src/data/sync-status';
import { acceptServerRows } from '../src/data/local-store';
import { classify } from './classify';
import type { Transport } from './transport';
import { isDeleted, toLocalRow } from './wire';

/**
 * Rows per sync_pull call. A first sync of the generated full data set (84k rows) takes 51 calls,
 * each page at most ~2.6 MB of JSON (chairs); pages of 1,000 made 93 calls, and the time around
 * each call and each commit was what held the first sync below raw bulkPut (sync bench: 90 % of
 * bulkPut's rows/s with 1,000, 97 % with 2,000, same run shape; the longest main-thread task 10 ms
 * either way).
 */
export const PAGE_SIZE = 2000;
export const OVERLAP_MS = 30_000;
/**
 * Rows per write transaction: a whole page. The main thread's tasks stay short anyway (a write
 * puts its rows PUT_STEP at a time, each step a task), and every commit makes each live query
 * over the table run again on the screen shown meanwhile: a first sync of 84k rows commits 51
 * times, not 336.
 */
export const WRITE_CHUNK = PAGE_SIZE;

export interface Cursor {
  updatedAt: string;
  id: string;
  /** Server time at the start of the pull that stored this cursor. */
  pulledAt?: string;
  /** A slice's cursor: the slice was pulled to its end. */
  done?: boolean;
}

/** What one pull reads: a whole table, or the table's first slice (migration 0020). */
export interface PullSpec {
  table: EntityTable;
  slice?: 'first';
}

export type { PullProgress };

export class PullError extends Error {
  constructor(
    readonly kind: 'transient' | 'auth' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'PullError';
  }
}

const cursorKey = ({ table, slice }: PullSpec) =>
  slice ? `cursor:${table}:${slice}` : `cursor:${table}`;

/** The cursor of a table (or, with `slice`, of its slice). */
export async function readCursor(
  db: ChairsideDatabase,
  table: EntityTable,
  slice?: PullSpec['slice'],
): Promise<Cursor | null> {
  return ((await db.meta.get(cursorKey({ table, slice })))?.value as Cursor | undefined) ?? null;
}

/** Every table's slice cursor: what a finished first sync no longer needs. */
export function sliceCursorKeys(): string[] {
  return ENTITY_TABLES.map((table) => cursorKey({ table, slice: 'first' }));
}

/** The earlier of two server times (either may be missing). */
function earliest(a: string | undefined, b: string | null | undefined): string | undefined {
  if (!a) return b ?? undefined;
  if (!b) return a;
  return Date.parse(a) <= Date.parse(b) ? a : b;
}

/**
 * Where an incremental pull starts. A row committed late carries a change time from when its
 * transaction ran, which was after (the previous pull's server time - the overlap window); rows
 * older than that were all visible to the previous pull. So: from the exact cursor when it is
 * older than that bound, else from the bound.
 */
export function incrementalStart(cursor: Cursor): { updatedAt: string; id: string | null } {
  const bound = overlapBound(cursor);
  if (Date.parse(cursor.updatedAt) <= bound) return { updatedAt: cursor.updatedAt, id: cursor.id };
  return { updatedAt: new Date(bound).toISOString(), id: null };
}

/**
 * From when an incremental pull needs the departure log: the previous pull reported every
 * departure up to its server time, less the same overlap window for transactions still open then.
 * (The row cursor of a quiet table can be months older.)
 */
export function departuresStart(cursor: Cursor): string {
  return new Date(overlapBound(cursor)).toISOString();
}

function overlapBound(cursor: Cursor): number {
  return Date.parse(cursor.pulledAt ?? cursor.updatedAt) - OVERLAP_MS;
}

interface PageRequest {
  after: { updatedAt: string | null; id: string | null };
  withTotal: boolean;
  departedAfter: string | null;
  slice?: PullSpec['slice'];
}

interface Page {
  rows: unknown[];
  total: number | null;
  gone: string[];
  serverTime: string | null;
  resync: boolean;
}

/** One call of a function the pull reads through: its answer, its failures as PullError. */
export async function pullCall(
  transport: Transport,
  fn: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const outcome = classify(await transport.rpc(fn, params));
  if (outcome.kind === 'transient' || outcome.kind === 'auth') {
    throw new PullError(outcome.kind, outcome.reason);
  }
  if (outcome.kind === 'rejected') throw new PullError('rejected', outcome.message);
  return outcome.data;
}

/** One sync_pull call, its failures as PullError. */
async function fetchPage(
  transport: Transport,
  table: EntityTable,
  pageSize: number,
  request: PageRequest,
): Promise<Page> {
  const data = await pullCall(transport, 'sync_pull', {
    table_name: SERVER_TABLE[table],
    after_updated_at: request.after.updatedAt,
    after_id: request.after.id,
    max_rows: pageSize,
    with_total: request.withTotal,
    ...(request.departedAfter ? { departed_after: request.departedAfter } : {}),
    ...(request.slice ? { slice: request.slice } : {}),
  });
  const page = data as {
    rows?: unknown[];
    total?: number | null;
    gone?: unknown[];
    server_time?: unknown;
    resync?: unknown;
  } | null;
  return {
    rows: Array.isArray(page?.rows) ? page.rows : [],
    total: typeof page?.total === 'number' ? page.total : null,
    gone: Array.isArray(page?.gone)
      ? page.gone.filter((id): id is string => typeof id === 'string')
      : [],
    serverTime: typeof page?.server_time === 'string' ? page.server_time : null,
    resync: page?.resync === true,
  };
}

/**
 * Pulls one table to the present; returns the number of rows received.
 *
 * Pages are pipelined: as soon as a page has arrived, the next one is requested (its keyset
 * start is the last row just received) while the current one is written, so the server's time
 * and the mirror's write time overlap instead of adding up. Writes are pipelined too: a page's
 * transaction is opened while the one before it is still committing, so IndexedDB goes from one
 * to the next without waiting for this thread (it runs transactions over the same tables one
 * after another, in the order they were opened). Pages are still applied strictly in order, each
 * in its own transaction with its cursor: a transaction first checks that the cursor stored is
 * the one the transaction before it was to store, and writes nothing otherwise, so a page is
 * never applied after one before it failed. A failure anywhere leaves the cursor of the last
 * committed page, and the next pull resumes there.
 */
export async function pullTable(
  db: ChairsideDatabase,
  transport: Transport,
  table: EntityTable,
  options: PullTableOptions = {},
): Promise<number> {
  const spec = { table };
  const opening = openTable(db, transport, spec, options.pageSize ?? PAGE_SIZE);
  return pullOpened(db, transport, spec, opening, options);
}

interface PullTableOptions {
  pageSize?: number;
  /** Rows written per transaction (a page is written in chunks of this many). */
  writeChunk?: number;
  onPage?: (loaded: number, total: number | null) => void;
}

/** A table's pull begun: the cursor it starts from, and its first page asked for. */
interface Opening {
  stored: Cursor | null;
  departedAfter: string | null;
  first: Promise<Page>;
  /** An earlier pull time this pull's cursor keeps (a slice's; a slice resumed, its own). */
  pulledBefore: string | undefined;
  /** The slice cursor a whole table's first pull takes over from (deleted with its first page). */
  replaces: string | null;
}

/** A page asked for ahead may never be awaited (a write before it failed): not unhandled. */
function fetchAhead(
  transport: Transport,
  table: EntityTable,
  pageSize: number,
  request: PageRequest,
): Promise<Page> {
  const pending = fetchPage(transport, table, pageSize, request);
  pending.catch(() => undefined);
  return pending;
}

function openTable(
  db: ChairsideDatabase,
  transport: Transport,
  spec: PullSpec,
  pageSize: number,
): Promise<Opening> {
  const sliceSpec: PullSpec = { table: spec.table, slice: 'first' };
  const opening = Promise.all([
    readCursor(db, spec.table, spec.slice),
    spec.slice ? null : readCursor(db, spec.table, 'first'),
  ]).then(([stored, sliceCursor]): Opening => {
    if (spec.slice) {
      // A slice resumes exactly after its last committed row: it reports no departures, and the
      // whole table's pull that follows reads everything again anyway.
      const first = fetchAhead(transport, spec.table, pageSize, {
        after: stored?.updatedAt
          ? { updatedAt: stored.updatedAt, id: stored.id }
          : { updatedAt: null, id: null },
        withTotal: !stored,
        departedAfter: null,
        slice: spec.slice,
      });
      return { stored, departedAfter: null, first, pulledBefore: stored?.pulledAt, replaces: null };
    }
    const departedAfter = stored ? departuresStart(stored) : null;
    const first = fetchAhead(transport, spec.table, pageSize, {
      after: stored ? incrementalStart(stored) : { updatedAt: null, id: null },
      withTotal: !stored,
      departedAfter,
    });
    const takesOver = !stored && sliceCursor !== null;
    return {
      stored,
      departedAfter,
      first,
      pulledBefore: takesOver ? sliceCursor.pulledAt : undefined,
      replaces: takesOver ? cursorKey(sliceSpec) : null,
    };
  });
  opening.catch(() => undefined);
  return opening;
}

async function pullOpened(
  db: ChairsideDatabase,
  transport: Transport,
  spec: PullSpec,
  opening: Promise<Opening>,
  options: PullTableOptions,
): Promise<number> {
  const { table, slice } = spec;
  const key = cursorKey(spec);
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const writeChunk = Math.max(1, options.writeChunk ?? WRITE_CHUNK);
  const { stored, departedAfter, first, pulledBefore, replaces: takingOver } = await opening;
  /** The slice cursor this pull takes over from, until its first transaction has. */
  let replaces = takingOver;
  let pulledAt: string | undefined;
  let cursor: Cursor | null = stored;
  let loaded = 0;
  let total: number | null = null;
  let firstPage = true;
  /** While pulling a table again from the start: every id the server sent. */
  let resync: Set<string> | null = null;
  const request = (req: PageRequest) => fetchAhead(transport, table, pageSize, { ...req, slice });
  let next = first;
  /** The transaction opened last, still committing, and the rows loaded once it has. */
  let committing: { done: Promise<void>; loaded: number } | null = null;
  /** The cursor the mirror holds once `committing` has committed. */
  let storedAfter: Cursor | null = stored;
  const settle = async (entry: { done: Promise<void>; loaded: number } | null) => {
    if (!entry) return;
    await entry.done;
    options.onPage?.(entry.loaded, total);
  };
  try {
    return await pullPages();
  } catch (error) {
    // What was written before the failure stays, and the transaction opened last is settled
    // (committed, or refused by its cursor check) before the caller goes on.
    await settle(committing).catch(() => undefined);
    throw error;
  }

  async function pullPages(): Promise<number> {
    for (;;) {
      const page = await next;
      if (page.resync && !resync) {
        // The departure log no longer reaches back to the cursor: start the table over.
        resync = new Set();
        cursor = null;
        next = request({
          after: { updatedAt: null, id: null },
          withTotal: true,
          departedAfter: null,
        });
        continue;
      }
      if (firstPage) {
        pulledAt = earliest(pulledBefore, page.serverTime);
        total = page.total;
        firstPage = false;
      }

      const rows = page.rows.map((wire) => toLocalRow(table, wire));
      const last = rows[rows.length - 1];
      const done = !last || rows.length < pageSize;
      if (last && !done) {
        next = request({
          after: { updatedAt: last.updatedAt, id: last.id },
          withTotal: false,
          departedAfter: resync ? null : departedAfter,
        });
      }
      for (const row of rows) resync?.add(row.id);
      // A page is written in chunks, each its own transaction with the cursor of its last row (rows
      // come in cursor order, so a committed prefix is a valid place to resume). The main thread is
      // handed back between chunks, as awaiting a transaction's commit does: input and the progress
      // bar never wait for a whole page, and no timer adds its delay to every chunk.
      const chunkCount = Math.max(1, Math.ceil(rows.length / writeChunk));
      for (let chunk = 0; chunk < chunkCount; chunk++) {
        const chunkRows = rows.slice(chunk * writeChunk, (chunk + 1) * writeChunk);
        const final = chunk === chunkCount - 1;
        const live: EntityTables[typeof table][] = [];
        const removed: string[] = [];
        for (const row of chunkRows) {
          if (isDeleted(row)) removed.push(row.id);
          else live.push(row);
        }
        if (final) removed.push(...page.gone);
        const end = chunkRows[chunkRows.length - 1];
        if (end) cursor = { updatedAt: end.updatedAt, id: end.id };
        // The pull's server time moves on even when no row changed, so the next window shrinks.
        // A slice pulled to its end is done, even one that had no row (it has no position then).
        const finished = slice !== undefined && final && done;
        const position: Cursor | null = cursor ?? (finished ? { updatedAt: '', id: '' } : null);
        const nextCursor: Cursor | null = position && {
          ...position,
          pulledAt: pulledAt ?? position.pulledAt,
          ...(finished ? { done: true } : {}),
        };
        // A table that the slice brought rows of and that now sends none: none is in view any more.
        const emptied = replaces !== null && cursor === null;
        const seen = final && done ? (resync ?? (emptied ? new Set<string>() : null)) : null;
        const expected = storedAfter;
        const replaced = replaces;
        const writing = db.transaction('rw', allTables(db), async () => {
          if (!sameCursor((await db.meta.get(key))?.value as Cursor | undefined, expected)) {
            throw new PullError('transient', 'The mirror changed during the pull');
          }
          if (seen) {
            // Whatever the server no longer sends has left this user's view.
            const local = (await db[table].toCollection().primaryKeys()) as string[];
            removed.push(...local.filter((id) => !seen.has(id)));
          }
          await acceptServerRows(db, table, live, removed, runEffect);
          if (nextCursor) await db.meta.put({ key, value: nextCursor });
          else if (seen) await db.meta.delete(key);
          if (nextCursor && replaced) await db.meta.delete(replaced);
        });
        if (nextCursor) replaces = null;
        // Awaited below, or dropped once one before it failed: never unhandled.
        writing.catch(() => undefined);
        storedAfter = nextCursor ?? (seen ? null : expected);
        loaded += chunkRows.length;
        const previous = committing;
        committing = { done: writing, loaded };
        await settle(previous);
      }
      if (done) {
        const final = committing;
        committing = null;
        await settle(final);
        return loaded;
      }
    }
  }
}

function sameCursor(a: Cursor | null | undefined, b: Cursor | null): boolean {
  return a?.updatedAt === b?.updatedAt && a?.id === b?.id && a?.pulledAt === b?.pulledAt;
}

/**
 * Pulls every mirrored table in turn, reporting progress across all of them. The next table's
 * first page is asked for when a table starts, so it is there when the table's last page is
 * written (a first sync's tables follow one another without waiting for the server).
 */
export async function pullAll(
  db: ChairsideDatabase,
  transport: Transport,
  onProgress?: (progress: PullProgress) => void,
  pageSize = PAGE_SIZE,
  /** Only these tables (a poke names the tables that changed); every table when not given. */
  only?: ReadonlySet<EntityTable>,
): Promise<number> {
  const tables = only ? ENTITY_TABLES.filter((t) => only.has(t)) : ENTITY_TABLES;
  return pullSpecs(
    db,
    transport,
    tables.map((table) => ({ table })),
    onProgress,
    pageSize,
  );
}

/**
 * Pulls each of `specs` in turn, reporting progress across them. The first pages of the next
 * `ahead` specs are asked for when one starts (pullAll's way, one: a table's first page is there
 * when the table before it is written); `Infinity` asks for every first page at once (a first
 * stage's few small slices: the server answers them one after another while the device writes,
 * and no request waits for the write before it).
 */
export async function pullSpecs(
  db: ChairsideDatabase,
  transport: Transport,
  specs: readonly PullSpec[],
  onProgress?: (progress: PullProgress) => void,
  pageSize = PAGE_SIZE,
  ahead = 1,
): Promise<number> {
  let received = 0;
  const openings: Promise<Opening>[] = [];
  const openUpTo = (index: number) => {
    for (let i = openings.length; i <= Math.min(index, specs.length - 1); i++) {
      openings.push(openTable(db, transport, specs[i]!, pageSize));
    }
  };
  for (const [tableIndex, spec] of specs.entries()) {
    openUpTo(tableIndex + ahead);
    const current = openings[tableIndex]!;
    received += await pullOpened(db, transport, spec, current, {
      pageSize,
      onPage: (loaded, total) =>
        onProgress?.({
          table: spec.table,
          tableIndex,
          tableCount: specs.length,
          loaded,
          total,
        }),
    });
  }
  return received;
}
