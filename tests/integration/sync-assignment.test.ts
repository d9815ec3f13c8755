// Assignments reaching engineers' devices (issue 16), through the real sync engine against the
// local server: an assignment the vendor makes while an engineer's tablet is offline reaches that
// engineer on their next pull; a reassignment away removes the ticket and the request from the
// old engineer's mirror (a change they queued on it offline lands in needs attention, in words);
// and after each engineer's sync the vendor's own sync brings that device's health report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation } from '../../src/data/actions';
import { SyncEngine, supabaseAuth } from '../../sync';
import { callOp, signUpActor, type Actor } from './actors';
import { createTestClient } from './supabase-client';
import { mirrorView, openNetDevice, serverView, type Device, type Net } from './devices';
import { openTestDatabase } from './test-database';

interface Tablet extends Device<Net> {
  engine: SyncEngine;
}

/** A tablet on a network the test can cut, syncing through the real engine. */
function tablet(actor: Actor, name: string): Tablet {
  const d = openNetDevice(actor);
  const engine = new SyncEngine({
    db: d.mirror,
    userId: actor.id,
    transport: d.transport,
    auth: supabaseAuth(actor.client),
    device: { name, appVersion: '0.1.0' },
  });
  return { ...d, engine };
}

/** One sync round and its health report, as the app runs them. */
async function sync(t: Tablet): Promise<void> {
  await t.engine.requestSync();
  await t.engine.whenIdle();
}

/** The vendor assigns a ticket and a service request to an engineer; both are accepted. */
async function vendorAssigns(ticketId: string, serviceRequestId: string, engineerUserId: string) {
  for (const [name, args] of [
    ['ticket.assign', { ticketId, engineerUserId }],
    ['serviceRequest.assign', { serviceRequestId, engineerUserId }],
  ] as const) {
    const outcome = await callOp(vendor, name, args);
    expect(outcome.error, name).toBeNull();
  }
}

let db: Database;
let running: RunningServer;
let vendor: Actor;
let admin: Actor;
let amir: Tablet;
let beth: Tablet;
let ops: Tablet;
const ids = {
  chair: crypto.randomUUID(),
  openTicket: crypto.randomUUID(),
  amirTicket: crypto.randomUUID(),
  openRequest: crypto.randomUUID(),
  amirRequest: crypto.randomUUID(),
};

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  const customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
  vendor = await signUpActor(running.url, 'VENDOR', 'Vera Ops');
  admin = await signUpActor(running.url, 'ADMIN', 'Ada Admin');
  amir = tablet(await signUpActor(running.url, 'ENGINEER', 'Amir Khan'), 'Chrome on Android');
  beth = tablet(await signUpActor(running.url, 'ENGINEER', 'Beth Lowe'), 'Safari on iPad');
  ops = tablet(vendor, 'Edge on Windows');
  await db.query(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status)
     values ($1, 'U500-7781', 'U500', $2, 'REGISTERED')`,
    [ids.chair, customer.id],
  );
  await db.query(
    `insert into public.support_tickets
       (id, title, description, priority, customer_user_id, engineer_user_id, chair_id, status)
     values ($1, 'Headrest loose', 'The headrest drops when adjusted upwards.', 'HIGH', $3, null, $4, 'OPEN'),
            ($2, 'Foot pedal dead', 'The wireless foot pedal does not respond.', 'URGENT', $3, $5, $4, 'IN_PROGRESS')`,
    [ids.openTicket, ids.amirTicket, customer.id, ids.chair, amir.actor.id],
  );
  await db.query(
    `insert into public.service_requests
       (id, customer_user_id, chair_id, preferred_date, preferred_time, notes, status, engineer_user_id)
     values ($1, $3, $4, current_date + 7, '10:00', 'Annual service', 'PENDING', null),
            ($2, $3, $4, current_date + 3, '09:30', 'Noisy compressor', 'SCHEDULED', $5)`,
    [ids.openRequest, ids.amirRequest, customer.id, ids.chair, amir.actor.id],
  );
  // Both tablets start in sync: each sees its own work and the unassigned work.
  await sync(amir);
  await sync(beth);
});

afterAll(async () => {
  for (const t of [amir, beth, ops]) t?.engine.stop();
  await running?.close();
  await db?.close();
});

describe('assignments and offline engineers', () => {
  it("reaches an engineer who was offline when it was made, on their device's next pull", async () => {
    expect(await beth.mirror.supportTickets.get(ids.openTicket)).toMatchObject({
      engineerUserId: null,
    });
    beth.net.online = false;
    await vendorAssigns(ids.openTicket, ids.openRequest, beth.actor.id);
    // Offline, the round fails and the mirror still has the old rows.
    await sync(beth);
    expect(beth.engine.getStatus().online).toBe(false);
    expect(await beth.mirror.supportTickets.get(ids.openTicket)).toMatchObject({
      engineerUserId: null,
    });

    beth.net.online = true;
    await sync(beth);
    expect(await beth.mirror.supportTickets.get(ids.openTicket)).toMatchObject({
      engineerUserId: beth.actor.id,
      status: 'IN_PROGRESS',
    });
    expect(await beth.mirror.serviceRequests.get(ids.openRequest)).toMatchObject({
      engineerUserId: beth.actor.id,
      status: 'SCHEDULED',
    });
    expect(await mirrorView(beth.mirror)).toEqual(await serverView(beth.actor));
  });

  it("removes a ticket and a request reassigned away from the old engineer's mirror, and their offline change on it lands in needs attention", async () => {
    expect(await amir.mirror.supportTickets.get(ids.amirTicket)).toBeDefined();
    expect(await amir.mirror.serviceRequests.get(ids.amirRequest)).toBeDefined();
    // Beth's new ticket was unassigned at Amir's last pull, so his mirror still holds it.
    expect(await amir.mirror.supportTickets.get(ids.openTicket)).toBeDefined();

    amir.net.online = false;
    await performMutation(amir.mirror, amir.actor.id, 'ticket.updateServiceNotes', {
      ticketId: ids.amirTicket,
      patch: { workPerformed: 'Replaced the pedal battery' },
    });
    await vendorAssigns(ids.amirTicket, ids.amirRequest, beth.actor.id);
    await sync(amir);
    expect(await amir.mirror.supportTickets.get(ids.amirTicket)).toBeDefined();

    amir.net.online = true;
    await sync(amir);
    expect(await amir.mirror.supportTickets.get(ids.amirTicket)).toBeUndefined();
    expect(await amir.mirror.serviceRequests.get(ids.amirRequest)).toBeUndefined();
    // The unassigned ticket and request Beth was given left his view too.
    expect(await amir.mirror.supportTickets.get(ids.openTicket)).toBeUndefined();
    expect(await amir.mirror.serviceRequests.get(ids.openRequest)).toBeUndefined();
    const refused = await amir.mirror.outbox.where('status').equals('rejected').toArray();
    expect(refused.map((e) => [e.name, e.rejection?.errorClass])).toEqual([
      ['ticket.updateServiceNotes', expect.stringMatching(/forbidden|not_found|conflict/)],
    ]);
    expect(refused[0]?.rejection?.message).toMatch(/\w+/);
    expect(amir.engine.getStatus().lastError).toBeNull();
    expect(await mirrorView(amir.mirror)).toEqual(await serverView(amir.actor));

    await sync(beth);
    expect(await beth.mirror.supportTickets.get(ids.amirTicket)).toMatchObject({
      engineerUserId: beth.actor.id,
    });
    expect(await beth.mirror.serviceRequests.get(ids.amirRequest)).toMatchObject({
      engineerUserId: beth.actor.id,
    });
  });

  it("brings each engineer's device health to the vendor's mirror, and to nobody else's", async () => {
    const amirDevice = (await amir.mirror.meta.get('deviceId'))?.value;
    const bethDevice = (await beth.mirror.meta.get('deviceId'))?.value;
    expect(typeof amirDevice).toBe('string');
    await sync(ops);
    const rows = await ops.mirror.deviceHealth.orderBy('id').toArray();
    const amirRow = rows.find((r) => r.id === amirDevice);
    expect(amirRow).toMatchObject({
      userId: amir.actor.id,
      deviceName: 'Chrome on Android',
      appVersion: '0.1.0',
      pendingCount: 0,
      needsAttentionCount: 1,
    });
    expect(Date.now() - Date.parse(amirRow?.lastSyncAt ?? '')).toBeLessThan(60_000);
    expect(rows.find((r) => r.id === bethDevice)).toMatchObject({
      userId: beth.actor.id,
      deviceName: 'Safari on iPad',
      needsAttentionCount: 0,
    });
    // Engineers' mirrors hold no device rows, not even their own.
    expect(await amir.mirror.deviceHealth.count()).toBe(0);
    expect(await beth.mirror.deviceHealth.count()).toBe(0);

    // A later sync of Amir's moves his last sync time on the vendor's next pull.
    const before = amirRow?.lastSyncAt ?? '';
    await sync(amir);
    await sync(ops);
    const after = (await ops.mirror.deviceHealth.get(String(amirDevice)))?.lastSyncAt ?? '';
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it("follows an engineer the admin created who then signs up: one card, the work theirs, on the vendor's next pull", async () => {
    const directoryId = crypto.randomUUID();
    const email = `nia.field.${Date.now()}@example.com`;
    const created = await callOp(admin, 'user.create', {
      id: directoryId,
      name: 'Nia Field',
      email,
      role: 'ENGINEER',
      engineer: { location: 'Leeds', coverageAreas: ['Leeds'], specializations: ['U500'] },
    });
    expect(created.error).toBeNull();
    const ticket = crypto.randomUUID();
    await db.query(
      `insert into public.support_tickets (id, title, description, priority, customer_user_id, status)
       select $1, 'Chair will not rise', 'The base lift stops halfway up.', 'HIGH', owner_user_id, 'OPEN'
         from public.chairs where id = $2`,
      [ticket, ids.chair],
    );
    expect(
      (await callOp(vendor, 'ticket.assign', { ticketId: ticket, engineerUserId: directoryId }))
        .error,
    ).toBeNull();
    await sync(ops);
    expect(await ops.mirror.users.get(directoryId)).toMatchObject({ name: 'Nia Field' });

    // Nia claims her directory entry by signing up with its e-mail: her row takes her new id.
    const client = createTestClient(running.url);
    const signedUp = await client.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { name: 'Nia Field', role: 'CUSTOMER' } },
    });
    const niaId = signedUp.data.user?.id ?? '';
    expect(niaId).not.toBe(directoryId);
    await sync(ops);
    const engineers = (await ops.mirror.users.where('role').equals('ENGINEER').toArray()).filter(
      (u) => u.name === 'Nia Field',
    );
    expect(engineers.map((u) => u.id)).toEqual([niaId]);
    expect(await ops.mirror.supportTickets.get(ticket)).toMatchObject({ engineerUserId: niaId });
    expect(await ops.mirror.users.get(directoryId)).toBeUndefined();
  });
});
