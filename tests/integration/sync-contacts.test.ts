// A customer's mirror learns the engineer on their ticket through the incremental pull, as a
// contact card, even when the engineer's own row has not changed since the last pull.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openLocalDatabase } from '../../src/data/db';
import { pullTable, supabaseTransport } from '../../sync';
import { callOp, signUpActor, type Actor } from './actors';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let customer: Actor;
let engineer: Actor;
let vendor: Actor;

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  engineer = await signUpActor(running.url, 'ENGINEER', 'Priya Shah');
  await db.query(`update public.users set phone = '0117 496 0000' where id = $1`, [engineer.id]);
  // The engineer's row last changed long before the customer's pulls (beyond the overlap window).
  await db.exec(`alter table public.users disable trigger users_set_updated_at`);
  await db.query(`update public.users set updated_at = now() - interval '30 days' where id = $1`, [
    engineer.id,
  ]);
  await db.exec(`alter table public.users enable trigger users_set_updated_at`);
  customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Tom Reed');
  vendor = await signUpActor(running.url, 'VENDOR', 'Vera Vendor');
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

it('adds the contact card when an engineer is assigned after the last pull', async () => {
  const mirror = openLocalDatabase(customer.id, { indexedDB: new IDBFactory(), IDBKeyRange });
  const transport = supabaseTransport(customer.client);
  const ticketId = crypto.randomUUID();
  const created = await callOp(customer, 'ticket.create', {
    id: ticketId,
    title: 'Headrest loose',
    description: 'The headrest wobbles when the patient turns their head.',
    priority: 'NORMAL',
  });
  expect(created.error).toBeNull();
  await pullTable(mirror, transport, 'users');
  expect((await mirror.users.toArray()).map((u) => u.id)).toEqual([customer.id]);

  const assigned = await callOp(vendor, 'ticket.assign', {
    ticketId,
    engineerUserId: engineer.id,
  });
  expect(assigned.error).toBeNull();
  await pullTable(mirror, transport, 'users');
  expect(await mirror.users.get(engineer.id)).toMatchObject({
    name: 'Priya Shah',
    phone: '0117 496 0000',
    email: null,
    engineer: null,
  });
});

it("keeps a vendor's mirror of customers to cards through deletions, restores and role changes", async () => {
  const admin = await signUpActor(running.url, 'ADMIN', 'Ada Admin');
  const mirror = openLocalDatabase(vendor.id, { indexedDB: new IDBFactory(), IDBKeyRange });
  const transport = supabaseTransport(vendor.client);
  await db.query(
    `update public.users set address = '4 Mill Lane',
            practice = '{"name": "Reed Dental", "type": "DENTAL", "address": "8 High St", "phone": "0161 1"}'::jsonb
      where id = $1`,
    [customer.id],
  );
  await pullTable(mirror, transport, 'users');
  expect(await mirror.users.get(customer.id)).toMatchObject({
    name: 'Dr Tom Reed',
    address: '4 Mill Lane',
    practice: { name: 'Reed Dental', address: '8 High St' },
    email: null,
    phone: null,
  });
  expect((await mirror.users.get(engineer.id))?.email).toEqual(expect.any(String));

  // Deleted by an admin: the next incremental pull takes the customer out of the mirror.
  expect((await callOp(admin, 'user.delete', { userId: customer.id })).error).toBeNull();
  await pullTable(mirror, transport, 'users');
  expect(await mirror.users.get(customer.id)).toBeUndefined();

  // Restored: the card comes back and the departure does not count as gone.
  await db.query(`update public.users set deleted_at = null where id = $1`, [customer.id]);
  await pullTable(mirror, transport, 'users');
  expect(await mirror.users.get(customer.id)).toMatchObject({ name: 'Dr Tom Reed', email: null });

  // Made an engineer: the vendor now oversees them and reads the full row.
  expect(
    (await callOp(admin, 'user.setRole', { userId: customer.id, role: 'ENGINEER' })).error,
  ).toBeNull();
  await pullTable(mirror, transport, 'users');
  expect(await mirror.users.get(customer.id)).toMatchObject({
    role: 'ENGINEER',
    email: expect.stringContaining('@'),
  });
});
