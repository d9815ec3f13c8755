// A slow device's storage, for screen tests: the mirror's answer for one row held until the test
// lets it go (a page keyed by a route's id must not show the row before it meanwhile).
import type { Table } from 'dexie';
import { vi } from 'vitest';

/**
 * Holds `table.get(key)` until the returned release is called; other keys are read as usual.
 * vi.restoreAllMocks() puts the table back.
 */
export function holdReadOf<T>(table: Table<T, string>, key: string): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const get = table.get.bind(table) as (key: string) => ReturnType<Table<T, string>['get']>;
  vi.spyOn(table, 'get').mockImplementation(((wanted: string) =>
    wanted === key ? held.then(() => get(wanted)) : get(wanted)) as never);
  return release;
}
