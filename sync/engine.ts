/**
 * The sync engine for one signed-in user on one device.
 *
 * It runs push-then-pull passes: at start, on the 'online' event, when the tab becomes visible,
 * after each local write (debounced), on a periodic timer, and after a transient failure with
 * backoff and jitter. One pass at a time per tab, and one tab at a time per user (Web Locks);
 * other tabs see the results through Dexie live queries. It publishes a SyncStatus. After each
 * completed round it reports the device's health to the server (reportHealth, below).
 */
import { liveQuery, type Subscription } from 'dexie';
import { onLocalWrite } from '../src/data/actions';
import type { ChairsideDatabase } from '../src/data/db';
import { isStorageFull, STORAGE_FULL } from '../src/data/storage-full';
import { initialStatus, type SyncStatus, type UserSync } from '../src/data/sync-status';
import { backoffDelay } from './backoff';
import { thisDevice, type DeviceInfo } from './device';
import { PullError, pullAll } from './pull';
import { uploadPhotos, type PhotoStore } from './photo-upload';
import { discardEntry, pushOutbox, retryEntry } from './push';
import type { AuthPort, Transport } from './transport';

export interface SyncEngineOptions {
  db: ChairsideDatabase;
  userId: string;
  transport: Transport;
  auth: AuthPort;
  /** Where the engineer's photos of the work are uploaded (none: photos stay on the device). */
  photos?: PhotoStore;
  /** Periodic pass interval (default 60 s). */
  periodMs?: number;
  /** Wait after a local write before pushing, to batch a burst of edits (default 300 ms). */
  writeDebounceMs?: number;
  pageSize?: number;
  random?: () => number;
  /** What identifies this device to a person (default: from the browser and the app's version). */
  device?: DeviceInfo;
}

const LAST_SYNC_KEY = 'lastSyncAt';
/** How soon to look again when another tab held the sync lock while changes were waiting. */
export const LOCK_RETRY_MS = 2_000;
const FIRST_SYNC_KEY = 'firstSyncDone';
/** This mirror's device id, generated once: each user's mirror on a tablet is one device. */
const DEVICE_ID_KEY = 'deviceId';

export class SyncEngine implements UserSync {
  private status: SyncStatus = { ...initialStatus };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private periodTimer: ReturnType<typeof setInterval> | null = null;
  private outboxSubscription: Subscription | null = null;
  private reporting: Promise<void> | null = null;
  private readonly cleanups: (() => void)[] = [];

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
    this.cleanups.push(onLocalWrite(() => this.scheduleAfterWrite()));
    if (typeof window !== 'undefined') {
      const onOnline = () => {
        this.options.auth.networkReturned?.();
        this.update({ online: true });
        this.failures = 0;
        this.requestSync();
      };
      const onOffline = () => this.update({ online: false });
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
    this.requestSync();
  }

  stop(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.outboxSubscription?.unsubscribe();
    for (const timer of [this.retryTimer, this.writeTimer]) if (timer) clearTimeout(timer);
    if (this.periodTimer) clearInterval(this.periodTimer);
    this.listeners.clear();
  }

  /** Starts a pass now, or right after the one in flight. Resolves when passes are done. */
  requestSync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.withLock(() => this.pass());
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
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
    await locks.request(`chairside-sync-${this.options.userId}`, { ifAvailable: true }, (lock) => {
      if (lock) return fn();
      return this.lookAgainIfPending();
    });
  }

  private async pass(): Promise<void> {
    const { db, userId, transport, auth } = this.options;
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
      const pushed = await pushOutbox(db, userId, transport, auth);
      if (pushed.stop?.kind === 'signInRequired') {
        this.update({ signInRequired: true, lastError: pushed.stop.reason });
        return;
      }
      if (pushed.stop?.kind === 'transient') {
        this.onTransient(pushed.stop.reason);
        return;
      }
      // Photos after the outbox: the ticket or installation they belong to is on the server first.
      if (this.options.photos) {
        const photos = await uploadPhotos(db, userId, this.options.photos);
        if (photos.stop?.kind === 'auth') {
          const refreshed = await auth.refresh();
          if (refreshed === 'refused') {
            this.update({ signInRequired: true, lastError: photos.stop.reason });
            return;
          }
        }
        if (photos.stop) {
          this.onTransient(photos.stop.reason);
          return;
        }
      }
      await pullAll(db, transport, (progress) => this.update({ progress }), this.options.pageSize);
      const now = new Date().toISOString();
      await db.meta.bulkPut([
        { key: LAST_SYNC_KEY, value: now },
        { key: FIRST_SYNC_KEY, value: true },
      ]);
      this.failures = 0;
      this.update({ lastSyncAt: now, firstSyncDone: true, online: true, lastError: null });
      this.reportHealth();
    } catch (error) {
      if (error instanceof PullError && error.kind === 'transient') this.onTransient(error.message);
      else if (error instanceof PullError && error.kind === 'auth') {
        const refreshed = await auth.refresh();
        if (refreshed === 'refused') this.update({ signInRequired: true });
        else this.onTransient(error.message);
      } else this.update({ lastError: describe(error) });
    } finally {
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

/** Storage errors must reach the user: a full disk is the user's to fix. */
function describe(error: unknown): string {
  if (isStorageFull(error)) return STORAGE_FULL;
  return error instanceof Error ? error.message : String(error);
}
