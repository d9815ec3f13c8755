/** The sync status the UI shows (issue: online, pending, progress, last sync, needs attention). */
import type { OutboxEntry } from '../src/data/db';
import type { PullProgress } from './pull';

export interface SyncStatus {
  /** The browser reports a network and the last request did not fail for lack of one. */
  online: boolean;
  /** Local changes not yet accepted by the server. */
  pendingCount: number;
  /** Changes the server refused, with its reason and the user's input. */
  needsAttention: OutboxEntry[];
  syncing: boolean;
  /** Set during a pull; the first sync of a device shows it as a progress bar. */
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

/** Fraction 0..1 of a first sync, for a progress bar. */
export function progressFraction(progress: PullProgress | null): number {
  if (!progress) return 0;
  const within =
    progress.total && progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
  return Math.min(1, (progress.tableIndex + within) / progress.tableCount);
}
