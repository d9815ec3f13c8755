import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { partRow } from '../testing/rows';
import { createTestSession, SessionTestProviders } from '../testing/session';
import { layoutDrawn, screenReadsUnderWay } from './screen-reads';
import { useMirror } from './session-mirror';

const engineer = {
  id: '00000000-0000-4000-8000-0000000000e2',
  email: 'engineer@example.com',
  name: 'Eve Evans',
  role: 'ENGINEER' as const,
};

/** A promise the test settles, and whether something waited on it. */
function gate() {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open, waitedOn: false, opened: false };
}

describe('useMirror', () => {
  it("draws a live query's new result at a transition's priority: the screen on show stays while the next one is not ready", async () => {
    const session = await createTestSession(engineer, (db) =>
      db.parts.put(partRow({ name: 'Foot pedal' })),
    );
    const second = gate();
    void second.promise.then(() => (second.opened = true));
    // Drawing two parts needs something not loaded yet (a lazy screen's code, say).
    function Count({ parts }: { parts: number }) {
      if (parts === 2 && !second.opened) {
        second.waitedOn = true;
        throw second.promise;
      }
      return <p>{parts} parts</p>;
    }
    function Parts() {
      const parts = useMirror((db) => db.parts.count(), [], 0);
      return <Count parts={parts} />;
    }
    render(
      <SessionTestProviders session={session} path="/dashboard/engineer">
        <Suspense fallback={<p>Loading parts…</p>}>
          <Parts />
        </Suspense>
      </SessionTestProviders>,
    );
    expect(await screen.findByText('1 parts')).toBeVisible();

    await session.db.parts.put(partRow({ name: 'Headrest' }));
    await waitFor(() => expect(second.waitedOn).toBe(true));
    // A default update would replace the screen with the fallback; a transition keeps it.
    expect(screen.getByText('1 parts')).toBeVisible();
    expect(screen.queryByText('Loading parts…')).toBeNull();

    second.open();
    expect(await screen.findByText('2 parts')).toBeVisible();
  });
  it("counts each run of its query as the shown screen's read, from its start to its end", async () => {
    const session = await createTestSession(engineer, (db) =>
      db.parts.put(partRow({ name: 'Foot pedal' })),
    );
    layoutDrawn();
    const held = gate();
    let holding = false;
    function Parts() {
      const parts = useMirror(
        async (db) => {
          const n = await db.parts.count();
          if (holding) await held.promise;
          return n;
        },
        [],
        0,
      );
      return <p>{parts} parts</p>;
    }
    render(
      <SessionTestProviders session={session} path="/dashboard/engineer">
        <Parts />
      </SessionTestProviders>,
    );
    expect(await screen.findByText('1 parts')).toBeVisible();
    await waitFor(() => expect(screenReadsUnderWay()).toBe(0));
    // A write runs the query again: a read under way until it ends.
    holding = true;
    await session.db.parts.put(partRow({ name: 'Headrest' }));
    await waitFor(() => expect(screenReadsUnderWay()).toBe(1));
    held.open();
    expect(await screen.findByText('2 parts')).toBeVisible();
    expect(screenReadsUnderWay()).toBe(0);
  });
});
