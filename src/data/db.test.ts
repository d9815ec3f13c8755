// The mirror's v5 assignee index (issue 19): every ticket and service request carries an indexed
// assigneeKey (the engineer's id, or UNASSIGNED), filled in for rows a v4 device already holds and
// kept right by every write, while readers see the rows as the server has them.
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_ID,
  ENGINEER_ID,
  OTHER_ENGINEER_ID,
  chairRow,
  serviceRequestRow,
  ticketRow,
  userRow,
} from '../testing/rows';
import { performMutation } from './actions';
import {
  byAssignee,
  openLocalDatabase,
  SCHEMA_VERSIONS,
  UNASSIGNED,
  type ChairsideDatabase,
} from './db';

const VENDOR_ID = '00000000-0000-4000-8000-0000000000f1';
const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

/** The ids the index holds under each key, read straight from IndexedDB (raw rows, key included). */
async function indexed(db: ChairsideDatabase, table: 'supportTickets' | 'serviceRequests') {
  await db.open();
  const rows = await rawRows(db, table);
  const byKey: Record<string, string[]> = {};
  for (const row of rows) (byKey[row.assigneeKey ?? 'missing'] ??= []).push(row.id);
  for (const list of Object.values(byKey)) list.sort();
  return byKey;
}

/** Rows as stored, without the mirror's read path (which leaves the key out). */
function rawRows(
  db: ChairsideDatabase,
  table: string,
): Promise<{ id: string; assigneeKey?: string }[]> {
  return new Promise((resolve, reject) => {
    const request = db.backendDB().transaction(table).objectStore(table).getAll();
    request.onsuccess = () => resolve(request.result as { id: string; assigneeKey?: string }[]);
    request.onerror = () => reject(request.error as Error);
  });
}

describe('assignee index (schema v5)', () => {
  it('fills assigneeKey for the rows a v4 mirror holds when it is opened', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const v4 = SCHEMA_VERSIONS.find((s) => s.version === 4)!;
    const old = new Dexie(name);
    old.version(v4.version).stores(v4.stores);
    await old.open();
    const mine = ticketRow({ engineerUserId: ENGINEER_ID });
    const open = ticketRow({ engineerUserId: null });
    const theirs = ticketRow({ engineerUserId: OTHER_ENGINEER_ID });
    const request = serviceRequestRow({ engineerUserId: null });
    await old.table('supportTickets').bulkPut([mine, open, theirs]);
    await old.table('serviceRequests').put(request);
    old.close();

    const db = openLocalDatabase(ENGINEER_ID, { name });
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSIONS.at(-1)!.version);
    expect(await indexed(db, 'supportTickets')).toEqual({
      [ENGINEER_ID]: [mine.id],
      [UNASSIGNED]: [open.id],
      [OTHER_ENGINEER_ID]: [theirs.id],
    });
    expect(ids(await byAssignee(db.supportTickets, null).toArray())).toEqual([open.id]);
    expect(ids(await byAssignee(db.serviceRequests, null).toArray())).toEqual([request.id]);
    // Readers get the rows exactly as they were stored before.
    expect(await db.supportTickets.get(mine.id)).toEqual(mine);
    expect(await db.supportTickets.get(mine.id)).not.toHaveProperty('assigneeKey');
    db.close();
    await db.delete();
  });

  it('keeps the key right through take, assignment and reassignment, and leaves it off reads', async () => {
    const db = openLocalDatabase(ENGINEER_ID, { name: `test-${crypto.randomUUID()}` });
    const taken = ticketRow({ engineerUserId: null });
    const assigned = ticketRow({ engineerUserId: null });
    await db.users.bulkPut([
      userRow({ id: ENGINEER_ID, role: 'ENGINEER', name: 'Erin Engineer' }),
      userRow({ id: OTHER_ENGINEER_ID, role: 'ENGINEER', name: 'Nina Patel' }),
      userRow({ id: VENDOR_ID, role: 'VENDOR', name: 'Vera Vendor' }),
      userRow({ id: CUSTOMER_ID }),
    ]);
    await db.supportTickets.bulkPut([taken, assigned]);
    expect(await indexed(db, 'supportTickets')).toEqual({
      [UNASSIGNED]: ids([taken, assigned]),
    });

    await performMutation(db, ENGINEER_ID, 'ticket.take', { ticketId: taken.id });
    await performMutation(db, VENDOR_ID, 'ticket.assign', {
      ticketId: assigned.id,
      engineerUserId: OTHER_ENGINEER_ID,
    });
    expect(await indexed(db, 'supportTickets')).toEqual({
      [ENGINEER_ID]: [taken.id],
      [OTHER_ENGINEER_ID]: [assigned.id],
    });

    await performMutation(db, VENDOR_ID, 'ticket.assign', {
      ticketId: assigned.id,
      engineerUserId: ENGINEER_ID,
    });
    expect(await indexed(db, 'supportTickets')).toEqual({
      [ENGINEER_ID]: ids([taken, assigned]),
    });
    expect(ids(await byAssignee(db.supportTickets, ENGINEER_ID).toArray())).toEqual(
      ids([taken, assigned]),
    );
    expect(await byAssignee(db.supportTickets, null).count()).toBe(0);
    // Every read path leaves it out: get, bulkGet, toArray, a cursor (filter / each).
    const reads = [
      await db.supportTickets.get(taken.id),
      ...(await db.supportTickets.bulkGet([taken.id])),
      ...(await db.supportTickets.toArray()),
      ...(await db.supportTickets.filter(() => true).toArray()),
    ];
    for (const row of reads) expect(row).not.toHaveProperty('assigneeKey');
    db.close();
    await db.delete();
  });

  it('follows an unassignment written over an assigned row (a restored or pulled row)', async () => {
    const db = openLocalDatabase(ENGINEER_ID, { name: `test-${crypto.randomUUID()}` });
    const ticket = ticketRow({ engineerUserId: ENGINEER_ID });
    const request = serviceRequestRow({ engineerUserId: OTHER_ENGINEER_ID });
    await db.supportTickets.put(ticket);
    await db.serviceRequests.put(request);
    await db.supportTickets.update(ticket.id, { engineerUserId: null });
    await db.serviceRequests.put({ ...request, engineerUserId: null });
    expect(await indexed(db, 'supportTickets')).toEqual({ [UNASSIGNED]: [ticket.id] });
    expect(await indexed(db, 'serviceRequests')).toEqual({ [UNASSIGNED]: [request.id] });
    db.close();
    await db.delete();
  });
});

describe('resolution index (schema v7)', () => {
  it('gives the resolved tickets a v6 mirror holds their last update as when they were resolved', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const v6 = SCHEMA_VERSIONS.find((s) => s.version === 6)!;
    const old = new Dexie(name);
    old.version(v6.version).stores(v6.stores);
    await old.open();
    const closed = ticketRow({ engineerUserId: ENGINEER_ID, status: 'CLOSED' });
    const open = ticketRow({ engineerUserId: ENGINEER_ID, status: 'IN_PROGRESS' });
    await old.table('supportTickets').bulkPut([
      { ...closed, assigneeKey: ENGINEER_ID },
      { ...open, assigneeKey: ENGINEER_ID },
    ]);
    old.close();

    const db = openLocalDatabase(ENGINEER_ID, { name });
    await db.open();
    expect(await db.supportTickets.get(closed.id)).toEqual({
      ...closed,
      resolvedAt: closed.updatedAt,
    });
    expect(await db.supportTickets.get(open.id)).toEqual(open);
    const keys = await db.supportTickets
      .where('[assigneeKey+status+createdAt+resolvedAt]')
      .between([ENGINEER_ID, Dexie.minKey], [ENGINEER_ID, Dexie.maxKey])
      .primaryKeys();
    expect(keys).toEqual([closed.id]);
    db.close();
    await db.delete();
  });
});

describe('chairs by next service date (schema v8)', () => {
  it('indexes the chairs a v7 mirror holds by when their service is due, leaving out the undated', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const v7 = SCHEMA_VERSIONS.find((s) => s.version === 7)!;
    const old = new Dexie(name);
    old.version(v7.version).stores(v7.stores);
    await old.open();
    const soon = chairRow({ ownerUserId: CUSTOMER_ID, service: { nextServiceDue: '2031-03-05' } });
    const later = chairRow({ ownerUserId: CUSTOMER_ID, service: { nextServiceDue: '2031-09-01' } });
    const undated = chairRow({ ownerUserId: CUSTOMER_ID, service: null });
    await old.table('chairs').bulkPut([soon, later, undated]);
    old.close();

    const db = openLocalDatabase(VENDOR_ID, { name });
    await db.open();
    const due = await db.chairs
      .where('service.nextServiceDue')
      .belowOrEqual('2031-03-10\uffff')
      .primaryKeys();
    expect(due).toEqual([soon.id]);
    expect(await db.chairs.where('service.nextServiceDue').above('').count()).toBe(2);
    db.close();
    await db.delete();
  });
});
