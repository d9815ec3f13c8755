import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { performMutation } from '../src/data/actions';
import { PUT_STEP } from '../src/data/local-store';
import { incrementalStart, OVERLAP_MS, pullAll, pullTable, readCursor } from './pull';
import {
  ENGINEER_ID,
  freshDatabase,
  offline,
  ok,
  partRow,
  scriptedTransport,
  ticketRow,
  toWire,
} from './testing/fixtures';
import { ENTITY_TABLES, SERVER_TABLE, type Part } from '../src/domain/entities';
import type { Transport } from './transport';

const at = (second: number) => new Date(Date.UTC(2026, 10, 21, 10, 0, second)).toISOString();

/** A server holding `rows` for one table, answering sync_pull by keyset like the real one. */
function pagedServer(rows: { id: string; updatedAt: string; deletedAt?: string | null }[]) {
  const sorted = [...rows].sort((a, b) =>
    a.updatedAt === b.updatedAt ? a.id.localeCompare(b.id) : a.updatedAt.localeCompare(b.updatedAt),
  );
  return scriptedTransport((fn, params) => {
    if (fn !== 'sync_pull') return ok({});
    const since = (params.after_updated_at as string | null) ?? '';
    const sinceId = (params.after_id as string | null) ?? '';
    const after = sorted.filter(
      (r) => r.updatedAt > since || (r.updatedAt === since && r.id > sinceId),
    );
    return ok({
      rows: after.slice(0, params.max_rows as number).map(toWire),
      total: params.with_total ? after.length : null,
    });
  });
}

describe('pull', () => {
  it('pages through a table on first sync, reporting progress against the total', async () => {
    const db = freshDatabase();
    const parts: Part[] = Array.from({ length: 25 }, (_, i) =>
      partRow({ name: `Part ${i}`, updatedAt: at(i % 7) }),
    );
    const transport = pagedServer(parts);
    const progress: [number, number | null][] = [];
    const received = await pullTable(db, transport, 'parts', {
      pageSize: 10,
      onPage: (loaded, total) => progress.push([loaded, total]),
    });
    expect(received).toBe(25);
    expect(progress).toEqual([
      [10, 25],
      [20, 25],
      [25, 25],
    ]);
    expect(await db.parts.count()).toBe(25);
    expect(transport.calls[0]?.params).toMatchObject({ after_updated_at: null, with_total: true });
    expect(transport.calls[1]?.params.with_total).toBe(false);
  });

  it('pulls incrementally from the cursor minus the overlap window', async () => {
    const db = freshDatabase();
    const first = partRow({ updatedAt: at(50) });
    await pullTable(db, pagedServer([first]), 'parts');
    expect(await readCursor(db, 'parts')).toEqual({ updatedAt: at(50), id: first.id });

    // A row committed late with an earlier change time than the cursor, inside the window.
    const late = partRow({ name: 'Late pump', updatedAt: at(45) });
    const transport = pagedServer([first, late]);
    await pullTable(db, transport, 'parts');
    expect(transport.calls[0]?.params).toMatchObject({
      after_updated_at: new Date(Date.parse(at(50)) - OVERLAP_MS).toISOString(),
      after_id: null,
      with_total: false,
    });
    expect((await db.parts.get(late.id))?.name).toBe('Late pump');
  });

  it('re-reads only what a transaction open at the last pull could have written', () => {
    const id = crypto.randomUUID();
    // Cursor well before the last pull's server time: nothing older can still commit.
    expect(incrementalStart({ updatedAt: at(0), id, pulledAt: at(40) })).toEqual({
      updatedAt: at(0),
      id,
    });
    // Cursor inside the window before the last pull: re-read from the window's start.
    expect(incrementalStart({ updatedAt: at(20), id, pulledAt: at(40) })).toEqual({
      updatedAt: at(10),
      id: null,
    });
    // Without a recorded pull time, the window sits behind the cursor.
    expect(incrementalStart({ updatedAt: at(50), id })).toEqual({ updatedAt: at(20), id: null });
  });

  it('records the server time of the pull with the cursor', async () => {
    const db = freshDatabase();
    const part = partRow({ updatedAt: at(1) });
    const transport = scriptedTransport(() =>
      ok({ rows: [toWire(part)], total: 1, gone: [], server_time: at(59) }),
    );
    await pullTable(db, transport, 'parts');
    expect(await readCursor(db, 'parts')).toEqual({
      updatedAt: at(1),
      id: part.id,
      pulledAt: at(59),
    });
  });

  it('removes soft-deleted rows', async () => {
    const db = freshDatabase();
    const part = partRow({ updatedAt: at(1) });
    await pullTable(db, pagedServer([part]), 'parts');
    await pullTable(db, pagedServer([{ ...part, deletedAt: at(2), updatedAt: at(2) }]), 'parts');
    expect(await db.parts.get(part.id)).toBeUndefined();
  });

  it('removes rows the server reports gone from the view since the cursor', async () => {
    const db = freshDatabase();
    const taken = ticketRow({ updatedAt: at(1) });
    const kept = ticketRow({ updatedAt: at(2) });
    await pullTable(db, pagedServer([taken, kept]), 'supportTickets');
    const transport = scriptedTransport((_fn, params) =>
      ok({ rows: [], total: null, gone: params.after_updated_at ? [taken.id] : [] }),
    );
    await pullTable(db, transport, 'supportTickets');
    expect(await db.supportTickets.get(taken.id)).toBeUndefined();
    expect(await db.supportTickets.get(kept.id)).toEqual(kept);
  });

  it('reads departures from the last pull, not from the row cursor of a quiet table', async () => {
    const db = freshDatabase();
    const part = partRow({ updatedAt: at(1) });
    const first = scriptedTransport(() =>
      ok({ rows: [toWire(part)], total: 1, server_time: at(59) }),
    );
    await pullTable(db, first, 'parts');
    expect(first.calls[0]?.params).not.toHaveProperty('departed_after');

    const next = scriptedTransport(() => ok({ rows: [], total: null, gone: [] }));
    await pullTable(db, next, 'parts');
    expect(next.calls[0]?.params).toMatchObject({
      after_updated_at: at(1),
      after_id: part.id,
      departed_after: new Date(Date.parse(at(59)) - OVERLAP_MS).toISOString(),
    });
  });

  it('pulls a table again from the start when the departure log no longer covers the cursor', async () => {
    const db = freshDatabase();
    const stays = ticketRow({ title: 'Stays', updatedAt: at(1) });
    const leftUnseen = ticketRow({ title: 'Taken by another engineer', updatedAt: at(2) });
    await pullTable(db, pagedServer([stays, leftUnseen]), 'supportTickets');
    // Created offline, not yet pushed: it must survive the sweep.
    const created = crypto.randomUUID();
    await performMutation(db, ENGINEER_ID, 'ticket.create', {
      id: created,
      title: 'Chair will not rise',
      description: 'The base motor hums but the seat stays down.',
      priority: 'HIGH',
    });

    const changed = { ...stays, title: 'Stays, renamed', updatedAt: at(40) };
    const fresh = ticketRow({ title: 'New to this engineer', updatedAt: at(41) });
    const server = pagedServer([changed, fresh]);
    const transport = scriptedTransport((fn, params) =>
      params.departed_after !== undefined
        ? ok({ rows: [], total: null, gone: [], resync: true })
        : server.rpc(fn, params),
    );
    const progress: [number, number | null][] = [];
    const received = await pullTable(db, transport, 'supportTickets', {
      pageSize: 1,
      onPage: (loaded, total) => progress.push([loaded, total]),
    });

    expect(received).toBe(2);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
      [2, 2],
    ]);
    expect(transport.calls.map((call) => call.params.after_updated_at)).toEqual([
      new Date(Date.parse(at(2)) - OVERLAP_MS).toISOString(),
      null,
      at(40),
      at(41),
    ]);
    expect(transport.calls.slice(1).some((call) => 'departed_after' in call.params)).toBe(false);
    expect((await db.supportTickets.toArray()).map((t) => t.title).sort()).toEqual([
      'Chair will not rise',
      'New to this engineer',
      'Stays, renamed',
    ]);
    expect(await db.supportTickets.get(leftUnseen.id)).toBeUndefined();
    expect(await readCursor(db, 'supportTickets')).toMatchObject({
      updatedAt: at(41),
      id: fresh.id,
    });
  });

  it('rebases pending notes on a pulled row instead of overwriting them', async () => {
    const db = freshDatabase();
    const ticket = ticketRow({ engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' });
    await db.supportTickets.put(ticket);
    await performMutation(db, ENGINEER_ID, 'ticket.updateServiceNotes', {
      ticketId: ticket.id,
      patch: { workPerformed: 'Re-seated the headrest lock', timeSpent: 40 },
    });
    // Meanwhile the vendor raised the priority on the server.
    const server = { ...ticket, priority: 'URGENT' as const, updatedAt: at(30) };
    await pullTable(db, pagedServer([server]), 'supportTickets');
    const shown = await db.supportTickets.get(ticket.id);
    expect(shown?.priority).toBe('URGENT');
    expect(shown?.serviceNotes).toEqual({
      workPerformed: 'Re-seated the headrest lock',
      timeSpent: 40,
    });
    expect((await db.shadows.get(`supportTickets:${ticket.id}`))?.row).toMatchObject({
      priority: 'URGENT',
      serviceNotes: null,
    });
  });

  it('stops with a transient error and keeps the rows and cursor of the pages it finished', async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 15 }, (_, i) => partRow({ updatedAt: at(i) }));
    const server = pagedServer(parts);
    let calls = 0;
    const dropsSecondPage: Transport = {
      rpc: async (fn, params) => {
        calls += 1;
        return calls === 2 ? offline : server.rpc(fn, params);
      },
    };
    await expect(pullTable(db, dropsSecondPage, 'parts', { pageSize: 10 })).rejects.toThrow(
      'fetch failed',
    );
    expect(await db.parts.count()).toBe(10);
    expect((await readCursor(db, 'parts'))?.updatedAt).toBe(at(9));
    await pullTable(db, server, 'parts', { pageSize: 10 });
    expect(await db.parts.count()).toBe(15);
  });

  /**
   * Spies on the mirror's writes to one table (a Dexie middleware): every write is recorded with
   * its first key and how many sync_pull calls had been made when it started; `before` may hold
   * a write back or fail it, as a slow or full disk would.
   */
  function spyWrites(
    db: ReturnType<typeof freshDatabase>,
    table: string,
    transport: { calls: unknown[] },
    before: (write: number) => Promise<void> = async () => undefined,
  ) {
    const writes: { firstKey: unknown; callsMade: number }[] = [];
    db.use({
      stack: 'dbcore',
      name: 'pull-test-spy',
      create: (down) => ({
        ...down,
        table: (name) => {
          const inner = down.table(name);
          if (name !== table) return inner;
          return {
            ...inner,
            mutate: async (req) => {
              if (req.type !== 'put') return inner.mutate(req);
              const write = writes.length;
              writes.push({
                firstKey: (req.values[0] as { id: string }).id,
                callsMade: transport.calls.length,
              });
              await before(write);
              return inner.mutate(req);
            },
          };
        },
      }),
    });
    return writes;
  }

  /** pagedServer with a server time an hour after the rows, so a resumed pull starts at the cursor. */
  function pagedServerWithTime(rows: Part[]) {
    const server = pagedServer(rows);
    return scriptedTransport(async (fn, params) => {
      const answer = await server.rpc(fn, params);
      return {
        ...answer,
        data: { ...(answer.data as object), server_time: at(0).replace('T10', 'T11') },
      };
    });
  }

  /** `server`, its answer to the calls `held` picks kept back until `release` is called. */
  function holdingServer(server: Transport, held: (params: Record<string, unknown>) => boolean) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transport = scriptedTransport(async (fn, params) => {
      if (held(params)) await released;
      return server.rpc(fn, params);
    });
    return { transport, release };
  }

  it('requests the next page while writing the current one, and applies pages strictly in order', async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 35 }, (_, i) => partRow({ updatedAt: at(i) }));
    const transport = pagedServerWithTime(parts);
    let release: () => void = () => undefined;
    const secondWriteHeld = new Promise<void>((resolve) => (release = resolve));
    const writes = spyWrites(db, 'parts', transport, async (write) => {
      // The second page's write waits until the third and fourth pages could have overtaken it.
      if (write === 1) await Dexie.waitFor(secondWriteHeld);
    });
    const progress: number[] = [];
    const pulling = pullTable(db, transport, 'parts', {
      pageSize: 10,
      onPage: (loaded) => progress.push(loaded),
    });
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    // Pages 3 and 4 were requested ahead and page 3's transaction opened behind page 2's, but
    // nothing after page 2 was written while page 2 was held.
    await vi.waitFor(() => expect(transport.calls).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toHaveLength(2);
    expect(progress).toEqual([10]);
    release();
    expect(await pulling).toBe(35);
    // Each page's write started once the next page had been asked for (the overlap), in order.
    expect(writes.map((w) => w.firstKey)).toEqual([
      parts[0]!.id,
      parts[10]!.id,
      parts[20]!.id,
      parts[30]!.id,
    ]);
    for (const [i, write] of writes.entries()) {
      expect(write.callsMade).toBeGreaterThanOrEqual(Math.min(i + 2, 4));
    }
    expect(progress).toEqual([10, 20, 30, 35]);
    expect(await readCursor(db, 'parts')).toMatchObject({ updatedAt: at(34), id: parts[34]!.id });
    expect(await db.parts.count()).toBe(35);
  });

  it('drops the page fetched ahead when a write fails, and the next pull resumes after the last committed page', async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 30 }, (_, i) => partRow({ updatedAt: at(i) }));
    const transport = pagedServerWithTime(parts);
    let diskFull = true;
    spyWrites(db, 'parts', transport, async (write) => {
      if (write === 1 && diskFull) throw new DOMException('The disk is full', 'QuotaExceededError');
    });
    await expect(pullTable(db, transport, 'parts', { pageSize: 10 })).rejects.toThrow(
      'The disk is full',
    );
    // Page 3 had arrived and its transaction was opened while page 2 was written; none of it
    // was applied.
    expect(transport.calls).toHaveLength(4);
    expect(await db.parts.count()).toBe(10);
    expect(await readCursor(db, 'parts')).toMatchObject({ updatedAt: at(9), id: parts[9]!.id });

    diskFull = false;
    const resumed = pagedServerWithTime(parts);
    expect(await pullTable(db, resumed, 'parts', { pageSize: 10 })).toBe(20);
    expect(resumed.calls[0]?.params).toMatchObject({
      after_updated_at: at(9),
      after_id: parts[9]!.id,
    });
    expect(await db.parts.count()).toBe(30);
    expect(await readCursor(db, 'parts')).toMatchObject({ updatedAt: at(29), id: parts[29]!.id });
  });

  it('stops at a failed page fetched ahead after committing the page before it', async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 30 }, (_, i) => partRow({ updatedAt: at(i) }));
    const server = pagedServerWithTime(parts);
    const failsThirdPage = scriptedTransport((fn, params) =>
      server.calls.length === 2 ? offline : server.rpc(fn, params),
    );
    await expect(pullTable(db, failsThirdPage, 'parts', { pageSize: 10 })).rejects.toThrow(
      'fetch failed',
    );
    expect(await db.parts.count()).toBe(20);
    expect(await readCursor(db, 'parts')).toMatchObject({ updatedAt: at(19), id: parts[19]!.id });
  });

  it('writes nothing after a page whose cursor is not the one the page before it stored', async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 20 }, (_, i) => partRow({ updatedAt: at(i) }));
    const { transport, release } = holdingServer(
      pagedServerWithTime(parts),
      (params) => params.after_id === parts[9]!.id,
    );
    const pulling = pullTable(db, transport, 'parts', { pageSize: 10 });
    await vi.waitFor(async () => expect(await readCursor(db, 'parts')).not.toBeNull());
    // Something else moves the cursor back while the second page is on its way.
    await db.meta.put({ key: 'cursor:parts', value: { updatedAt: at(3), id: parts[3]!.id } });
    release();
    await expect(pulling).rejects.toThrow('The mirror changed during the pull');
    expect(await db.parts.count()).toBe(10);
    expect(await readCursor(db, 'parts')).toEqual({ updatedAt: at(3), id: parts[3]!.id });
  });

  it('writes a page in chunks, each committed with its own cursor, and resumes after the last one', async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 13 }, (_, i) => partRow({ updatedAt: at(i) }));
    const transport = pagedServerWithTime(parts);
    let diskFull = true;
    const writes = spyWrites(db, 'parts', transport, async (write) => {
      if (write === 2 && diskFull) throw new DOMException('The disk is full', 'QuotaExceededError');
    });
    const progress: number[] = [];
    const options = { pageSize: 10, writeChunk: 4, onPage: (n: number) => progress.push(n) };
    await expect(pullTable(db, transport, 'parts', options)).rejects.toThrow('The disk is full');
    // Two chunks of the first page committed; the third failed and took nothing with it.
    expect(progress).toEqual([4, 8]);
    expect(await db.parts.count()).toBe(8);
    expect(await readCursor(db, 'parts')).toMatchObject({ updatedAt: at(7), id: parts[7]!.id });

    diskFull = false;
    progress.length = 0;
    const resumed = pagedServerWithTime(parts);
    expect(await pullTable(db, resumed, 'parts', options)).toBe(5);
    expect(resumed.calls[0]?.params).toMatchObject({
      after_updated_at: at(7),
      after_id: parts[7]!.id,
    });
    expect(progress).toEqual([4, 5]);
    expect(writes.map((w) => w.firstKey)).toEqual([
      parts[0]!.id,
      parts[4]!.id,
      parts[8]!.id,
      parts[8]!.id,
      parts[12]!.id,
    ]);
    expect(await db.parts.count()).toBe(13);
    expect(await readCursor(db, 'parts')).toMatchObject({ updatedAt: at(12), id: parts[12]!.id });
  });

  it("puts a chunk's rows in steps, all in the chunk's one transaction with its cursor", async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: PUT_STEP * 2 + 7 }, (_, i) =>
      partRow({ updatedAt: at(i % 60) }),
    );
    let failStep: number | null = 3;
    const steps: number[] = [];
    const original = db.parts.bulkPut.bind(db.parts);
    const stepped = async (rows: readonly Part[]) => {
      steps.push(rows.length);
      if (steps.length === failStep) {
        throw new DOMException('The disk is full', 'QuotaExceededError');
      }
      return original(rows);
    };
    vi.spyOn(db.parts, 'bulkPut').mockImplementation(stepped as never);
    const options = { pageSize: 1000, writeChunk: 1000 };
    // The last step fails: the steps before it are undone with it, and no cursor is stored.
    await expect(pullTable(db, pagedServer(parts), 'parts', options)).rejects.toThrow(
      'The disk is full',
    );
    expect(steps).toEqual([PUT_STEP, PUT_STEP, 7]);
    expect(await db.parts.count()).toBe(0);
    expect(await readCursor(db, 'parts')).toBeNull();

    failStep = null;
    steps.length = 0;
    expect(await pullTable(db, pagedServer(parts), 'parts', options)).toBe(parts.length);
    expect(steps).toEqual([PUT_STEP, PUT_STEP, 7]);
    expect(await db.parts.count()).toBe(parts.length);
    expect(await readCursor(db, 'parts')).not.toBeNull();
  });

  it('refuses a malformed row from the wire without storing the page', async () => {
    const db = freshDatabase();
    const transport = scriptedTransport(() => ok({ rows: [{ name: 'no id' }] }));
    await expect(pullTable(db, transport, 'parts')).rejects.toThrow('has no id or updated_at');
    expect(await db.parts.count()).toBe(0);
    expect(await readCursor(db, 'parts')).toBeNull();
  });

  /** pagedServer's parts for the parts table, nothing in any other table, or `fails` for one. */
  function partsOnlyServer(parts: Part[], fails?: string) {
    const server = pagedServer(parts);
    return scriptedTransport((fn, params) => {
      if (params.table_name === fails) return offline;
      if (params.table_name === 'parts') return server.rpc(fn, params);
      return ok({ rows: [], total: params.with_total ? 0 : null });
    });
  }

  it("asks for the next table's first page while the table before it is pulled", async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 25 }, (_, i) => partRow({ updatedAt: at(i) }));
    // The answer to the last page of parts is held until released.
    const { transport, release } = holdingServer(
      partsOnlyServer(parts),
      (params) => params.table_name === 'parts' && params.after_id === parts[19]!.id,
    );
    const pulling = pullAll(db, transport, undefined, 10);
    const order = () => transport.calls.map((c) => c.params.table_name);
    // While the last page of parts is awaited, the tickets table (after parts) is asked for.
    await vi.waitFor(() => expect(order()).toContain('support_tickets'));
    release();
    expect(await pulling).toBe(25);
    // Each table was still asked for once, and every part is in, with its cursor.
    expect(order().filter((t) => t !== 'parts')).toEqual(
      ENTITY_TABLES.filter((t) => t !== 'parts').map((t) => SERVER_TABLE[t]),
    );
    expect(await db.parts.count()).toBe(25);
    expect(await readCursor(db, 'parts')).toMatchObject({ id: parts[24]!.id });
  });

  it("keeps a table's rows when the next table's first page, asked for ahead, fails", async () => {
    const db = freshDatabase();
    const parts = Array.from({ length: 25 }, (_, i) => partRow({ updatedAt: at(i) }));
    await expect(
      pullAll(db, partsOnlyServer(parts, 'support_tickets'), undefined, 10),
    ).rejects.toThrow('fetch failed');
    expect(await db.parts.count()).toBe(25);
    expect(await readCursor(db, 'parts')).toMatchObject({ id: parts[24]!.id });
    expect(await readCursor(db, 'supportTickets')).toBeNull();
  });

  it('pulls every mirrored table with overall progress', async () => {
    const db = freshDatabase();
    const transport = scriptedTransport(() => ok({ rows: [], total: 0 }));
    const tables: string[] = [];
    await pullAll(db, transport, (p) =>
      tables.push(`${p.tableIndex + 1}/${p.tableCount} ${p.table}`),
    );
    expect(tables).toEqual([
      '1/9 users',
      '2/9 chairs',
      '3/9 parts',
      '4/9 supportTickets',
      '5/9 trainingResources',
      '6/9 partRequests',
      '7/9 serviceRequests',
      '8/9 installations',
      '9/9 deviceHealth',
    ]);
  });
});
