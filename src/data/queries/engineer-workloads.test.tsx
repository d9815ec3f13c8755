// The Operations Center's workloads while a sync fills the mirror: the counts of a new engineer can
// be read a moment before their resolution hours; the last whole figures stay meanwhile, so the
// screen never goes back to 'Loading operations…' (which also took its links away from under a
// keyboard user's focus).
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineerCounts } from '../../domain/vendor';
import type { User } from '../../domain/entities';
import { useEngineerWorkloads } from './engineer-workloads';
import type * as SharedMirror from './shared-mirror';

const mirror = vi.hoisted(() => ({ values: new Map<string, unknown>() }));

vi.mock('./shared-mirror', async (importOriginal) => ({
  ...(await importOriginal<typeof SharedMirror>()),
  useSharedMirror: (key: string) => mirror.values.get(key),
}));

const counts = (id: string, activeTickets: number): EngineerCounts => ({
  engineer: { id, name: `Engineer ${id}`, role: 'ENGINEER' } as User,
  activeTickets,
  servicesAssigned: 0,
  completionRate: null,
  totalTicketsResolved: 0,
  totalServiceRequestsCompleted: 0,
  totalExperience: 0,
});

const read = (engineers: EngineerCounts[], hours: [string, number | null][] | undefined) => {
  mirror.values.set('vendor.engineerCounts', engineers);
  mirror.values.set('vendor.resolutionHours', hours && new Map(hours));
};

afterEach(() => mirror.values.clear());

describe('useEngineerWorkloads', () => {
  it('waits for the hours the first time, then keeps the last whole figures while they lag', () => {
    read([counts('e1', 2)], undefined);
    const { result, rerender } = renderHook(() => useEngineerWorkloads());
    expect(result.current).toBeUndefined();

    read([counts('e1', 2)], [['e1', 4.5]]);
    rerender();
    expect(
      result.current?.map((w) => [w.engineer.id, w.activeTickets, w.averageResolutionTime]),
    ).toEqual([['e1', 2, 4.5]]);

    // A page brings a second engineer: counted before their hours are read.
    read([counts('e1', 3), counts('e2', 1)], [['e1', 4.5]]);
    rerender();
    expect(result.current?.map((w) => [w.engineer.id, w.activeTickets])).toEqual([['e1', 2]]);

    // The hours catch up: the new figures, whole.
    read(
      [counts('e1', 3), counts('e2', 1)],
      [
        ['e1', 4.5],
        ['e2', null],
      ],
    );
    rerender();
    expect(
      result.current?.map((w) => [w.engineer.id, w.activeTickets, w.averageResolutionTime]),
    ).toEqual([
      ['e1', 3, 4.5],
      ['e2', 1, null],
    ]);
  });
});
