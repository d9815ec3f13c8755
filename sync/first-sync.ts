/**
 * A new device's first sync, in two stages (issue 30; PowerSync's prioritised sync is the model):
 * first what the role's home screen and its next tap need, then everything else, in the
 * background, while the user works.
 *
 * Promises:
 *  - stage 'first' pulls the role's FIRST_STAGE: the first slices of the big tables (sync_pull's
 *    `slice`, migration 0020: the user's own work, the newest rows of the lists their home links
 *    to, the customers and chairs those name), the tables that are the user's own whole (a
 *    customer's), and the home's counts over the rest (sync_home_figures) — before any other row;
 *  - stage 'rest' then pulls every table whole, each by its own (updated_at, id) cursor, but the
 *    tables the first stage pulled whole in the same pass. It re-delivers the rows of the slices
 *    (the mirror's put is idempotent, pending changes are rebased on them) and never pulls a page
 *    twice: a slice has a cursor of its own, and the whole table's keyset starts from the table's;
 *  - every page commits with its cursor: an interrupted first sync resumes after its last
 *    committed page, in the stage it was in; a slice pulled to its end is not asked for again,
 *    and a first stage once done is not run again (the home's counts are fetched again, fresh);
 *  - row level security stays the gate: a slice only narrows what the user may read, and the
 *    counts are counted under the same policies;
 *  - once every table is pulled, the first sync is complete (completeFirstSync): the mirror's own
 *    counts replace the server's, and the slices' cursors go.
 */
import type { ChairsideDatabase } from '../src/data/db';
import { FIRST_SYNC_KEY, HOME_FIGURES_KEY } from '../src/data/mirror-state';
import type { PullProgress } from '../src/data/sync-status';
import { ENTITY_TABLES, type EntityTable } from '../src/domain/entities';
import type { Role } from '../src/domain/schemas/common';
import { fetchHomeFigures } from './home-figures';
import { PAGE_SIZE, pullSpecs, readCursor, sliceCursorKeys, type PullSpec } from './pull';
import type { Transport } from './transport';

/** What a role's first stage brings. */
export interface FirstStage {
  /** Whether its home counts rows the stage does not bring (then the server counts them). */
  figures: boolean;
  /** The pulls, what the home shows first first. */
  pulls: readonly PullSpec[];
}

const slice = (table: EntityTable): PullSpec => ({ table, slice: 'first' });
const whole = (table: EntityTable): PullSpec => ({ table });

/**
 * Per role, what the home screen and the next tap need first (which rows a slice holds is the
 * server's, by role: migration 0020's header).
 */
export const FIRST_STAGE: Record<Role, FirstStage> = {
  // Their open and in-progress tickets, the newest of theirs and of the unassigned ones
  // (Overview, Support Tickets), the customers named (the lists' names), their scheduled service
  // requests (today's appointments), the chairs named (a ticket's page), and their installations
  // (theirs alone).
  ENGINEER: {
    figures: true,
    pulls: [
      slice('supportTickets'),
      slice('users'),
      slice('serviceRequests'),
      slice('chairs'),
      whole('installations'),
    ],
  },
  // Everything of theirs is theirs alone (small): every table but the catalogue, whole.
  CUSTOMER: {
    figures: false,
    pulls: [
      whole('chairs'),
      whole('supportTickets'),
      whole('users'),
      whole('serviceRequests'),
      whole('partRequests'),
      whole('installations'),
    ],
  },
  // The newest unassigned and urgent tickets, the newest ones, the engineers and the customers
  // named, the pending requests waiting for an engineer, the chairs named.
  VENDOR: {
    figures: true,
    pulls: [slice('supportTickets'), slice('users'), slice('serviceRequests'), slice('chairs')],
  },
  // The Overview's figures (counted by the server), its newest tickets and part requests.
  ADMIN: {
    figures: true,
    pulls: [slice('supportTickets'), slice('partRequests'), slice('users'), slice('chairs')],
  },
};

/** true once the first stage of this mirror's first sync is done. */
const FIRST_STAGE_KEY = 'firstStageDone';

/**
 * Pulls a mirror whose first sync is not complete: `stage` first (none: every table in one
 * stage), then the rest. Returns the rows received.
 */
export async function pullFirstSync(
  db: ChairsideDatabase,
  transport: Transport,
  stage: FirstStage | null,
  onProgress?: (progress: PullProgress) => void,
  pageSize = PAGE_SIZE,
  /**
   * Awaited between the two stages: the screen shown draws what the first stage brought before
   * the second's pages compete with its reads (SyncEngineOptions.screenFirst).
   */
  screenFirst?: () => Promise<void>,
): Promise<number> {
  const report = (name: 'first' | 'rest') => (progress: PullProgress) =>
    onProgress?.({ ...progress, stage: name });
  let received = 0;
  const pulledWhole = new Set<EntityTable>();
  if (stage) {
    // Asked for beside the first pages: the home shows them as soon as they are kept.
    const figures = stage.figures ? fetchHomeFigures(db, transport) : Promise.resolve();
    figures.catch(() => undefined);
    if ((await db.meta.get(FIRST_STAGE_KEY))?.value !== true) {
      const pulls = await unfinished(db, stage.pulls);
      // Every first page asked for at once: the stage is small (slices, a customer's own tables),
      // and the home needs all of it.
      received += await pullSpecs(db, transport, pulls, report('first'), pageSize, Infinity);
      await figures;
      await db.meta.put({ key: FIRST_STAGE_KEY, value: true });
      for (const pull of pulls) if (!pull.slice) pulledWhole.add(pull.table);
    } else {
      await figures;
    }
    await screenFirst?.();
  }
  const rest = ENTITY_TABLES.filter((table) => !pulledWhole.has(table)).map(whole);
  received += await pullSpecs(db, transport, rest, report(stage ? 'rest' : 'first'), pageSize);
  return received;
}

/** The pulls still to do: a slice pulled to its end is done for this first sync. */
async function unfinished(db: ChairsideDatabase, pulls: readonly PullSpec[]): Promise<PullSpec[]> {
  const done = await Promise.all(
    pulls.map(async (pull) =>
      pull.slice ? (await readCursor(db, pull.table, pull.slice))?.done === true : false,
    ),
  );
  return pulls.filter((_, i) => !done[i]);
}

/**
 * Completes the first sync with its first whole round (`at`, under `lastSyncKey`): the mirror's
 * counts replace the server's, and what only the first sync needed goes, in one transaction.
 */
export async function completeFirstSync(
  db: ChairsideDatabase,
  lastSyncKey: string,
  at: string,
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.bulkPut([
      { key: lastSyncKey, value: at },
      { key: FIRST_SYNC_KEY, value: true },
    ]);
    await db.meta.bulkDelete([HOME_FIGURES_KEY, FIRST_STAGE_KEY, ...sliceCursorKeys()]);
  });
}
