// Two engineers' devices (two separate IndexedDB instances) against the real local server: both
// work offline, reconnect, and the server and both mirrors end in exactly the expected state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation } from '../../src/data/actions';
import { pullAll } from '../../sync';
import { signUpActor } from './actors';
import {
  mirrorView,
  openNetDevice,
  pushDeviceOutbox,
  serverView,
  type Device,
  type Net,
} from './devices';
import { openTestDatabase } from './test-database';

const sync = async (d: Device<Net>) => {
  const pushed = await pushDeviceOutbox(d);
  if (!pushed.stop) await pullAll(d.mirror, d.transport);
  return pushed;
};

let db: Database;
let running: RunningServer;
let a: Device<Net>;
let b: Device<Net>;
const ids = {
  contested: crypto.randomUUID(),
  ticketA: crypto.randomUUID(),
  ticketB: crypto.randomUUID(),
  chair: crypto.randomUUID(),
  part: crypto.randomUUID(),
};

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  const customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
  a = openNetDevice(await signUpActor(running.url, 'ENGINEER', 'Amir Khan'));
  b = openNetDevice(await signUpActor(running.url, 'ENGINEER', 'Beth Lowe'));
  await db.query(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status) values ($1, 'S30-2291', 'S30', $2, 'REGISTERED')`,
    [ids.chair, customer.id],
  );
  await db.query(
    `insert into public.parts (id, name, part_code, price, stock) values ($1, 'Recline motor', 'RM-30', 245.5, 6)`,
    [ids.part],
  );
  await db.query(
    `insert into public.support_tickets (id, title, description, priority, customer_user_id, engineer_user_id, chair_id, status) values
       ($1, 'Chair drifts down', 'The chair sinks slowly when a patient sits.', 'URGENT', $4, null, $5, 'OPEN'),
       ($2, 'Light flickers', 'The operating light flickers at full power.', 'NORMAL', $4, $6, $5, 'IN_PROGRESS'),
       ($3, 'Spittoon leaks', 'Water pools under the spittoon bowl daily.', 'HIGH', $4, $7, $5, 'IN_PROGRESS')`,
    [ids.contested, ids.ticketA, ids.ticketB, customer.id, ids.chair, a.actor.id, b.actor.id],
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('two devices offline, then reconnecting', () => {
  it('ends with the exact server state, each mutation applied once, and the lost take in needs attention', async () => {
    await sync(a);
    await sync(b);
    expect(await a.mirror.supportTickets.count()).toBe(2); // own + unassigned
    expect(await b.mirror.supportTickets.count()).toBe(2);

    a.net.online = false;
    b.net.online = false;
    const aTake = await performMutation(a.mirror, a.actor.id, 'ticket.take', {
      ticketId: ids.contested,
    });
    const aNotes = await performMutation(a.mirror, a.actor.id, 'ticket.updateServiceNotes', {
      ticketId: ids.ticketA,
      patch: { workPerformed: 'Replaced the LED driver board', timeSpent: 55 },
    });
    const aPart = await performMutation(a.mirror, a.actor.id, 'ticket.addPart', {
      ticketId: ids.ticketA,
      lineId: crypto.randomUUID(),
      partId: ids.part,
      quantity: 2,
      condition: 'NEW',
    });
    const bTake = await performMutation(b.mirror, b.actor.id, 'ticket.take', {
      ticketId: ids.contested,
    });
    const bNotes = await performMutation(b.mirror, b.actor.id, 'ticket.updateServiceNotes', {
      ticketId: ids.ticketB,
      patch: { conditionReport: { beforeService: 'Seal perished' }, timeSpent: 30 },
    });
    const bResolve = await performMutation(b.mirror, b.actor.id, 'ticket.resolve', {
      ticketId: ids.ticketB,
      resolution: 'Replaced the spittoon seal and tested for leaks',
    });
    expect((await sync(a)).stop?.kind).toBe('transient');
    expect(await a.mirror.outbox.count()).toBe(3);

    // A reconnects first, and the answer to its first push is lost on the way back.
    a.net.online = true;
    a.net.dropNextResponse = true;
    expect((await sync(a)).stop?.kind).toBe('transient');
    expect(await sync(a)).toEqual({ accepted: 3, rejected: 0 });

    b.net.online = true;
    expect(await sync(b)).toEqual({ accepted: 2, rejected: 1 });

    const tickets = await db.query<{
      id: string;
      status: string;
      engineer_user_id: string | null;
      service_notes: Record<string, unknown> | null;
      resolution: string | null;
    }>(
      `select id, status, engineer_user_id, service_notes, resolution from public.support_tickets`,
    );
    const byId = new Map(tickets.rows.map((t) => [t.id, t]));
    expect(byId.get(ids.contested)).toMatchObject({
      status: 'IN_PROGRESS',
      engineer_user_id: a.actor.id,
    });
    expect(byId.get(ids.ticketA)?.service_notes).toMatchObject({
      workPerformed: 'Replaced the LED driver board',
      timeSpent: 55,
      partsUsed: [{ partId: ids.part, partName: 'Recline motor', quantity: 2, condition: 'NEW' }],
    });
    expect(byId.get(ids.ticketB)).toMatchObject({
      status: 'RESOLVED',
      resolution: 'Replaced the spittoon seal and tested for leaks',
      service_notes: { timeSpent: 30, conditionReport: { beforeService: 'Seal perished' } },
    });

    const applied = await db.query<{ id: string }>(`select id from public.applied_mutations`);
    expect(applied.rows.map((r) => r.id).sort()).toEqual(
      [aTake.id, aNotes.id, aPart.id, bNotes.id, bResolve.id].sort(),
    );

    const attention = await b.mirror.outbox.toArray();
    expect(attention).toHaveLength(1);
    expect(attention[0]).toMatchObject({
      id: bTake.id,
      status: 'rejected',
      rejection: {
        errorClass: 'conflict',
        message: 'This ticket has already been taken by Amir Khan',
      },
    });
    expect(await a.mirror.outbox.count()).toBe(0);

    expect(await mirrorView(a.mirror)).toEqual(await serverView(a.actor));
    expect(await mirrorView(b.mirror)).toEqual(await serverView(b.actor));
    expect(await b.mirror.supportTickets.get(ids.contested)).toBeUndefined();
  });
});
