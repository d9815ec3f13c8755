/**
 * sync/: the only code that talks to the backend for data. Public API:
 *  - SyncEngine: push-then-pull passes with triggers, backoff, Web Locks and a SyncStatus;
 *  - supabaseTransport / supabaseAuth: the engine's ports over supabase-js;
 *  - supabaseSessionBackend: what the session needs (the user's row, an engine per user), which
 *    src/main.tsx hands to the SessionStore;
 *  - pushOutbox / pullAll / pullTable / pullFirstSync (a new device's two-stage first sync,
 *    FIRST_STAGE per role) for tests and benchmarks.
 */
export { SyncEngine, type SyncEngineOptions } from './engine';
export { supabaseAuth, supabaseTransport } from './supabase-transport';
export { supabaseSessionBackend } from './session-backend';
export type { AuthPort, Transport } from './transport';
export { classify, type BackendResponse, type Outcome } from './classify';
export {
  BATCH_LIMITS,
  pushOutbox,
  retryEntry,
  discardEntry,
  type BatchLimits,
  type PushResult,
} from './push';
export { pullAll, pullTable, PullError, OVERLAP_MS, PAGE_SIZE, type PullProgress } from './pull';
export { FIRST_STAGE, pullFirstSync, type FirstStage } from './first-sync';
export { initialStatus, progressFraction, type SyncStatus } from '../src/data/sync-status';
export { backoffDelay } from './backoff';
