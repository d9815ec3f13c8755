// Where a sign-in's time goes before the home shows (issue 46): every IndexedDB open and
// transaction the page starts (from its start to its 'complete') and every request it sends (the
// browser's resource timing), read back from the page and summed up to the moment the home showed.
// On a slow device's IndexedDB (Chromium 150) this is what told the home's wait apart: the mirror's
// creation, the reads of the screens while it fills, the first stage's writes and the server's
// answers. FIRST_SYNC_APP_TIMELINE=1 prints every event as well as the summary.
import type { Page } from 'playwright-core';

/** [start, end, what] in the page's performance.now() milliseconds. */
type Event = [number, number, string];

declare global {
  interface Window {
    __storageEvents?: Event[];
  }
}

/**
 * Init script (runs in the page before its own scripts): records each IndexedDB open and each
 * transaction with its mode, its stores and its database.
 */
export function recordStorageEvents(): void {
  const events: Event[] = (window.__storageEvents = []);
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    const started = performance.now();
    const tx = transaction.apply(this, args);
    const stores = typeof args[0] === 'string' ? 1 : Array.from(args[0]).length;
    const what = `${args[1] ?? 'readonly'} ${stores} store(s) ${this.name}`;
    tx.addEventListener('complete', () => events.push([started, performance.now(), what]));
    tx.addEventListener('abort', () =>
      events.push([started, performance.now(), `aborted ${what}`]),
    );
    return tx;
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    const started = performance.now();
    const request = open.call(this, name, version);
    let created = false;
    request.addEventListener('upgradeneeded', (event) => {
      created = (event as IDBVersionChangeEvent).oldVersion === 0;
    });
    request.addEventListener('success', () =>
      events.push([started, performance.now(), `${created ? 'create' : 'open'} ${name}`]),
    );
    return request;
  };
}

export interface StartTimeline {
  /** One line: the parts of the wait before the home, in milliseconds after the click. */
  summary: string;
  /** Every event up to the home, one a line. */
  events: string[];
}

/** Reads the page's events between `clickAt` and `homeAt` (page time) and sums them up. */
export async function readStartTimeline(
  page: Page,
  clickAt: number,
  homeAt: number,
): Promise<StartTimeline> {
  const storage = ((await page.evaluate(() => window.__storageEvents ?? [])) as Event[]).map(
    ([start, end, what]): Event => [start, end, `IndexedDB ${what}`],
  );
  const requests = (await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => [
        entry.startTime,
        (entry as PerformanceResourceTiming).responseEnd,
        new URL(entry.name).pathname,
      ]),
  )) as Event[];
  const before = [...storage, ...requests.map(([s, e, p]): Event => [s, e, `GET/POST ${p}`])]
    .filter(([start]) => start >= clickAt && start <= homeAt)
    .sort((a, b) => a[0] - b[0]);
  const at = (ms: number) => `${Math.round(ms - clickAt)} ms`;
  const mirrorWrites = before.filter(
    ([, , what]) => what.startsWith('IndexedDB readwrite') && !what.endsWith('chairside-session'),
  );
  const reads = before.filter(([, , what]) => what.startsWith('IndexedDB readonly'));
  const created = before.find(([, , what]) =>
    /^IndexedDB (create|open) chairside-(?!session)/.test(what),
  );
  const pulls = requests.filter(
    ([start, , path]) => start >= clickAt && start <= homeAt && path.includes('/rpc/sync_'),
  );
  const chunks = requests.filter(
    ([start, , path]) => start >= clickAt && start <= homeAt && path.startsWith('/assets/'),
  );
  const busy = (events: Event[]) => Math.round(events.reduce((sum, [s, e]) => sum + (e - s), 0));
  const longest = (events: Event[]) => Math.round(Math.max(0, ...events.map(([s, e]) => e - s)));
  const summary = [
    created
      ? `mirror ${created[2].includes(' create ') ? 'created' : 'opened'} ${at(created[0])} → ${at(created[1])}`
      : 'mirror not opened',
    chunks.length
      ? `${chunks.length} code chunks by ${at(Math.max(...chunks.map(([, e]) => e)))}`
      : 'no code chunk fetched',
    pulls.length
      ? `first sync request sent at ${at(Math.min(...pulls.map(([s]) => s)))}, ${pulls.length} answered by ${at(Math.max(...pulls.map(([, e]) => e)))}`
      : 'no sync request',
    `mirror writes: ${mirrorWrites.length} (${busy(mirrorWrites)} ms open in all, longest ${longest(mirrorWrites)} ms)`,
    `reads: ${reads.length} (longest ${longest(reads)} ms)`,
  ].join('; ');
  const events = before.map(
    ([start, end, what]) =>
      `${at(start).padStart(8)} → ${at(end).padStart(8)} (${String(Math.round(end - start)).padStart(4)} ms) ${what}`,
  );
  return { summary, events };
}
