/**
 * What the mirror records about itself in `meta` that screens read: whether its first sync is
 * complete, and until it is, the home's counts as the server made them (issue 30: a new device
 * shows its home after the first stage of its first sync, while the rest streams in). sync/
 * writes both; the home screens' queries read them through homeFiguresWhileSyncing.
 */
import type { HomeFigures } from '../domain/home-figures';
import type { ChairsideDatabase } from './db';

/** true once the device has pulled every table once. */
export const FIRST_SYNC_KEY = 'firstSyncDone';

/** The server's counts for the home (HomeFigures), kept until the first sync is complete. */
export const HOME_FIGURES_KEY = 'homeFigures';

/** The meta keys a screen's figures depend on (a shared query reads again when one changes). */
export const MIRROR_STATE_KEYS: readonly string[] = [FIRST_SYNC_KEY, HOME_FIGURES_KEY];

/**
 * The server's counts while the mirror is not complete; null once it is (or when none came:
 * the mirror's own counts are then the only ones). A count from these is what the complete
 * mirror will count, so a home shows its real figures after the first stage.
 */
export async function homeFiguresWhileSyncing(db: ChairsideDatabase): Promise<HomeFigures | null> {
  const [done, figures] = await db.meta.bulkGet([FIRST_SYNC_KEY, HOME_FIGURES_KEY]);
  if (done?.value === true) return null;
  return (figures?.value as HomeFigures | undefined) ?? null;
}
