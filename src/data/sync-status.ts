/**
 * What the app knows of sync, without importing sync/: the status the UI shows (online, pending,
 * progress, last sync, needs attention) and the port through which the session holds a user's
 * sync engine. sync/ implements the port (SyncEngine); src/app wires it in (src/main.tsx).
 */
import type { EntityTable } from '../domain/entities';
import type { OutboxEntry } from './db';

/**
 * A new device's first sync runs in two stages (issue 30): 'first' brings what the home screen
 * and the next tap need, 'rest' everything else while the user works.
 */
export type FirstSyncStage = 'first' | 'rest';

/** Where a pull is: the table being pulled and how far into it (within its stage). */
export interface PullProgress {
  table: EntityTable;
  tableIndex: number;
  tableCount: number;
  loaded: number;
  total: number | null;
  /** A first sync's stage (absent on a later pull). */
  stage?: FirstSyncStage;
}

export interface SyncStatus {
  /** The browser reports a network and the last request did not fail for lack of one. */
  online: boolean;
  /** Local changes not yet accepted by the server. */
  pendingCount: number;
  /** Changes the server refused, with its reason and the user's input. */
  needsAttention: OutboxEntry[];
  syncing: boolean;
  /** Set during a device's first sync, which shows it as a progress bar; null otherwise. */
  progress: PullProgress | null;
  /** Whether this device has completed its first full pull. */
  firstSyncDone: boolean;
  lastSyncAt: string | null;
  /** The session could not be refreshed: the user must sign in again (the queue is kept). */
  signInRequired: boolean;
  /** The last failure worth telling the user (storage full, server unreachable, ...). */
  lastError: string | null;
}

export const initialStatus: SyncStatus = {
  online: true,
  pendingCount: 0,
  needsAttention: [],
  syncing: false,
  progress: null,
  firstSyncDone: false,
  lastSyncAt: null,
  signInRequired: false,
  lastError: null,
};

/** Fraction 0..1 of a first sync's stage, for a progress bar. */
export function progressFraction(progress: PullProgress | null): number {
  if (!progress) return 0;
  const within =
    progress.total && progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
  return Math.min(1, (progress.tableIndex + within) / progress.tableCount);
}

/** One signed-in user's sync engine, as the session and the UI use it. */
export interface UserSync {
  /** Starts the passes (at once, then on triggers). */
  start(): Promise<void>;
  /** Stops every trigger and forgets the listeners. */
  stop(): void;
  /** Starts a pass now, or right after the one in flight. */
  requestSync(): Promise<void>;
  getStatus(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** Puts a refused change back in line and syncs. */
  retry(mutationId: string): Promise<void>;
  /** Drops a refused change for good. */
  discard(mutationId: string): Promise<void>;
  /**
   * Who of the field team is online now (live presence, vendors): the engineers' user ids, or
   * null while it is not known (offline, not live). Calls `listener` at once and on each change.
   */
  subscribePresence?(listener: (ids: readonly string[] | null) => void): () => void;
}
