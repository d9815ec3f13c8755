/**
 * The sync status the UI shows. It is defined in src/data/sync-status.ts so that src/data (the
 * session, the status hooks) never imports sync/; re-exported here for sync's own modules.
 */
export {
  initialStatus,
  progressFraction,
  type PullProgress,
  type SyncStatus,
} from '../src/data/sync-status';
