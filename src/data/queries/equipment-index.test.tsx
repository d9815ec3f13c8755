// Equipment Search's kept index (issue 19): built ahead, kept across visits of the screen, built
// again after a write to the chairs or their owners, and the same index loadEquipmentIndex builds.
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { engineerPaths } from '../../domain/paths';
import { chairRow, engineerUser, ticketRow, userRow } from '../../testing/rows';
import { createTestSession, SessionTestProviders, type TestSession } from '../../testing/session';
import { ensureEquipmentIndex, useEquipmentIndex, useShownEquipment } from './equipment-index';
import { loadEquipmentIndex, searchEquipmentIndex } from './equipment';

const owner = userRow({ name: 'Alice Brown', email: 'alice@riverside.example' });
const chairs = Array.from({ length: 1200 }, (_, n) =>
  chairRow({
    serialNumber: `S30-24-${String(10000 + n)}`,
    ownerUserId: n % 2 ? owner.id : null,
  }),
);

async function session(): Promise<TestSession> {
  return createTestSession(engineerUser, async (db) => {
    await db.users.put(owner);
    await db.chairs.bulkPut(chairs);
  });
}

function wrapper(test: TestSession) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <SessionTestProviders session={test} path={engineerPaths.equipment}>
        {children}
      </SessionTestProviders>
    );
  };
}

const serials = (index: ReturnType<typeof useEquipmentIndex>, term: string) =>
  index ? searchEquipmentIndex(index, term).map((m) => m.chair.serialNumber) : undefined;

describe('the kept equipment index', () => {
  it('is built in steps into the same index as loadEquipmentIndex, owners included', async () => {
    const test = await session();
    const { result } = renderHook(() => useEquipmentIndex(), { wrapper: wrapper(test) });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBeDefined());
    const direct = await loadEquipmentIndex(test.db);
    expect(result.current?.entries.map((e) => [e.chair.id, e.owner?.id ?? null, e.text])).toEqual(
      direct.entries.map((e) => [e.chair.id, e.owner?.id ?? null, e.text]),
    );
    expect(serials(result.current, 'alice brown')).toHaveLength(600);
  });

  it('is ready on the first render of a screen when built ahead, and kept across visits', async () => {
    const test = await session();
    await ensureEquipmentIndex(test.db);
    const reads = vi.spyOn(test.db.chairs, 'toCollection');
    // A first visit, and a second: the index is there at once and the chairs are not read again.
    for (let visit = 0; visit < 2; visit++) {
      const { result, unmount } = renderHook(() => useEquipmentIndex(), {
        wrapper: wrapper(test),
      });
      expect(serials(result.current, '24-10007')).toEqual(['S30-24-10007']);
      unmount();
    }
    expect(reads).not.toHaveBeenCalled();
  });

  it('is built again after a chair or an owner changes, the open screen seeing the new one', async () => {
    const test = await session();
    const { result } = renderHook(() => useEquipmentIndex(), { wrapper: wrapper(test) });
    await waitFor(() => expect(result.current).toBeDefined());
    const first = result.current;
    await act(async () => {
      await test.db.chairs.put(chairRow({ serialNumber: 'U500-30-77777', model: 'U500' }));
    });
    await waitFor(() => expect(serials(result.current, '77777')).toEqual(['U500-30-77777']));
    await act(async () => {
      await test.db.users.put({ ...owner, name: 'Alice Green' });
    });
    await waitFor(() => expect(serials(result.current, 'alice green')).toHaveLength(600));
    expect(serials(result.current, 'alice brown')).toEqual([]);
    expect(result.current).not.toBe(first);
  });

  it('is not built again for writes to other tables', async () => {
    const test = await session();
    const { result } = renderHook(() => useEquipmentIndex(), { wrapper: wrapper(test) });
    await waitFor(() => expect(result.current).toBeDefined());
    const first = result.current;
    const reads = vi.spyOn(test.db.chairs, 'toCollection');
    await act(async () => {
      await test.db.meta.put({ key: 'unrelated', value: 1 });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).not.toHaveBeenCalled();
    expect(result.current).toBe(first);
  });

  it('counts the open tickets of the chairs shown alone, live, the last page kept while the next is read', async () => {
    const test = await session();
    const [a, b, c] = chairs;
    await test.db.supportTickets.bulkPut([
      ticketRow({ chairId: a!.id, status: 'OPEN' }),
      ticketRow({ chairId: a!.id, status: 'RESOLVED' }),
      ticketRow({ chairId: c!.id, status: 'IN_PROGRESS' }),
    ]);
    const match = (chair: (typeof chairs)[number]) => ({ chair, owner: null });
    const counted = vi.spyOn(test.db.supportTickets, 'where');
    const { result, rerender } = renderHook(({ shown }) => useShownEquipment(shown, 40), {
      wrapper: wrapper(test),
      initialProps: { shown: [match(a!), match(b!)] },
    });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current?.items.map((i) => i.openTickets)).toEqual([1, 0]));
    expect(result.current?.total).toBe(40);
    // One read of the [status+chairId] index for the chairs shown, nothing else of the tickets.
    expect(counted.mock.calls.map(([index]) => index)).toEqual(['[status+chairId]']);

    // Live: a ticket of a shown chair opens.
    await act(async () => {
      await test.db.supportTickets.put(ticketRow({ chairId: b!.id, status: 'IN_PROGRESS' }));
    });
    await waitFor(() => expect(result.current?.items.map((i) => i.openTickets)).toEqual([1, 1]));

    // The next page: the last one stays until its counts are read, never a card with no count.
    const before = result.current;
    rerender({ shown: [match(c!)] });
    expect(result.current).toBe(before);
    await waitFor(() => expect(result.current?.items.map((i) => i.chair.id)).toEqual([c!.id]));
    expect(result.current?.items[0]?.openTickets).toBe(1);

    // A chair still shown by the next search keeps its item (its card is not drawn again).
    const kept = result.current?.items[0];
    rerender({ shown: [match(c!), match(a!)] });
    await waitFor(() => expect(result.current?.items).toHaveLength(2));
    expect(result.current?.items[0]).toBe(kept);
    expect(result.current?.items[1]?.openTickets).toBe(1);
  });
});
