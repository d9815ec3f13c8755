import { describe, expect, it, vi } from 'vitest';
import { performMutation } from '../src/data/actions';
import { HOME_FIGURES_KEY, homeFiguresWhileSyncing } from '../src/data/mirror-state';
import type { PullProgress } from '../src/data/sync-status';
import { ENTITY_TABLES, SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import {
  chairRow,
  installationRow,
  serviceRequestRow,
  trainingRow,
  userRow,
} from '../src/testing/rows';
import { completeFirstSync, FIRST_STAGE, pullFirstSync, type FirstStage } from './first-sync';
import { OVERLAP_MS, pullAll, readCursor } from './pull';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  freshDatabase,
  offline,
  ok,
  partRow,
  scriptedTransport,
  ticketRow,
  toWire,
} from './testing/fixtures';
import type { ChairsideDatabase } from '../src/data/db';

const at = (minute: number, second = 0) =>
  new Date(Date.UTC(2026, 10, 21, 10, minute, second)).toISOString();
/** The server's clock: an hour after every row's change time (no overlap window re-reads). */
const SERVER_TIME = at(60);

type Row = { id: string; updatedAt: string };
type Data = Partial<Record<EntityTable, Row[]>>;
const LOCAL_TABLE = Object.fromEntries(
  Object.entries(SERVER_TABLE).map(([local, server]) => [server, local as EntityTable]),
);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * An engineer's view of a server: their tickets, service requests, the customers and chairs
 * those name (the first slices), other unassigned tickets, customers and chairs, parts,
 * training, and their installations (whole in the first stage).
 */
function engineerData() {
  const customers = [1, 2, 3, 4, 5].map((n) =>
    userRow({ id: id(100 + n), role: 'CUSTOMER', name: `Customer ${n}`, updatedAt: at(n) }),
  );
  const me = userRow({ id: ENGINEER_ID, role: 'ENGINEER', name: 'Erin', updatedAt: at(9) });
  const chairs = Array.from({ length: 9 }, (_, n) =>
    chairRow({ id: id(200 + n), serialNumber: `S30-${n}`, updatedAt: at(n, 30) }),
  );
  const tickets = Array.from({ length: 11 }, (_, n) =>
    ticketRow({
      id: id(300 + n),
      title: `Ticket ${n}`,
      engineerUserId: n < 4 ? ENGINEER_ID : null,
      status: n < 4 ? 'IN_PROGRESS' : 'OPEN',
      customerUserId: customers[n % 5]?.id ?? null,
      chairId: chairs[n]?.id ?? null,
      updatedAt: at(n, 10),
    }),
  );
  const requests = Array.from({ length: 5 }, (_, n) =>
    serviceRequestRow({
      id: id(400 + n),
      engineerUserId: n < 2 ? ENGINEER_ID : null,
      status: n < 2 ? 'SCHEDULED' : 'PENDING',
      customerUserId: customers[n]?.id ?? null,
      chairId: chairs[8 - n]?.id ?? null,
      updatedAt: at(n, 20),
    }),
  );
  const data: Data = {
    users: [...customers, me],
    chairs,
    supportTickets: tickets,
    serviceRequests: requests,
    parts: Array.from({ length: 7 }, (_, n) => partRow({ id: id(500 + n), updatedAt: at(n) })),
    trainingResources: [trainingRow({ id: id(600), updatedAt: at(1) })],
    installations: [1, 2, 3].map((n) =>
      installationRow({ id: id(700 + n), engineerUserId: ENGINEER_ID, updatedAt: at(n) }),
    ),
  };
  const mine = tickets.slice(0, 4);
  const myRequests = requests.slice(0, 2);
  const named = [...mine, ...myRequests];
  const slices: Partial<Record<EntityTable, Set<string>>> = {
    supportTickets: new Set(mine.map((t) => t.id)),
    serviceRequests: new Set(myRequests.map((r) => r.id)),
    users: new Set([ENGINEER_ID, ...named.flatMap((w) => w.customerUserId ?? [])]),
    chairs: new Set(named.flatMap((w) => w.chairId ?? [])),
  };
  return { data, slices, tickets };
}

const FIGURES = {
  role: 'ENGINEER',
  server_time: SERVER_TIME,
  tickets: [
    [ENGINEER_ID, 'OPEN', 'HIGH', 4],
    [null, 'OPEN', 'NORMAL', 7],
  ],
};

const keyOf = (row: Row) => [row.updatedAt, row.id] as const;
const isAfter = (a: readonly [string, string], b: readonly [string, string]) =>
  a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

interface Served {
  spec: string;
  rows: Row[];
}

/**
 * A server holding `data`, answering sync_pull by keyset like the real one (a slice by its ids:
 * nothing of a table without one) and sync_home_figures; `serverTime` says what its clock reads
 * for each call. Every successful page is recorded in `served`.
 */
function stagedServer(
  data: Data,
  slices: Partial<Record<EntityTable, Set<string>>>,
  serverTime: (params: Record<string, unknown>) => string = () => SERVER_TIME,
) {
  const served: Served[] = [];
  const transport = scriptedTransport((fn, params) => {
    if (fn === 'sync_home_figures') return ok(FIGURES);
    if (fn !== 'sync_pull') return ok({});
    const table = LOCAL_TABLE[params.table_name as string] as EntityTable;
    const slice = params.slice as string | undefined;
    const wanted = slice ? slices[table] : undefined;
    const since = [
      (params.after_updated_at as string | null) ?? '',
      (params.after_id as string | null) ?? '',
    ] as const;
    const after = [...(data[table] ?? [])]
      .filter((row) => !slice || wanted?.has(row.id))
      .sort((a, b) => (isAfter(keyOf(a), keyOf(b)) ? 1 : -1))
      .filter((row) => isAfter(keyOf(row), since));
    const rows = after.slice(0, params.max_rows as number);
    served.push({ spec: `${table}:${slice ?? 'whole'}`, rows });
    return ok({
      rows: rows.map(toWire),
      total: params.with_total ? after.length : null,
      gone: [],
      server_time: serverTime(params),
    });
  });
  return { transport, served };
}

const pulls = (calls: { fn: string; params: Record<string, unknown> }[]) =>
  calls.filter((c) => c.fn === 'sync_pull');

async function ids(db: ChairsideDatabase, table: EntityTable): Promise<string[]> {
  return ((await db[table].toCollection().primaryKeys()) as string[]).sort();
}

const ENGINEER_STAGE = FIRST_STAGE.ENGINEER;
const rowCount = (data: Data) => Object.values(data).reduce((n, rows) => n + rows.length, 0);
const sliceCount = (slices: Partial<Record<EntityTable, Set<string>>>) =>
  Object.values(slices).reduce((n, set) => n + set.size, 0);

describe('first sync in two stages', () => {
  it("pulls the role's first stage — its slices, its own whole tables, the home's counts — before any other row", async () => {
    const db = freshDatabase();
    const { data, slices } = engineerData();
    const { transport } = stagedServer(data, slices);
    const atSecondStage: Record<string, string[]> = {};
    const second = scriptedTransport(async (fn, params) => {
      const stage1 =
        fn !== 'sync_pull' || params.slice === 'first' || params.table_name === 'installations';
      if (!stage1 && Object.keys(atSecondStage).length === 0) {
        for (const table of ENTITY_TABLES) atSecondStage[table] = await ids(db, table);
      }
      return transport.rpc(fn, params);
    });
    const progress: PullProgress[] = [];
    const received = await pullFirstSync(db, second, ENGINEER_STAGE, (p) => progress.push(p), 2);

    // When the second stage asks for its first row, the mirror holds exactly the first stage.
    expect(atSecondStage).toEqual({
      ...Object.fromEntries(ENTITY_TABLES.map((t) => [t, []])),
      ...Object.fromEntries(Object.entries(slices).map(([t, set]) => [t, [...set].sort()])),
      installations: data.installations?.map((r) => r.id).sort(),
    });
    // The home's counts came in the first stage and are kept until the first sync completes.
    expect(second.calls.findIndex((c) => c.fn === 'sync_home_figures')).toBeLessThan(
      second.calls.findIndex((c) => c.fn === 'sync_pull' && c.params.table_name === 'parts'),
    );
    expect((await homeFiguresWhileSyncing(db))?.tickets).toHaveLength(2);
    // Progress tells the two stages apart, the first stage wholly before the second.
    const stages = progress.map((p) => p.stage);
    expect(stages.lastIndexOf('first')).toBeLessThan(stages.indexOf('rest'));
    expect(new Set(stages)).toEqual(new Set(['first', 'rest']));
    // Then everything, each table's rows once by its whole pull and the slices' once more by theirs;
    // installations (whole in the first stage) are not asked for again.
    for (const table of ENTITY_TABLES) {
      expect(await ids(db, table)).toEqual((data[table] ?? []).map((r) => r.id).sort());
    }
    expect(received).toBe(rowCount(data) + sliceCount(slices));
    const installations = pulls(second.calls).filter(
      (c) => c.params.table_name === 'installations',
    );
    expect(installations).toHaveLength(2); // 3 rows, pages of 2
  });

  it("asks for every first-stage slice's first page before it writes any row", async () => {
    const db = freshDatabase();
    const { data, slices } = engineerData();
    const { transport } = stagedServer(data, slices);
    // The number of rows the mirror held when each first-stage pull was asked for.
    const heldAtAsk: number[] = [];
    const watching = scriptedTransport(async (fn, params) => {
      if (
        fn === 'sync_pull' &&
        !params.after_updated_at &&
        (params.slice || params.table_name === 'installations')
      ) {
        let held = 0;
        for (const table of ENTITY_TABLES) held += await db[table].count();
        heldAtAsk.push(held);
      }
      return transport.rpc(fn, params);
    });
    await pullFirstSync(db, watching, ENGINEER_STAGE, undefined, 2);
    // The four slices and the installations: every first page asked for on an empty mirror.
    expect(heldAtAsk).toEqual([0, 0, 0, 0, 0]);
    for (const table of ENTITY_TABLES) {
      expect(await ids(db, table)).toEqual((data[table] ?? []).map((r) => r.id).sort());
    }
  });

  it('waits between the stages for the screen to draw the first', async () => {
    const db = freshDatabase();
    const { data, slices } = engineerData();
    const { transport } = stagedServer(data, slices);
    let release: () => void = () => undefined;
    let drawnAsked = 0;
    const screenFirst = () => {
      drawnAsked += 1;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const pulling = pullFirstSync(db, transport, ENGINEER_STAGE, undefined, 2, screenFirst);
    await vi.waitFor(() => expect(drawnAsked).toBe(1));
    // The first stage is in; nothing of the second is asked for while the screen draws it.
    const firstStage = pulls(transport.calls).length;
    expect(
      pulls(transport.calls).every(
        (c) => c.params.slice === 'first' || c.params.table_name === 'installations',
      ),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulls(transport.calls)).toHaveLength(firstStage);
    release();
    await pulling;
    expect(pulls(transport.calls).length).toBeGreaterThan(firstStage);
    for (const table of ENTITY_TABLES) {
      expect(await ids(db, table)).toEqual((data[table] ?? []).map((r) => r.id).sort());
    }
  });

  it('resumes an interrupted first sync after its last committed page, never pulling a page twice', async () => {
    const { data, slices } = engineerData();
    const clean = stagedServer(data, slices);
    await pullFirstSync(freshDatabase(), clean.transport, ENGINEER_STAGE, undefined, 2);
    const callCount = clean.transport.calls.length;
    expect(callCount).toBeGreaterThan(20);

    for (let failFrom = 1; failFrom <= callCount; failFrom += 1) {
      const db = freshDatabase();
      const server = stagedServer(data, slices);
      let calls = 0;
      let network = true;
      /** A request that starts before what the mirror already holds for its pull. */
      const repeats: string[] = [];
      const flaky = scriptedTransport(async (fn, params) => {
        calls += 1;
        if (calls >= failFrom && network) return offline;
        if (fn === 'sync_pull') {
          const table = LOCAL_TABLE[params.table_name as string] as EntityTable;
          const stored = await readCursor(db, table, params.slice as 'first' | undefined);
          const from = [
            (params.after_updated_at as string | null) ?? '',
            (params.after_id as string | null) ?? '',
          ] as const;
          if (stored?.updatedAt && isAfter([stored.updatedAt, stored.id], from)) {
            repeats.push(`${table}:${String(params.slice)} from ${from.join(' ')}`);
          }
        }
        return server.transport.rpc(fn, params);
      });
      await expect(pullFirstSync(db, flaky, ENGINEER_STAGE, undefined, 2)).rejects.toThrow();
      // What the interrupted run committed: each pull's pages up to its stored cursor; every
      // page of a slice once the slice is done (its cursor may since have been taken over).
      const stageDone = (await db.meta.get('firstStageDone'))?.value === true;
      const committed: Served[] = [];
      for (const page of server.served) {
        const last = page.rows[page.rows.length - 1];
        const [table, slice] = page.spec.split(':') as [EntityTable, string];
        const cursor = await readCursor(db, table, slice === 'first' ? 'first' : undefined);
        const whole = slice === 'first' && (stageDone || cursor?.done === true);
        if (last && (whole || (cursor && !isAfter(keyOf(last), keyOf(cursor))))) {
          committed.push(page);
        }
      }
      const interrupted = server.served.length;
      const doneSlices = new Set<string>();
      for (const { table } of ENGINEER_STAGE.pulls) {
        if (stageDone || (await readCursor(db, table, 'first'))?.done) doneSlices.add(table);
      }
      network = false; // back: no more failures
      calls = 0;
      await pullFirstSync(db, flaky, ENGINEER_STAGE, undefined, 2);
      // A slice pulled to its end is not asked for again, not even for an empty page after it.
      const resumed = server.served.slice(interrupted);
      expect(
        resumed
          .filter((page) => doneSlices.has(page.spec.replace(':first', '')))
          .map((p) => p.spec),
        `interrupted at call ${failFrom}`,
      ).toEqual([]);

      expect(repeats, `interrupted at call ${failFrom}`).toEqual([]);
      // Every row once per pull (its slice's, its table's) over both runs: no page twice.
      const delivered = [...committed, ...resumed].flatMap((page) =>
        page.rows.map((row) => `${page.spec} ${row.id}`),
      );
      expect(delivered.length, `interrupted at call ${failFrom}`).toBe(new Set(delivered).size);
      for (const table of ENTITY_TABLES) {
        expect(await ids(db, table)).toEqual((data[table] ?? []).map((r) => r.id).sort());
      }
    }
  });

  it("keeps the slice's earlier pull time, so the next pull's departures reach back to it", async () => {
    const db = freshDatabase();
    const { data, slices, tickets } = engineerData();
    // The slices are pulled at 11:00, the whole tables at 12:00.
    const { transport } = stagedServer(data, slices, (params) => (params.slice ? at(60) : at(120)));
    await pullFirstSync(db, transport, ENGINEER_STAGE, undefined, 2);
    await completeFirstSync(db, 'lastSyncAt', at(121));
    expect(await readCursor(db, 'supportTickets')).toMatchObject({ pulledAt: at(60) });
    expect(await readCursor(db, 'parts')).toMatchObject({ pulledAt: at(120) });
    expect(await readCursor(db, 'supportTickets', 'first')).toBeNull();

    // At 11:10 another engineer took one of the slice's tickets: the whole pull at 12:00 never
    // saw it, and the next pull learns of it from the departure log, read from 11:00 less the window.
    const taken = tickets[0]!;
    const departures = scriptedTransport((_fn, params) => {
      const gone =
        params.table_name === 'support_tickets' &&
        Date.parse(params.departed_after as string) < Date.parse(at(70))
          ? [taken.id]
          : [];
      return ok({ rows: [], gone, server_time: at(130) });
    });
    await pullAll(db, departures);
    const ticketPull = pulls(departures.calls).find(
      (c) => c.params.table_name === 'support_tickets',
    );
    expect(ticketPull?.params.departed_after).toBe(
      new Date(Date.parse(at(60)) - OVERLAP_MS).toISOString(),
    );
    expect(await db.supportTickets.get(taken.id)).toBeUndefined();
  });

  it("drops the slice's rows of a table that, pulled whole after it, has none of them any more", async () => {
    const db = freshDatabase();
    const { data, slices } = engineerData();
    const { transport } = stagedServer(data, slices);
    const requests = data.serviceRequests ?? [];
    let reassigned = false;
    const moving = scriptedTransport(async (fn, params) => {
      if (!reassigned && fn === 'sync_pull' && params.table_name === 'users' && !params.slice) {
        // Between the stages, every request left this engineer's view (reassigned, cancelled).
        reassigned = true;
        data.serviceRequests = [];
      }
      return transport.rpc(fn, params);
    });
    await pullFirstSync(db, moving, ENGINEER_STAGE, undefined, 2);
    expect(requests.length).toBeGreaterThan(0);
    expect(await db.serviceRequests.count()).toBe(0);
  });

  it('rebases a change made during the second stage on the row the whole pull delivers again', async () => {
    const db = freshDatabase();
    const { data, slices, tickets } = engineerData();
    const ticket = tickets[1]!;
    const { transport } = stagedServer(data, slices);
    let edited = false;
    const working = scriptedTransport(async (fn, params) => {
      if (!edited && fn === 'sync_pull' && params.table_name === 'parts') {
        edited = true;
        // The engineer works on their ticket while the rest streams in; meanwhile the vendor
        // raised its priority on the server.
        await performMutation(db, ENGINEER_ID, 'ticket.updateServiceNotes', {
          ticketId: ticket.id,
          patch: { workPerformed: 'Re-seated the headrest lock', timeSpent: 40 },
        });
        const raised = { ...ticket, priority: 'URGENT' as const, updatedAt: at(30) };
        data.supportTickets = data.supportTickets?.map((t) => (t.id === ticket.id ? raised : t));
      }
      return transport.rpc(fn, params);
    });
    await pullFirstSync(db, working, ENGINEER_STAGE, undefined, 2);
    const shown = await db.supportTickets.get(ticket.id);
    expect(shown?.priority).toBe('URGENT');
    expect(shown?.serviceNotes).toMatchObject({
      workPerformed: 'Re-seated the headrest lock',
      timeSpent: 40,
    });
  });

  it("a customer's first stage is their own tables, whole, each pulled once", async () => {
    const db = freshDatabase(CUSTOMER_ID);
    const data: Data = {
      users: [userRow({ id: CUSTOMER_ID, updatedAt: at(1) })],
      chairs: [chairRow({ id: id(1), ownerUserId: CUSTOMER_ID, updatedAt: at(2) })],
      supportTickets: [ticketRow({ id: id(2), chairId: id(1), updatedAt: at(3) })],
      parts: [1, 2, 3].map((n) => partRow({ id: id(10 + n), updatedAt: at(n) })),
    };
    const { transport } = stagedServer(data, {});
    const stage: FirstStage = FIRST_STAGE.CUSTOMER;
    await pullFirstSync(db, transport, stage, undefined, 2);
    const order = pulls(transport.calls).map((c) => c.params.table_name);
    // Their tables first, in the stage's order; then the rest; none asked for twice (the parts'
    // 3 rows take two pages); no slice, no counts.
    expect(order).toEqual([
      ...stage.pulls.map((p) => SERVER_TABLE[p.table]),
      'parts',
      'parts',
      'training_resources',
      'device_health',
    ]);
    expect(transport.calls.some((c) => c.params.slice || c.fn === 'sync_home_figures')).toBe(false);
    expect(await db.parts.count()).toBe(3);
  });

  it('completes the first sync: the counts go, with what only the first sync needed', async () => {
    const db = freshDatabase();
    const { data, slices } = engineerData();
    await pullFirstSync(db, stagedServer(data, slices).transport, ENGINEER_STAGE, undefined, 2);
    // The whole pulls took over from the slices' cursors; completion clears whatever is left.
    await completeFirstSync(db, 'lastSyncAt', at(61));
    expect(await homeFiguresWhileSyncing(db)).toBeNull();
    expect(await db.meta.get(HOME_FIGURES_KEY)).toBeUndefined();
    const keys = (await db.meta.toCollection().primaryKeys()) as string[];
    expect(keys.filter((k) => k.endsWith(':first') || k === 'firstStageDone')).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(['firstSyncDone', 'lastSyncAt']));
  });
});
