// Background Sync, the page's side (issue 32): the engine asks for the outbox's sync when a pass
// leaves changes waiting for the network, and only where the browser has the API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { performMutation } from '../src/data/actions';
import { backgroundSync, OUTBOX_SYNC_TAG, type BackgroundSyncBrowser } from './background-sync';
import { SyncEngine } from './engine';
import {
  ENGINEER_ID,
  fakeAuth,
  freshDatabase,
  offline,
  scriptedTransport,
  ticketRow,
} from './testing/fixtures';

function browser(hasSyncManager: boolean, withWorker = true) {
  const tags: string[] = [];
  const registration = vi.fn(async () =>
    withWorker ? { sync: { register: async (tag: string) => void tags.push(tag) } } : undefined,
  );
  const value: BackgroundSyncBrowser = { hasSyncManager, registration };
  return { value, tags, registration };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('backgroundSync', () => {
  it('registers the outbox sync where the browser has SyncManager', async () => {
    const { value, tags } = browser(true);
    await backgroundSync(value)!.register();
    expect(tags).toEqual([OUTBOX_SYNC_TAG]);
  });

  it('registers nothing where the browser has no SyncManager: there is no port', () => {
    const { value, registration } = browser(false);
    expect(backgroundSync(value)).toBeUndefined();
    expect(registration).not.toHaveBeenCalled();
    // Outside a browser (no window, no service worker) there is none either.
    expect(backgroundSync()).toBeUndefined();
  });

  it('does nothing without a service worker registration', async () => {
    const { value, tags } = browser(true, false);
    await expect(backgroundSync(value)!.register()).resolves.toBeUndefined();
    expect(tags).toEqual([]);
  });
});

describe('the engine leaves waiting changes to the service worker', () => {
  async function engineWith(onLine: boolean, queued: boolean) {
    vi.stubGlobal('navigator', { onLine });
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    if (queued) await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    const register = vi.fn(async () => undefined);
    const transport = scriptedTransport(() => offline);
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      transport,
      auth: fakeAuth(),
      background: { register },
    });
    await engine.requestSync();
    return { engine, register, transport };
  }

  it('registers when the browser is offline with changes queued, sending nothing', async () => {
    const { engine, register, transport } = await engineWith(false, true);
    engine.stop();
    expect(register).toHaveBeenCalledTimes(1);
    expect(transport.requests).toHaveLength(0);
  });

  it('registers when sending failed for the network', async () => {
    const { engine, register, transport } = await engineWith(true, true);
    // Asked for alongside the engine's own retry (its backoff), once the failure is noted.
    await vi.waitFor(() => expect(register).toHaveBeenCalled());
    engine.stop();
    expect(transport.requests.length).toBeGreaterThan(0);
  });

  it('registers as soon as a change is made offline, before the write is pushed', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const db = freshDatabase();
    const ticket = ticketRow();
    await db.supportTickets.put(ticket);
    const register = vi.fn(async () => undefined);
    // The write's pass would come only a minute later: the registration must not wait for it.
    const engine = new SyncEngine({
      db,
      userId: ENGINEER_ID,
      transport: scriptedTransport(() => offline),
      auth: fakeAuth(),
      background: { register },
      writeDebounceMs: 60_000,
    });
    await engine.start();
    await engine.whenIdle();
    register.mockClear();
    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: ticket.id });
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    engine.stop();
  });

  it('registers nothing when nothing is queued', async () => {
    const { engine, register } = await engineWith(false, false);
    engine.stop();
    expect(register).not.toHaveBeenCalled();
  });
});
