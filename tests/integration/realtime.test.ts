// Live updates (issue 28) through the local server's Realtime websocket, with supabase-js itself as
// the client: who may join which private channel (the RLS policies on realtime.messages), the
// pokes the database sends after a commit (table names only, to the topics that can see the
// change), presence on the field-team topic, tokens (expired, forged, refreshed), and a server
// restart.
import { randomUUID } from 'node:crypto';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEMO_JWT_SECRET } from '../../server/auth';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { callOp, signUpActor, type Actor } from './actors';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let customer: Actor;
let otherCustomer: Actor;
let engineer: Actor;
let vendor: Actor;
let admin: Actor;

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  [customer, otherCustomer, engineer, vendor, admin] = await Promise.all([
    signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes'),
    signUpActor(running.url, 'CUSTOMER', 'Dr Omar Reid'),
    signUpActor(running.url, 'ENGINEER', 'Amir Khan'),
    signUpActor(running.url, 'VENDOR', 'Vera Stone'),
    signUpActor(running.url, 'ADMIN', 'Ada Price'),
  ]);
});

afterAll(async () => {
  for (const actor of [customer, otherCustomer, engineer, vendor, admin]) {
    await actor?.client.removeAllChannels();
  }
  await running?.close();
  await db?.close();
});

interface Joined {
  channel: RealtimeChannel;
  status: string;
  error?: string;
  pokes: { tables: string[] }[];
}

/** Joins a private channel with the client's current session; resolves on its first status. */
async function join(client: SupabaseClient, topic: string, presenceKey?: string): Promise<Joined> {
  const channel = client.channel(topic, {
    config: { private: true, ...(presenceKey ? { presence: { key: presenceKey } } : {}) },
  });
  const joined: Joined = { channel, status: 'joining', pokes: [] };
  joined.channel.on('broadcast', { event: 'changes' }, (message) => {
    joined.pokes.push(message.payload as { tables: string[] });
  });
  await new Promise<void>((resolve) => {
    joined.channel.subscribe((status, error) => {
      joined.status = status;
      joined.error = error?.message;
      if (status !== 'CLOSED') resolve();
    });
  });
  return joined;
}

/** Waits for a state: 30 s before it says the state has not come (tests/setup/patience.ts). */
async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const tablesOf = (j: Joined) => new Set(j.pokes.flatMap((p) => p.tables));

describe('who may join which topic (RLS on realtime.messages)', () => {
  it('lets a user join their own topic and their role topic, nobody else’s, as hosted refuses', async () => {
    const own = await join(customer.client, `user:${customer.id}`);
    expect(own.status).toBe('SUBSCRIBED');
    const role = await join(customer.client, 'role:CUSTOMER');
    expect(role.status).toBe('SUBSCRIBED');

    const other = await join(customer.client, `user:${otherCustomer.id}`);
    expect(other.status).toBe('CHANNEL_ERROR');
    expect(other.error).toContain(
      `Unauthorized: You do not have permissions to read from this Channel topic: user:${otherCustomer.id}`,
    );
    for (const topic of ['role:ADMIN', 'role:VENDOR', 'role:ENGINEER', 'field-team']) {
      const refused = await join(customer.client, topic);
      expect(refused.status, topic).toBe('CHANNEL_ERROR');
      expect(refused.error, topic).toContain('Unauthorized');
    }
    const engineerOnVendors = await join(engineer.client, 'role:VENDOR');
    expect(engineerOnVendors.status).toBe('CHANNEL_ERROR');
    await customer.client.removeAllChannels();
    await engineer.client.removeAllChannels();
  });

  it('refuses a signed-out client, a public channel, an expired and a forged token', async () => {
    const anon = createTestClient(running.url);
    const signedOut = await join(anon, `user:${customer.id}`);
    expect(signedOut.status).toBe('CHANNEL_ERROR');
    expect(signedOut.error).toContain('Unauthorized');

    const token = async (secret: string, exp: number) =>
      new SignJWT({ role: 'authenticated', aud: 'authenticated', email: customer.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(customer.id)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const expired = createTestClient(running.url);
    await expired.realtime.setAuth(await token(LOCAL_DEMO_JWT_SECRET, now - 10));
    const refusedExpired = await join(expired, `user:${customer.id}`);
    expect(refusedExpired.status).toBe('CHANNEL_ERROR');
    expect(refusedExpired.error).toContain('InvalidJWTToken: Token has expired');

    const forged = createTestClient(running.url);
    await forged.realtime.setAuth(
      await token('not-the-server-secret-not-the-server-secret', now + 600),
    );
    const refusedForged = await join(forged, `user:${customer.id}`);
    expect(refusedForged.status).toBe('CHANNEL_ERROR');
    expect(refusedForged.error).toContain('InvalidJWTToken: Invalid token');

    const publicChannel = customer.client.channel(`user:${customer.id}`);
    const publicStatus = await new Promise<string>((resolve) =>
      publicChannel.subscribe((status, error) => {
        if (status !== 'CLOSED') resolve(`${status} ${error?.message ?? ''}`);
      }),
    );
    expect(publicStatus).toContain('PrivateOnly');
    for (const client of [anon, expired, forged]) await client.removeAllChannels();
    await customer.client.removeAllChannels();
  });
});

describe('pokes after a commit', () => {
  it('tells the customer, vendors, admins and engineers of a new ticket; never the other customer', async () => {
    const mine = await join(customer.client, `user:${customer.id}`);
    const theirs = await join(otherCustomer.client, `user:${otherCustomer.id}`);
    const vendors = await join(vendor.client, 'role:VENDOR');
    const admins = await join(admin.client, 'role:ADMIN');
    const engineers = await join(engineer.client, 'role:ENGINEER');
    const ownEngineer = await join(engineer.client, `user:${engineer.id}`);
    for (const j of [mine, theirs, vendors, admins, engineers, ownEngineer]) {
      expect(j.status).toBe('SUBSCRIBED');
    }

    const ticketId = randomUUID();
    const created = await callOp(customer, 'ticket.create', {
      id: ticketId,
      title: 'Chair drifts down',
      description: 'The chair sinks slowly when a patient sits.',
      priority: 'HIGH',
      chairId: null,
    });
    expect(created.error).toBeNull();
    await until(
      () => [mine, vendors, admins, engineers].every((j) => tablesOf(j).has('support_tickets')),
      'the pokes of a new ticket',
    );
    // A poke names tables, never a row's contents.
    expect(JSON.stringify(mine.pokes)).not.toContain(ticketId);
    expect(JSON.stringify(mine.pokes)).not.toContain('drifts');

    // The vendor assigns it: the engineer hears on their own topic, the customer on theirs (the
    // engineer's card comes with the users table).
    mine.pokes.length = 0;
    ownEngineer.pokes.length = 0;
    const assigned = await callOp(vendor, 'ticket.assign', {
      ticketId,
      engineerUserId: engineer.id,
    });
    expect(assigned.error).toBeNull();
    await until(() => tablesOf(ownEngineer).has('support_tickets'), 'the engineer’s poke');
    await until(
      () => tablesOf(mine).has('support_tickets') && tablesOf(mine).has('users'),
      'the customer’s poke with the engineer’s card',
    );
    // A write that is refused changes nothing and pokes no one.
    const pokesBefore = mine.pokes.length;
    const refused = await callOp(otherCustomer, 'ticket.create', {
      id: randomUUID(),
      title: '',
      description: 'short',
      priority: 'HIGH',
      chairId: null,
    });
    expect(refused.error).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.pokes.length).toBe(pokesBefore);
    // Nothing of the first customer's ticket reached the second customer's socket.
    expect(theirs.pokes).toEqual([]);

    for (const actor of [customer, otherCustomer, vendor, admin, engineer]) {
      await actor.client.removeAllChannels();
    }
  });
});

describe('presence on the field-team topic', () => {
  it('shows vendors which engineers are online; engineers say so but read no one else', async () => {
    const watching = await join(vendor.client, 'field-team');
    expect(watching.status).toBe('SUBSCRIBED');
    const online = await join(engineer.client, 'field-team', engineer.id);
    expect(online.status).toBe('SUBSCRIBED');
    expect(await online.channel.track({ name: engineer.name })).toBe('ok');
    await until(
      () => Object.keys(watching.channel.presenceState()).includes(engineer.id),
      'the engineer in the vendor’s presence state',
    );
    expect(watching.channel.presenceState()[engineer.id]?.[0]).toMatchObject({
      name: engineer.name,
    });
    // The engineer cannot read who else is online.
    expect(online.channel.presenceState()).toEqual({});
    // A vendor may watch but not claim to be online there.
    expect(await watching.channel.track({ name: 'not an engineer' })).toBe('error');

    await engineer.client.removeAllChannels();
    await until(
      () => !Object.keys(watching.channel.presenceState()).includes(engineer.id),
      'the engineer gone from the vendor’s presence state',
    );
    await vendor.client.removeAllChannels();
  });
});
