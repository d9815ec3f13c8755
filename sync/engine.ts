/**
 * The sync engine for one signed-in user on one device.
 *
 * It runs push-then-pull passes: at start, on the 'online' event, when the tab becomes visible,
 * after each local write (debounced), on a periodic timer, after a transient failure with
 * backoff and jitter, and when the database pokes it (live updates, issue 28: while online it
 * joins the user's Realtime topics; a poke names the tables changed, and the pokes of one
 * POKE_WINDOW_MS make one pull of those tables). While the browser reports no network it sends
 * nothing and holds no socket; the 'online' event brings one pass and one socket back. One pass
 * at a time per tab, and one sender at a time per user across tabs and the service worker (Web
 * Locks, `syncLockName`); other tabs see the results through Dexie live queries. A pass that
 * leaves changes waiting for the network asks the service worker to send them when it returns,
 * app open or closed (`background`, issue 32). It publishes a SyncStatus. After each
 * completed round it reports the device's health to the server (reportHealth, below).
 */
import { liveQuery, type Subscription } from 'dexie';
import { onLocalWrite } from '../src/data/actions';
import type { ChairsideDatabase } from '../src/data/db';
import { FIRST_SYNC_KEY } from '../src/data/mirror-state';
import { isStorageFull, STORAGE_FULL } from '../src/data/storage-full';
import {
  initialStatus,
  type PullProgress,
  type SyncStatus,
  type UserSync,
} from '../src/data/sync-status';
import { ENTITY_TABLES, SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import type { Role } from '../src/domain/schemas/common';
import { backoffDelay } from './backoff';
import { thisDevice, type DeviceInfo } from './device';
import type { LiveConnection, LivePort } from './live';
import { completeFirstSync, FIRST_STAGE, pullFirstSync } from './first-sync';
import { PullError, pullAll } from './pull';
import type { BackgroundSyncPort } from './background-sync';
import type { PhotoStore } from './photo-upload';
import { discardEntry, retryEntry } from './push';
import { pushChanges, syncLockName } from './push-changes';
import type { AuthPort, Transport } from './transport';

export interface SyncEngineOptions {
  db: ChairsideDatabase;
  userId: string;
  /**
   * The user's role: a new device's first sync pulls what its home needs first (FIRST_STAGE).
   * Without it, the first sync pulls every table in one stage.
   */
  role?: Role;
  transport: Transport;
  auth: AuthPort;
  /** Where the engineer's photos of the work are uploaded (none: photos stay on the device). */
  photos?: PhotoStore;
  /** Periodic pass interval (default 60 s). */
  periodMs?: number;
  /** Wait after a local write before pushing, to batch a burst of edits (default 300 ms). */
  writeDebounceMs?: number;
  pageSize?: number;
  /**
   * A new device's first sync waits for it between its two stages (issue 30): the screen shown
   * (the home) reads and draws what the first stage brought before the second stage's pages of
   * 2,000 rows compete with its reads for IndexedDB and the main thread. None: no wait.
   */
  screenFirst?: () => Promise<void>;
  random?: () => number;
  /** What identifies this device to a person (default: from the browser and the app's version). */
  device?: DeviceInfo;
  /** Live updates: the user's Realtime topics (none: the passes' triggers only). */
  live?: LivePort;
  /** How long pokes are gathered into one pull (default POKE_WINDOW_MS). */
  pokeWindowMs?: number;
  /** How long a start or a return online waits for the live topics' join (default JOIN_WAIT_MS). */
  joinWaitMs?: number;
  /**
   * Background Sync (issue 32): asked to send the changes when the network returns, with the app
   * closed or not, whenever a pass leaves changes waiting for it. None: as before, they go the
   * next time the app is open and online.
   */
  background?: BackgroundSyncPort;
}

/** The longest a start or a return online waits for the live join before syncing without it. */
export const JOIN_WAIT_MS = 1_500;

/** Pokes that arrive within this window make one pull. */
export const POKE_WINDOW_MS = 100;

/** Every table, or some (a pass after a poke pulls only the tables it named). */
type Tables = ReadonlySet<EntityTable> | 'all';

const LOCAL_TABLE = new Map(
  Object.entries(SERVER_TABLE).map(([local, server]) => [server, local as EntityTable]),
);

const LAST_SYNC_KEY = 'lastSyncAt';
/** How soon to look again when another tab held the sync lock while changes were waiting. */
export const LOCK_RETRY_MS = 2_000;
/** This mirror's device id, generated once: each user's mirror on a tablet is one device. */
const DEVICE_ID_KEY = 'deviceId';

export class SyncEngine implements UserSync {
  private status: SyncStatus = { ...initialStatus };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private periodTimer: ReturnType<typeof setInterval> | null = null;
  private outboxSubscription: Subscription | null = null;
  private reporting: Promise<void> | null = null;
  private readonly cleanups: (() => void)[] = [];
  /** What the queued pass (after the one running) pulls. */
  private nextTables: Tables | null = null;
  /** What the running pass pulls, and whether its pull has begun. */
  private passTables: Tables | null = null;
  private pulling = false;
  private poked: Set<EntityTable> | 'all' | null = null;
  private pokeTimer: ReturnType<typeof setTimeout> | null = null;
  private liveConnection: LiveConnection | null = null;
  private liveState: 'none' | 'live' | 'paused' = 'none';
  private joinWait: ReturnType<typeof setTimeout> | null = null;
  private onlineEngineers: readonly string[] | null = null;
  private readonly presenceListeners = new Set<(ids: readonly string[] | null) => void>();

  constructor(private readonly options: SyncEngineOptions) {}

  getStatus(): SyncStatus {
    return this.status;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    const { db } = this.options;
    const [last, first] = await Promise.all([
      db.meta.get(LAST_SYNC_KEY),
      db.meta.get(FIRST_SYNC_KEY),
    ]);
    this.update({
      lastSyncAt: (last?.value as string | undefined) ?? null,
      firstSyncDone: first?.value === true,
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
    });
    // Outbox counts across tabs: live queries observe writes made by any tab.
    let initial = true;
    this.outboxSubscription = liveQuery(() => db.outbox.toArray()).subscribe({
      next: (entries) => {
        const pendingCount = entries.filter((e) => e.status === 'pending').length;
        // A change queued later in another tab of this user (which may be offline) is pushed
        // from here too, as promptly as one of this tab's own writes (start pushes the rest).
        if (!initial && pendingCount > this.status.pendingCount) this.scheduleAfterWrite();
        initial = false;
        this.update({
          pendingCount,
          needsAttention: entries.filter((e) => e.status === 'rejected'),
        });
      },
      error: (error: unknown) => this.update({ lastError: describe(error) }),
    });
    this.cleanups.push(
      onLocalWrite(() => {
        // Offline, the background sync is asked for at once, not after the write's pass: an
        // engineer who closes the app right after a change still has it sent when signal returns.
        if (!browserOnline()) void this.leaveToBackground();
        this.scheduleAfterWrite();
      }),
    );
    if (typeof window !== 'undefined') {
      const onOnline = () => {
        this.options.auth.networkReturned?.();
        this.update({ online: true });
        this.failures = 0;
        this.syncOnceJoined();
      };
      const onOffline = () => {
        this.update({ online: false });
        this.pauseLive();
      };
      const onVisible = () => {
        if (document.visibilityState === 'visible') this.requestSync();
      };
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      document.addEventListener('visibilitychange', onVisible);
      this.cleanups.push(() => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
        document.removeEventListener('visibilitychange', onVisible);
      });
    }
    this.periodTimer = setInterval(() => this.requestSync(), this.options.periodMs ?? 60_000);
    if (browserOnline()) this.syncOnceJoined();
    else this.requestSync();
  }

  /**
   * Joins the live topics, then syncs: the pass's pull then reads everything committed before the
   * join, and every later change comes as a poke, so one pull leaves no gap (a pull begun before
   * the join would need a second one after it). Without live updates, or when the join has not
   * come within JOIN_WAIT_MS (Realtime down), the pass goes ahead without it. A new device's first
   * sync is the exception: it starts at once, and the join brings the second pass.
   */
  private syncOnceJoined(): void {
    if (!this.options.live) {
      void this.requestSync();
      return;
    }
    if (!this.status.firstSyncDone) {
      // A new device's first sync does not wait for the join (a socket's round trips before the
      // first row, while its user looks at a spinner: issue 30). The join, when it comes during
      // the pull, pokes every table: one pass more reads what changed meanwhile (`joined`
      // below), so nothing is missed.
      this.goLive();
      void this.requestSync();
      return;
    }
    if (this.joinWait) clearTimeout(this.joinWait);
    this.joinWait = setTimeout(() => {
      this.joinWait = null;
      void this.requestSync();
    }, this.options.joinWaitMs ?? JOIN_WAIT_MS);
    this.goLive();
  }

  stop(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.outboxSubscription?.unsubscribe();
    for (const timer of [this.retryTimer, this.writeTimer, this.pokeTimer, this.joinWait]) {
      if (timer) clearTimeout(timer);
    }
    if (this.periodTimer) clearInterval(this.periodTimer);
    this.leaveLive();
    this.listeners.clear();
    this.presenceListeners.clear();
  }

  /** Starts a pass now, or right after the one in flight. Resolves when passes are done. */
  requestSync(): Promise<void> {
    return this.requestPass('all');
  }

  /**
   * Who of the field team is online now, for vendors (null until known, and while offline).
   * Calls `listener` at once and on each change.
   */
  subscribePresence(listener: (ids: readonly string[] | null) => void): () => void {
    this.presenceListeners.add(listener);
    listener(this.onlineEngineers);
    return () => this.presenceListeners.delete(listener);
  }

  private requestPass(tables: Tables): Promise<void> {
    if (this.running) {
      this.nextTables = union(this.nextTables, tables);
      return this.running;
    }
    this.nextTables = tables;
    this.running = (async () => {
      while (this.nextTables) {
        const pass = this.nextTables;
        this.nextTables = null;
        this.passTables = pass;
        try {
          await this.withLock(() => this.pass(pass));
        } finally {
          this.passTables = null;
        }
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Joins the user's live topics (while the browser is online), or joins them again. */
  private goLive(): void {
    const { live } = this.options;
    if (!live || this.liveState === 'live') return;
    if (this.liveConnection) {
      this.liveConnection.resume();
      this.liveState = 'live';
      return;
    }
    this.liveState = 'live';
    this.liveConnection = live.open({
      poke: (tables) => {
        const known = tables.flatMap((t) => LOCAL_TABLE.get(t) ?? []);
        if (known.length > 0) this.poke(new Set(known));
      },
      // Joined, or joined again after a lost connection: pull everything, unless the pass in
      // flight has yet to pull every table (it then reads what changed while not joined).
      joined: () => {
        if (this.joinWait) {
          clearTimeout(this.joinWait);
          this.joinWait = null;
          void this.requestSync();
          return;
        }
        if (this.running && !this.pulling && this.passTables === 'all') return;
        this.poke('all');
      },
      presence: (ids) => this.setPresence(this.liveState === 'live' ? ids : null),
    });
  }

  /** Offline: closes the socket; the topics are joined again when the network returns. */
  private pauseLive(): void {
    if (this.liveState !== 'live') return;
    this.liveState = 'paused';
    this.liveConnection?.pause();
    this.setPresence(null);
  }

  private leaveLive(): void {
    this.liveConnection?.close();
    this.liveConnection = null;
    this.liveState = 'none';
    this.setPresence(null);
  }

  private setPresence(ids: readonly string[] | null): void {
    this.onlineEngineers = ids;
    for (const listener of this.presenceListeners) listener(ids);
  }

  /** Gathers the pokes of one window into one pass over the tables they name. */
  private poke(tables: Set<EntityTable> | 'all'): void {
    this.poked = union(this.poked, tables) as Set<EntityTable> | 'all';
    if (this.pokeTimer) return;
    this.pokeTimer = setTimeout(() => {
      this.pokeTimer = null;
      const poked = this.poked;
      this.poked = null;
      if (poked) void this.requestPass(poked);
    }, this.options.pokeWindowMs ?? POKE_WINDOW_MS);
  }

  /** Resolves when no pass is running or queued and no health report is in flight. */
  async whenIdle(): Promise<void> {
    while (this.running || this.reporting) await (this.running ?? this.reporting);
  }

  async retry(mutationId: string): Promise<void> {
    await retryEntry(this.options.db, mutationId);
    await this.requestSync();
  }

  async discard(mutationId: string): Promise<void> {
    await discardEntry(this.options.db, mutationId);
  }

  /**
   * Changes wait and the network is gone: where the browser has Background Sync, the service
   * worker sends them when it returns, even with the app closed by then (background-sync.ts).
   */
  private async leaveToBackground(): Promise<void> {
    const { background, db } = this.options;
    if (!background) return;
    try {
      const pending = await db.outbox.where('status').equals('pending').count();
      if (pending > 0) await background.register();
    } catch {
      // Not registered: the changes go as today, the next time the app is open and online.
    }
  }

  private async lookAgainIfPending(): Promise<void> {
    const pending = await this.options.db.outbox.where('status').equals('pending').count();
    if (pending > 0) this.scheduleAfterWrite(LOCK_RETRY_MS);
  }

  private scheduleAfterWrite(delayMs = this.options.writeDebounceMs ?? 300): void {
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => {
      this.writeTimer = null;
      void this.requestSync();
    }, delayMs);
  }

  private async withLock(fn: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return fn();
    // Another tab already syncing this user: it pushes; this tab sees the rows via live queries.
    // That tab may be offline and fail, so with changes waiting this tab looks again shortly.
    await locks.request(syncLockName(this.options.userId), { ifAvailable: true }, (lock) => {
      if (lock) return fn();
      return this.lookAgainIfPending();
    });
  }

  private async pass(poked: Tables = 'all'): Promise<void> {
    const { db, userId, transport, auth } = this.options;
    // A poke before the first whole sync is done still needs every table.
    const tables = this.status.firstSyncDone ? poked : 'all';
    // No network: nothing is sent (each request would only fail); 'online' brings the next pass.
    if (!browserOnline()) {
      this.update({ online: false });
      await this.leaveToBackground();
      return;
    }
    this.update({ syncing: true });
    try {
      const sessionUser = await auth.currentUserId();
      // Waiting for the user to sign in again: only their own new session resumes the queue.
      if (this.status.signInRequired && sessionUser !== userId) return;
      if (this.status.signInRequired) this.update({ signInRequired: false, lastError: null });
      if (sessionUser === 'offline') {
        this.onTransient('Waiting for the network to renew the session');
        return;
      }
      if (sessionUser !== userId) {
        // Never push one user's queue under another identity.
        this.update({ signInRequired: true });
        return;
      }
      const pushed = await pushChanges(db, userId, transport, auth, this.options.photos);
      if (pushed.stop?.kind === 'signInRequired') {
        this.update({ signInRequired: true, lastError: pushed.stop.reason });
        return;
      }
      if (pushed.stop?.kind === 'transient') {
        this.onTransient(pushed.stop.reason);
        return;
      }
      this.pulling = true;
      markPass(tables === 'all' ? 'all' : 'poked');
      const firstSync = !this.status.firstSyncDone;
      // Only a first sync shows how far it is (its progress bar). A later pull's progress would
      // change the status at each table, and every screen showing it would be drawn again.
      const onProgress = firstSync
        ? (progress: PullProgress) => this.update({ progress })
        : undefined;
      const { role, pageSize, screenFirst } = this.options;
      if (firstSync) {
        const stage = role ? FIRST_STAGE[role] : null;
        await pullFirstSync(db, transport, stage, onProgress, pageSize, screenFirst);
      } else {
        await pullAll(db, transport, onProgress, pageSize, tables === 'all' ? undefined : tables);
      }
      const now = new Date().toISOString();
      if (firstSync) await completeFirstSync(db, LAST_SYNC_KEY, now);
      else await db.meta.put({ key: LAST_SYNC_KEY, value: now });
      this.failures = 0;
      this.update({ lastSyncAt: now, firstSyncDone: true, online: true, lastError: null });
      // After a whole round, not after each poke's pull: a device's report is its state, and one
      // a minute says it as well as one per change on the server.
      if (tables === 'all') this.reportHealth();
    } catch (error) {
      if (error instanceof PullError && error.kind === 'transient') this.onTransient(error.message);
      else if (error instanceof PullError && error.kind === 'auth') {
        const refreshed = await auth.refresh();
        if (refreshed === 'refused') this.update({ signInRequired: true });
        else this.onTransient(error.message);
      } else this.update({ lastError: describe(error) });
    } finally {
      this.pulling = false;
      this.update({ syncing: false, progress: null });
    }
  }

  /**
   * Device health (issue 16): tells the server, after a completed round, that this device has just
   * synced and how many changes it holds queued and refused, for the vendor's Field Engineers
   * page. Not through the outbox: a report is the device's state at this moment, not a change the
   * user made. Queued, it would wait behind the very entries it counts, a refused one would land
   * in needs-attention and count itself, and a stale report replayed later would say less than
   * the next round's. So it is sent straight away, without being awaited by the round: whatever
   * happens to it (offline, refused, a slow server) never delays, fails or changes the sync, and
   * a report that did not arrive is simply superseded by the next round's. One at a time: a round
   * that ends while one is in flight leaves it to the next round.
   */
  private reportHealth(): void {
    if (this.reporting) return;
    this.reporting = this.sendHealth()
      .catch(() => undefined)
      .finally(() => {
        this.reporting = null;
      });
  }

  private async sendHealth(): Promise<void> {
    const { db, transport, device = thisDevice() } = this.options;
    const deviceId = await db.transaction('rw', db.meta, async () => {
      const stored = (await db.meta.get(DEVICE_ID_KEY))?.value;
      if (typeof stored === 'string') return stored;
      const id = crypto.randomUUID();
      await db.meta.put({ key: DEVICE_ID_KEY, value: id });
      return id;
    });
    const [pending, rejected] = await Promise.all([
      db.outbox.where('status').equals('pending').count(),
      db.outbox.where('status').equals('rejected').count(),
    ]);
    await transport.rpc('device_health_report', {
      args: {
        device_id: deviceId,
        device_name: device.name,
        app_version: device.appVersion,
        pending_count: pending,
        needs_attention_count: rejected,
      },
    });
  }

  private onTransient(reason: string): void {
    void this.leaveToBackground();
    this.failures += 1;
    this.update({ online: false, lastError: reason });
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        void this.requestSync();
      },
      backoffDelay(this.failures, this.options.random),
    );
  }

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }
}

/**
 * A user-timing mark per pull, for the browser's performance panel and the live bench; its detail
 * says whether it pulled the tables a poke named or every table (the first sync, the minute's
 * poll, focus, 'online', a rejoin).
 */
export const PASS_MARK = 'chairside-sync-pull';
export type PassKind = 'poked' | 'all';
let passMarks = 0;
function markPass(kind: PassKind): void {
  if (typeof performance === 'undefined' || !performance.mark) return;
  // A tab open for weeks keeps no more than the last 10,000.
  if (++passMarks % 10_000 === 0) performance.clearMarks(PASS_MARK);
  performance.mark(PASS_MARK, { detail: { kind } });
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function union(a: Tables | null, b: Tables): Tables {
  if (a === 'all' || b === 'all') return 'all';
  if (!a) return b;
  const merged = new Set(a);
  for (const t of b) merged.add(t);
  return merged.size === ENTITY_TABLES.length ? 'all' : merged;
}

/** Storage errors must reach the user: a full disk is the user's to fix. */
function describe(error: unknown): string {
  if (isStorageFull(error)) return STORAGE_FULL;
  return error instanceof Error ? error.message : String(error);
}
