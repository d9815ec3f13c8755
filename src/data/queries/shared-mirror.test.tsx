import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as rows from '../../testing/rows';
import { renderSignedIn } from '../../testing/session';
import type { ChairsideDatabase } from '../db';
import { FIRST_SYNC_KEY } from '../mirror-state';
import { layoutDrawn, screenReadsUnderWay } from '../screen-reads';
import {
  SHARED_QUERY_KEEP_MS,
  SHARED_QUERY_MAX_PAUSE_MS,
  keepingSame,
  useSharedMirror,
} from './shared-mirror';

const admin = {
  id: 'a0000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada',
  role: 'ADMIN' as const,
};

let reads = 0;
async function names(db: ChairsideDatabase): Promise<string[]> {
  reads += 1;
  return (await db.users.toArray()).map((u) => u.name ?? '').sort();
}

function Names({ label }: { label: string }) {
  const value = useSharedMirror('test.names', names);
  return <p>{value === undefined ? `${label}: loading` : `${label}: ${value.join(', ')}`}</p>;
}

/** Two screens that ask for the same rows, and a way to leave both and come back. */
function Screens() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        {shown ? 'Leave' : 'Come back'}
      </button>
      {shown ? (
        <>
          <Names label="first" />
          <Names label="second" />
        </>
      ) : (
        <p>Another screen</p>
      )}
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

/** How many customers there are, and every result the screen was given. */
const counted: unknown[] = [];
let countReads = 0;
const customerCount = keepingSame(async (db: ChairsideDatabase) => {
  countReads += 1;
  const customers = await db.users.where('role').equals('CUSTOMER').count();
  return { customers, byRole: new Map([['CUSTOMER', customers]]) };
});

function CustomerCount() {
  const value = useSharedMirror('test.customers', customerCount);
  if (value && counted.at(-1) !== value) counted.push(value);
  return <p>{value === undefined ? 'loading' : `customers: ${value.customers}`}</p>;
}

describe('useSharedMirror', () => {
  it('keeps the last small result, the same object, when a write changes nothing it counts', async () => {
    counted.length = 0;
    countReads = 0;
    const session = await renderSignedIn(admin, <CustomerCount />, {
      path: '/',
      seed: (db) => db.users.put(rows.userRow({ role: 'CUSTOMER' })),
    });
    expect(await screen.findByText('customers: 1')).toBeInTheDocument();
    // An engineer arrives (no customer more), and the mirror's state changes: read again, same.
    await act(() => session.db.users.put(rows.userRow({ role: 'ENGINEER' })));
    await waitFor(() => expect(countReads).toBe(2));
    await act(() => session.db.meta.put({ key: FIRST_SYNC_KEY, value: true }));
    await waitFor(() => expect(countReads).toBe(3));
    expect(counted).toHaveLength(1);
    await act(() => session.db.users.put(rows.userRow({ role: 'CUSTOMER' })));
    expect(await screen.findByText('customers: 2')).toBeInTheDocument();
    expect(counted).toHaveLength(2);
    expect((counted[1] as { byRole: Map<string, number> }).byRole.get('CUSTOMER')).toBe(2);
  });

  it('reads once for every screen that asks, follows changes, and serves the next screen at once', async () => {
    reads = 0;
    const session = await renderSignedIn(admin, <Screens />, {
      path: '/',
      seed: (db) => db.users.bulkPut([rows.userRow({ name: 'Bea' }), rows.userRow({ name: 'Cy' })]),
    });
    expect(await screen.findByText('first: Bea, Cy')).toBeInTheDocument();
    expect(screen.getByText('second: Bea, Cy')).toBeInTheDocument();
    expect(reads).toBe(1);

    await act(() => session.db.users.put(rows.userRow({ name: 'Al' })));
    expect(await screen.findByText('first: Al, Bea, Cy')).toBeInTheDocument();
    expect(screen.getByText('second: Al, Bea, Cy')).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('serves a screen that comes back at once, and stops reading a while after the last leaves', async () => {
    reads = 0;
    const session = await renderSignedIn(admin, <Screens />, {
      path: '/',
      seed: (db) => db.users.put(rows.userRow({ name: 'Bea' })),
    });
    expect(await screen.findByText('first: Bea')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByText('Another screen')).toBeInTheDocument();
    // Still current while no screen shows it: a change is read into it.
    await act(() => session.db.users.put(rows.userRow({ name: 'Al' })));
    await waitFor(() => expect(reads).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Come back' }));
    // The first render already has the rows: no loading state, no read of its own.
    expect(screen.getByText('first: Al, Bea')).toBeInTheDocument();
    expect(screen.getByText('second: Al, Bea')).toBeInTheDocument();
    expect(reads).toBe(2);

    // No screen for just under the keep time: still there when one comes back.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    vi.advanceTimersByTime(SHARED_QUERY_KEEP_MS - 1);
    fireEvent.click(screen.getByRole('button', { name: 'Come back' }));
    expect(screen.getByText('first: Al, Bea')).toBeInTheDocument();
    // No screen for the keep time: stopped, so a change is not read and the next screen loads.
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    vi.advanceTimersByTime(SHARED_QUERY_KEEP_MS);
    vi.useRealTimers();
    await act(() => session.db.users.put(rows.userRow({ name: 'Cy' })));
    fireEvent.click(screen.getByRole('button', { name: 'Come back' }));
    expect(screen.getByText('first: loading')).toBeInTheDocument();
    expect(await screen.findByText('first: Al, Bea, Cy')).toBeInTheDocument();
    expect(reads).toBe(3);
  });

  it('reads once more after a burst of writes, not once per write, and the last write is read', async () => {
    // The first sync lands rows in hundreds of commits: a join of the whole set must not be read
    // again after each one. Writes made while a read runs are all taken by one read after it.
    let release: () => void = () => {};
    let held = true;
    let counted = 0;
    const reads: { start: number; end: number }[] = [];
    const slowCount = async (db: ChairsideDatabase): Promise<number> => {
      counted += 1;
      const read = { start: performance.now(), end: 0 };
      const n = await db.chairs.count();
      if (held) await new Promise<void>((resolve) => (release = resolve));
      read.end = performance.now();
      reads.push(read);
      return n;
    };
    function Count() {
      const value = useSharedMirror('test.slowCount', slowCount);
      return <p>{value === undefined ? 'chairs: loading' : `chairs: ${value}`}</p>;
    }
    const session = await renderSignedIn(admin, <Count />, { path: '/' });
    await waitFor(() => expect(counted).toBe(1));
    for (let i = 0; i < 20; i += 1) await session.db.chairs.put(rows.chairRow());
    held = false;
    await act(async () => release());
    expect(await screen.findByText('chairs: 0')).toBeInTheDocument();
    expect(await screen.findByText('chairs: 20')).toBeInTheDocument();
    expect(counted).toBe(2);
    // The second read waited a pause of twice the first one's length (capped) before it began,
    // leaving IndexedDB to the writes meanwhile.
    const [first, second] = reads;
    const pause = Math.min(2 * (first!.end - first!.start), SHARED_QUERY_MAX_PAUSE_MS);
    expect(second!.start - first!.end).toBeGreaterThanOrEqual(pause - 5);
    await session.db.chairs.put(rows.chairRow());
    expect(await screen.findByText('chairs: 21')).toBeInTheDocument();
    expect(counted).toBe(3);
  });

  it("reads a write made long after its last read at once, and counts as the screen's read from the write to the read's end", async () => {
    // The product's clock (its pause timer and the reads' lengths) is the test's: a read takes
    // exactly 300 ms however busy the machine is. testing-library's waits run on that clock's
    // setTimeout, so this test waits with `until` on the real one.
    const realTimeout = globalThis.setTimeout;
    /** Resolves once `check` passes, looking every 10 ms of real time for up to 30 s. */
    const until = async (check: () => void) => {
      const end = Date.now() + 30_000;
      for (;;) {
        try {
          check();
          return;
        } catch (failure) {
          if (Date.now() > end) throw failure;
          await new Promise((resolve) => realTimeout(resolve, 10));
        }
      }
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let hold = false;
    let release: (() => void) | null = null;
    let inRead = 0;
    const starts: number[] = [];
    const slow = async (db: ChairsideDatabase): Promise<number> => {
      starts.push(performance.now());
      const n = await db.chairs.count();
      // Each read takes 300 ms: a pause of 600 ms follows it.
      inRead += 1;
      await new Promise((resolve) => setTimeout(resolve, 300));
      inRead -= 1;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return n;
    };
    /** Lets the read under way wait out its 300 ms. */
    const readFor300Ms = async () => {
      await until(() => expect(inRead).toBe(1));
      await act(() => vi.advanceTimersByTimeAsync(300));
    };
    /** Runs every read asked for so far, each after its pause, until none is under way. */
    const readsOver = async () => {
      while (screenReadsUnderWay() > 0) {
        if (inRead > 0) await act(() => vi.advanceTimersByTimeAsync(300));
        else if (vi.getTimerCount() > 0) await act(() => vi.advanceTimersToNextTimerAsync());
        else await new Promise((resolve) => realTimeout(resolve, 10));
      }
    };
    function Count() {
      const value = useSharedMirror('test.slow', slow);
      return <p>{value === undefined ? 'chairs: loading' : `chairs: ${value}`}</p>;
    }
    const session = await renderSignedIn(admin, <Count />, { path: '/' });
    // (The harness draws no layout: the screen on its way is not a read here.) Every read over:
    // the first, and the one the session's own writes during it asked for.
    layoutDrawn();
    await readsOver();
    expect(screen.getByText('chairs: 0')).toBeInTheDocument();
    const before = starts.length;
    // Long after the last read (more than its 600 ms pause), a write is read without a pause: it
    // starts among the timers due at once, with no time passing.
    await act(() => vi.advanceTimersByTimeAsync(700));
    hold = true;
    const written = performance.now();
    await session.db.chairs.put(rows.chairRow());
    await until(() => {
      vi.advanceTimersByTime(0);
      expect(starts).toHaveLength(before + 1);
    });
    expect(starts[before]! - written).toBeLessThan(300);
    // Until that read ends (held past its 300 ms), the screen has a read under way.
    await readFor300Ms();
    await until(() => expect(release).not.toBeNull());
    expect(screenReadsUnderWay()).toBe(1);
    await act(async () => release?.());
    await until(() => screen.getByText('chairs: 1'));
    await until(() => expect(screenReadsUnderWay()).toBe(0));
  });
});
