// Service photos through Supabase Storage's API (issue 20), as supabase-js's storage client calls
// it, on the local server: the engineer of the work uploads, once; the ticket's engineer and
// customer, admins and vendors read; another customer, another engineer and anonymous callers do
// not, and cannot tell another customer's photo from a missing one. Access is decided by the
// storage.objects policies, in the database, as the caller.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { pngBytes } from '../../src/testing/pdf';
import { signUpActor, type Actor } from './actors';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

const BUCKET = 'service-photos';
let db: Database;
let running: RunningServer;
let engineer: Actor;
let otherEngineer: Actor;
let customer: Actor;
let otherCustomer: Actor;
let admin: Actor;
let vendor: Actor;
const ticket = randomUUID();
const otherTicket = randomUUID();
const installation = randomUUID();
const chair = randomUUID();
const photo = new Uint8Array(pngBytes(40, 30));

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  [engineer, otherEngineer, customer, otherCustomer, admin, vendor] = await Promise.all([
    signUpActor(running.url, 'ENGINEER', 'Eve Engineer'),
    signUpActor(running.url, 'ENGINEER', 'Otto Engineer'),
    signUpActor(running.url, 'CUSTOMER', 'Cathy Customer'),
    signUpActor(running.url, 'CUSTOMER', 'Dora Customer'),
    signUpActor(running.url, 'ADMIN', 'Adam Admin'),
    signUpActor(running.url, 'VENDOR', 'Vera Vendor'),
  ]);
  await db.query(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status)
     values ($1, 'ST-1', 'S30', $2, 'REGISTERED')`,
    [chair, customer.id],
  );
  await db.query(
    `insert into public.support_tickets (id, title, description, customer_user_id, engineer_user_id, status)
     values ($1, 'Pump', 'Pump is noisy today', $2, $3, 'IN_PROGRESS'),
            ($4, 'Light', 'Light flickers a lot', $5, $6, 'IN_PROGRESS')`,
    [ticket, customer.id, engineer.id, otherTicket, otherCustomer.id, otherEngineer.id],
  );
  await db.query(
    `insert into public.installations (id, chair_id, engineer_user_id) values ($1, $2, $3)`,
    [installation, chair, engineer.id],
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

const upload = (actor: Actor, name: string, body: Uint8Array = photo, contentType = 'image/png') =>
  actor.client.storage.from(BUCKET).upload(name, body, { contentType, upsert: false });

async function download(actor: Actor, name: string) {
  const { data, error } = await actor.client.storage.from(BUCKET).download(name);
  return { bytes: data ? new Uint8Array(await data.arrayBuffer()) : null, error };
}

const status = (error: unknown) => (error as { status?: number } | null)?.status;

describe('uploading a service photo', () => {
  const name = `tickets/${ticket}/${randomUUID()}.png`;

  it('is allowed to the engineer of the ticket, once', async () => {
    const first = await upload(engineer, name);
    expect(first.error).toBeNull();
    expect(first.data?.fullPath).toBe(`${BUCKET}/${name}`);
    // A retry after a lost answer finds it there: 409, and still one object.
    const again = await upload(engineer, name);
    expect(status(again.error)).toBe(409);
    const { rows } = await db.query(`select 1 from storage.objects where name = $1`, [name]);
    expect(rows).toHaveLength(1);
  });

  it('is refused to the customer, another engineer, an admin and a vendor', async () => {
    for (const actor of [customer, otherEngineer, admin, vendor]) {
      const { error } = await upload(actor, `tickets/${ticket}/${randomUUID()}.png`);
      expect(status(error), actor.name).toBe(403);
    }
  });

  it('is refused when signed out, for a replace, for another type, or past the size limit', async () => {
    const anonymous = createTestClient(running.url);
    const signedOut = await anonymous.storage
      .from(BUCKET)
      .upload(`tickets/${ticket}/${randomUUID()}.png`, photo, { contentType: 'image/png' });
    expect(status(signedOut.error)).toBe(401);
    const replace = await engineer.client.storage
      .from(BUCKET)
      .upload(name, photo, { contentType: 'image/png', upsert: true });
    expect(status(replace.error)).toBe(403);
    const text = await upload(
      engineer,
      `tickets/${ticket}/${randomUUID()}.txt`,
      photo,
      'text/plain',
    );
    expect(status(text.error)).toBe(415);
    const huge = await upload(
      engineer,
      `tickets/${ticket}/${randomUUID()}.png`,
      new Uint8Array(6 * 1024 * 1024),
    );
    expect(status(huge.error)).toBe(413);
  });

  it('refuses names outside the work folders and path tricks', async () => {
    for (const bad of [
      `tickets/${ticket}/../x.png`,
      `elsewhere/${ticket}/a.png`,
      `tickets/not-a-uuid/a.png`,
    ]) {
      const { error } = await upload(engineer, bad);
      expect([400, 403], bad).toContain(status(error));
    }
  });

  it('is allowed to the installing engineer for an installation', async () => {
    const { error } = await upload(engineer, `installations/${installation}/${randomUUID()}.png`);
    expect(error).toBeNull();
    const refused = await upload(
      otherEngineer,
      `installations/${installation}/${randomUUID()}.png`,
    );
    expect(status(refused.error)).toBe(403);
  });
});

describe('reading a service photo', () => {
  const name = `tickets/${ticket}/${randomUUID()}.png`;
  const installationPhoto = `installations/${installation}/${randomUUID()}.png`;

  beforeAll(async () => {
    expect((await upload(engineer, name)).error).toBeNull();
    expect((await upload(engineer, installationPhoto)).error).toBeNull();
  });

  it('gives the same bytes to the engineer, the customer, admins and vendors', async () => {
    for (const actor of [engineer, customer, admin, vendor]) {
      const { bytes, error } = await download(actor, name);
      expect(error, actor.name).toBeNull();
      expect(bytes).toEqual(photo);
    }
    const owner = await download(customer, installationPhoto);
    expect(owner.bytes).toEqual(photo);
  });

  it('answers another customer and another engineer as if it did not exist', async () => {
    for (const actor of [otherCustomer, otherEngineer]) {
      const { bytes, error } = await download(actor, name);
      expect(bytes, actor.name).toBeNull();
      expect(status(error)).toBe(404);
      const missing = await download(actor, `tickets/${ticket}/${randomUUID()}.png`);
      expect(status(missing.error)).toBe(404);
    }
  });

  it('lists a ticket folder for those who may read it, and nothing for the others', async () => {
    const { data, error } = await customer.client.storage.from(BUCKET).list(`tickets/${ticket}`);
    expect(error).toBeNull();
    expect(data?.map((entry) => entry.name)).toContain(name.split('/')[2]);
    const other = await otherCustomer.client.storage.from(BUCKET).list(`tickets/${ticket}`);
    expect(other.data).toEqual([]);
  });
});
