// The functions the sync bench's browser page exposes on window.bench (types only, shared by the
// page and the Node side that drives it through page.evaluate).
import type { EntityTable } from '../../../src/domain/entities';
import type { BatchLimits } from '../../../sync';

export type Role = 'CUSTOMER' | 'ADMIN' | 'ENGINEER' | 'VENDOR';

export type TableCounts = Record<EntityTable, number>;

export interface PullFigures {
  /** Wall time of pullAll, from the first request to the last committed page. */
  ms: number;
  received: number;
  /** Time spent awaiting the server's answers (network, server, JSON parsing). */
  rpcMs: number;
  rpcCalls: number;
  /** The slowest single call (the app's transport times out after 20 s). */
  slowestCallMs: number;
  /** Passes retried after a transient failure (the sync engine would retry them too). */
  retries: number;
  /** The longest main-thread task during the pull (PerformanceObserver 'longtask', ≥ 50 ms), 0 if none. */
  longestTaskMs: number;
  /** Main-thread tasks of 50 ms or more during the pull. */
  longTasks: number;
  /** Progress reports (what moves the progress bar) and the longest wait between two of them. */
  progressReports: number;
  longestProgressGapMs: number;
  /** The progress bar's value (0..1) sampled every 100 ms during the pull: how many samples, */
  progressSamples: number;
  /** how many of them moved it forward, how many moved it back (never), */
  progressMoves: number;
  progressBackwards: number;
  /** and the most a 100 ms timer ran late meanwhile (what input or a repaint would wait). */
  latestTimerMs: number;
}

export interface MemoryFigures {
  /** navigator.storage.estimate().usage: what the origin's IndexedDB holds on disk. */
  storageBytes: number;
}

export interface BulkPutFigures {
  ms: number;
  rows: number;
}

export interface QueueFigures {
  ms: number;
  queued: number;
}

export interface PushFigures {
  ms: number;
  accepted: number;
  rejected: number;
  stop: string | null;
  pendingLeft: number;
  rpcMs: number;
  /** Requests sent (a batch is one). */
  requests: number;
  /** Passes retried after a transient stop. */
  retries: number;
}

export interface SearchFigures {
  /** Time of each keystroke's search (the index in memory, the first page taken), in order. */
  keystrokeMs: number[];
  /** Per keystroke: reading the open tickets of the first page shown (IndexedDB, async). */
  countsMs: number[];
  /** Building the index from the mirror (once per mirror change). */
  indexMs: number;
  /** Chairs in the mirror searched. */
  chairs: number;
  /** Matches for the whole text. */
  matches: number;
}

export interface BenchApi {
  /** Signs a new user up (self-sign-up with role metadata) and opens their mirror. */
  signUp(email: string, password: string, name: string, role: Role): Promise<string>;
  pull(): Promise<PullFigures>;
  counts(): Promise<TableCounts>;
  /** Types `text` into the engineer's equipment search, one character at a time. */
  equipmentSearch(text: string): Promise<SearchFigures>;
  /** The origin's storage use (the mirror on disk). */
  storage(): Promise<MemoryFigures>;
  /**
   * Copies every mirrored row (same shapes) into a fresh Dexie database with plain bulkPut in
   * pages of pageSize rows, one transaction per page, and reports the time of the writes alone.
   */
  rawBulkPut(pageSize: number): Promise<BulkPutFigures>;
  /**
   * The mirror's rows written again into fresh databases in each of WRITE_PATTERNS' ways (pages
   * in the order the server sends them, sorted by key, other page sizes, relaxed durability, only
   * primary keys, the app's own stepped write), each timed on its own.
   */
  writePatterns(pageSize: number): Promise<WritePatternFigures[]>;
  /** Queues one ticket.updateServiceNotes per ticket id, offline (local writes only). */
  queueServiceNotes(ticketIds: string[], text: string): Promise<QueueFigures>;
  /** pushOutbox until done; `limits` as pushOutbox's (default: BATCH_LIMITS). */
  push(limits?: BatchLimits): Promise<PushFigures>;
  /** Titles of the given tickets in the mirror ('' when missing). */
  ticketTitles(ids: string[]): Promise<string[]>;
}

export interface PeerFigures {
  /** Wall time from starting every table's replication to all of them reaching the present. */
  ms: number;
  /** Documents per server table in the peer's database afterwards. */
  counts: Record<string, number>;
  /** What the replications reported on their error stream (retried by RxDB). */
  errors: string[];
}

/** The peer bench's page (peer.html): RxDB with its Dexie storage and Supabase replication. */
export interface PeerApi {
  /**
   * Signs in, replicates every mirrored table into a fresh RxDB database with the app's indexes,
   * counts, removes it.
   */
  replicate(email: string, password: string, batchSize: number): Promise<PeerFigures>;
}

/** One way of writing the mirror's rows, and how long it took. */
export interface WritePatternFigures {
  pattern: string;
  ms: number;
  rows: number;
}
