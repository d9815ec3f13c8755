// Live updates under faults (issue 28): hostile and malformed frames, the per-user connection cap,
// silent sockets, tokens that expire or are refreshed, and a server restart, with supabase-js as
// the client and, end to end, the sync engine itself: a vendor's assignment reaches the engineer's
// mirror with no request of the engineer's own, and after a restart the engine rejoins and pulls
// what it missed.
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { SyncEngine, supabaseAuth, supabaseTransport } from '../../sync';
import { supabaseLive } from '../../sync/supabase-live';
import { callOp, signUpActor, type Actor } from './actors';
import { openDevice } from './devices';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** Waits for a state: 30 s before it says the state has not come (tests/setup/patience.ts). */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

interface Watch {
  channel: RealtimeChannel;
  statuses: string[];
  pokes: number;
}

function watch(client: SupabaseClient, topic: string): Watch {
  const w: Watch = {
    channel: client.channel(topic, { config: { private: true } }),
    statuses: [],
    pokes: 0,
  };
  w.channel.on('broadcast', { event: 'changes' }, () => {
    w.pokes += 1;
  });
  w.channel.subscribe((status) => w.statuses.push(status));
  return w;
}

const newTicket = (customer: Actor) =>
  callOp(customer, 'ticket.create', {
    id: randomUUID(),
    title: 'Headrest squeaks',
    description: 'The headrest squeaks when tilted back.',
    priority: 'NORMAL',
    chairId: null,
  });

describe('hostile frames and limits', () => {
  let running: RunningServer;
  let customer: Actor;

  beforeAll(async () => {
    running = await startServer({ db, realtime: { maxSocketsPerUser: 3 } });
    customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
  });
  afterAll(async () => {
    await customer?.client.removeAllChannels();
    await running?.close();
  });

  it('stays up through 10,000 malformed or hostile frames; a joined client still gets its pokes', async () => {
    const client = createTestClient(running.url);
    await client.auth.signInWithPassword({ email: customer.email, password: 'correct-horse' });
    const mine = watch(client, `user:${customer.id}`);
    await until(() => mine.statuses.includes('SUBSCRIBED'), 'the customer joined');

    const wsUrl = `${running.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`;
    const hostile = (i: number): string | Buffer => {
      switch (i % 10) {
        case 0:
          return 'not json';
        case 1:
          return JSON.stringify({ topic: 'phoenix' });
        case 2:
          return JSON.stringify([null, 'x'.repeat(500), 'phoenix', 'heartbeat', {}]);
        case 3:
          return JSON.stringify([
            null,
            '1',
            `realtime:user:${customer.id}`,
            'phx_join',
            { config: { private: true }, access_token: 'a.b.c' },
          ]);
        case 4:
          return Buffer.from([3, 0, 0, 255, 1, 1, 1]);
        case 5:
          return JSON.stringify([
            null,
            '1',
            `realtime:user:${customer.id}`,
            'broadcast',
            { type: 'broadcast', event: 'changes', payload: { tables: ['users'] } },
          ]);
        case 6:
          return JSON.stringify([
            null,
            '1',
            'realtime:role:ADMIN',
            'phx_join',
            { config: { private: false } },
          ]);
        case 7:
          return JSON.stringify([1, 2, 3, 4, 5]);
        case 8:
          return JSON.stringify([
            null,
            '1',
            'realtime:x',
            'presence',
            { event: 'track', payload: { a: 1 } },
          ]);
        default:
          return '['.repeat(40) + ']'.repeat(40);
      }
    };
    const sockets = 100;
    let sent = 0;
    await Promise.all(
      Array.from({ length: sockets }, async (_, s) => {
        const ws = new WebSocket(wsUrl);
        await new Promise<void>((resolve) => {
          ws.once('open', () => resolve());
          ws.once('error', () => resolve());
        });
        for (let i = 0; i < 100 && ws.readyState === ws.OPEN; i += 1) {
          ws.send(hostile(s * 100 + i));
          sent += 1;
          if (i % 50 === 49) await new Promise((r) => setTimeout(r, 1_050)); // under the rate cap
        }
        ws.close();
      }),
    );
    expect(sent).toBe(10_000);
    const stats = running.realtime?.stats();
    expect(stats?.malformed).toBeGreaterThan(3_000);

    // The server still answers HTTP, and the customer's channel still hears its pokes.
    expect((await fetch(`${running.url}/auth/v1/health`)).status).toBeLessThan(500);
    const before = mine.pokes;
    expect((await newTicket(customer)).error).toBeNull();
    await until(() => mine.pokes > before, 'a poke after the flood');
    // No hostile frame forged a poke: the only pokes are the database's.
    expect(mine.pokes).toBe(before + 1);
    await client.removeAllChannels();
  });

  it('closes a socket that floods frames, and one that stays silent past the heartbeat timeout', async () => {
    const wsUrl = `${running.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`;
    const flood = new WebSocket(wsUrl);
    await new Promise((r) => flood.once('open', r));
    const closed = new Promise<number>((r) => flood.once('close', (code) => r(code)));
    for (let i = 0; i < 150; i += 1) {
      flood.send(JSON.stringify([null, String(i), 'phoenix', 'heartbeat', {}]));
    }
    expect(await closed).toBe(1008);

    const quick = await startServer({ db, realtime: { heartbeatTimeoutMs: 400 } });
    try {
      const silent = new WebSocket(`${quick.url.replace('http', 'ws')}/realtime/v1/websocket`);
      await new Promise((r) => silent.once('open', r));
      const opened = Date.now();
      await new Promise((r) => silent.once('close', r));
      expect(Date.now() - opened).toBeGreaterThanOrEqual(350);
    } finally {
      await quick.close();
    }
  });

  it('caps the sockets one user holds with joined channels', async () => {
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const client = createTestClient(running.url);
        await client.auth.signInWithPassword({ email: customer.email, password: 'correct-horse' });
        return client;
      }),
    );
    const watches: Watch[] = [];
    for (const client of clients.slice(0, 3)) {
      const w = watch(client, `user:${customer.id}`);
      watches.push(w);
      await until(() => w.statuses.includes('SUBSCRIBED'), 'a join within the cap');
    }
    const errors: string[] = [];
    const fourth = clients[3]!.channel(`user:${customer.id}`, { config: { private: true } });
    fourth.subscribe((status, error) => {
      if (status === 'CHANNEL_ERROR') errors.push(error?.message ?? '');
    });
    await until(() => errors.length > 0, 'the fourth socket refused');
    expect(errors[0]).toContain('ConnectionRateLimitReached');
    for (const client of clients) await client.removeAllChannels();
  });
});

describe('tokens', () => {
  it('keeps the channel of a client that refreshes its token; closes the one that lets it expire', async () => {
    // Tokens of 8 s, one refreshed every second: a refresh has 6 s or more to reach the channel
    // before the token it replaces expires, as a busy machine needs (with 3 s tokens refreshed
    // every 1.5 s, a refresh late by half a second closed the refreshed channel too).
    const running = await startServer({ db, auth: { accessTokenTtlSeconds: 8 } });
    try {
      const customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Ines Ford');
      const stale = createTestClient(running.url);
      await stale.auth.signInWithPassword({ email: customer.email, password: 'correct-horse' });
      const fresh = watch(customer.client, `user:${customer.id}`);
      const expiring = watch(stale, `user:${customer.id}`);
      await until(
        () => fresh.statuses.includes('SUBSCRIBED') && expiring.statuses.includes('SUBSCRIBED'),
        'both joined',
      );
      // The fresh client refreshes its token a second after each refresh; the stale one never.
      let refreshing = true;
      const refresher = (async () => {
        while (refreshing) {
          await customer.client.auth.refreshSession();
          await new Promise((r) => setTimeout(r, 1_000));
        }
      })();
      try {
        await until(() => expiring.statuses.includes('CLOSED'), 'the expired channel closed');
        // Two of the server's sweeps (one a second) past the stale token's expiry, which the
        // fresh client's first token (issued before it) shares.
        await new Promise((r) => setTimeout(r, 2_000));
      } finally {
        refreshing = false;
        await refresher;
      }
      expect(fresh.statuses).not.toContain('CLOSED');
      const before = fresh.pokes;
      expect((await newTicket(customer)).error).toBeNull();
      await until(() => fresh.pokes > before, 'a poke on the refreshed channel');
      await customer.client.removeAllChannels();
      await stale.removeAllChannels();
    } finally {
      await running.close();
    }
  });
});

describe('a start', () => {
  it("joins with the stored session's token at once: no join goes out without it and is refused", async () => {
    const running = await startServer({ db });
    try {
      const customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Noor Patel');
      // The browser's storage of a returning user: the session supabase-js stored at sign-in.
      const items = new Map<string, string>();
      const storage = {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      };
      const auth = { persistSession: true, autoRefreshToken: false, storage };
      const before = createClient(running.url, 'local-anon-key', {
        auth,
        realtime: { transport: WebSocket as never },
      });
      await before.auth.signInWithPassword({ email: customer.email, password: 'correct-horse' });
      // The next start's client, whose frames the test reads.
      const sent: string[] = [];
      const received: string[] = [];
      class Recorded extends WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.on('message', (data: Buffer) => received.push(String(data)));
          const send = this.send.bind(this) as (...sendArgs: unknown[]) => void;
          this.send = ((...sendArgs: unknown[]) => {
            sent.push(String(sendArgs[0]));
            send(...sendArgs);
          }) as WebSocket['send'];
        }
      }
      const client = createClient(running.url, 'local-anon-key', {
        auth,
        realtime: { transport: Recorded as never },
      });
      let joined = 0;
      const live = supabaseLive(client, customer.id, 'CUSTOMER').open({
        poke: () => undefined,
        joined: () => (joined += 1),
      });
      try {
        await until(() => joined === 1, 'both topics joined');
        const joins = sent.filter((frame) => frame.includes('"phx_join"'));
        expect(joins).toHaveLength(2);
        for (const join of joins) expect(join).toContain('"access_token"');
        const replies = received.filter((frame) => frame.includes('"phx_reply"'));
        expect(replies.filter((reply) => reply.includes('"status":"error"'))).toEqual([]);
      } finally {
        live.close();
      }
    } finally {
      await running.close();
    }
  });
});

describe('the sync engine over the wire', () => {
  it('brings a vendor’s assignment to the engineer’s mirror; after a restart rejoins and pulls what it missed', async () => {
    let running = await startServer({ db });
    const port = Number(new URL(running.url).port);
    const customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
    const vendor = await signUpActor(running.url, 'VENDOR', 'Vera Stone');
    const engineer = await signUpActor(running.url, 'ENGINEER', 'Amir Khan');
    const device = openDevice(engineer, supabaseTransport(engineer.client), null);
    const requests: string[] = [];
    const transport = supabaseTransport(engineer.client);
    const engine = new SyncEngine({
      db: device.mirror,
      userId: engineer.id,
      transport: {
        rpc(fn, params) {
          requests.push(fn);
          return transport.rpc(fn, params);
        },
      },
      auth: supabaseAuth(engineer.client),
      live: supabaseLive(engineer.client, engineer.id, 'ENGINEER'),
      periodMs: 3_600_000,
    });
    try {
      await engine.start();
      await engine.whenIdle();
      const created = await newTicket(customer);
      const ticketId = (created.data?.support_tickets?.[0] as { id: string }).id;
      // The new, unassigned ticket reaches the engineer through role:ENGINEER's poke.
      await until(
        async () => (await device.mirror.supportTickets.get(ticketId)) !== undefined,
        'the new ticket on the engineer’s tablet',
      );
      expect(
        (await callOp(vendor, 'ticket.assign', { ticketId, engineerUserId: engineer.id })).error,
      ).toBeNull();
      await until(
        async () => (await device.mirror.supportTickets.get(ticketId))?.status === 'IN_PROGRESS',
        'the assignment on the engineer’s tablet',
      );
      expect((await device.mirror.supportTickets.get(ticketId))?.engineerUserId).toBe(engineer.id);

      // The server goes away; meanwhile a ticket is created straight in the database (no socket
      // is there to hear of it). The engine's socket reconnects to the new server on the same
      // port, rejoins, and the join's pull brings the ticket.
      await running.close();
      const missed = randomUUID();
      await db.query(
        `insert into public.support_tickets (id, title, description, priority, customer_user_id, status)
         values ($1, 'Spittoon leaks', 'Water pools under the spittoon bowl daily.', 'HIGH', $2, 'OPEN')`,
        [missed, customer.id],
      );
      running = await startServer({ db, port });
      await until(
        async () => (await device.mirror.supportTickets.get(missed)) !== undefined,
        'the missed ticket after the restart',
      );
      // Every pull came from pokes and joins: the engine's minute timer never ran.
      expect(requests.filter((fn) => fn === 'sync_pull').length).toBeGreaterThanOrEqual(9);
    } finally {
      engine.stop();
      await engineer.client.removeAllChannels();
      await running.close();
    }
  });
});
