// Property against the real local server: random interleavings of offline writes on two
// engineers' devices (a queue of several goes in batches), disconnects, real server restarts (the
// same database, the same port), dropped responses, duplicate deliveries, and the departure log
// forgetting everything so far (as after a device's months away: its next pull starts the tables
// over). Once everyone is back online and synced, every mirror equals what supabase-js shows that
// user, and every mutation id is in the server's ledger exactly when it left the outbox; the
// others sit in 'needs attention' with the server's reason.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation, type MutationInput } from '../../src/data/actions';
import { MutationRejected } from '../../src/data/local-store';
import type { MutationName } from '../../src/domain/mutations';
import {
  PullError,
  pullAll,
  supabaseTransport,
  type BackendResponse,
  type Transport,
} from '../../sync';
import { signUpActor, type Actor } from './actors';
import {
  mirrorView,
  openDevice,
  pushDeviceOutbox,
  serverView,
  type Device as DeviceOf,
} from './devices';
import { openTestDatabase } from './test-database';

const RUNS = Number(process.env.PROPERTY_RUNS_REAL ?? 15);

type Op =
  | { name: 'ticket.take'; ticket: number }
  | { name: 'ticket.setStatus'; ticket: number; status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' }
  | { name: 'ticket.updateServiceNotes'; ticket: number; timeSpent: number }
  | { name: 'ticket.addPart'; ticket: number; part: number }
  | { name: 'ticket.removePart'; ticket: number; line: number }
  | { name: 'ticket.resolve'; ticket: number };

type Step =
  | { kind: 'mutate'; client: number; op: Op }
  | { kind: 'online'; client: number; online: boolean }
  | { kind: 'sync'; client: number }
  | { kind: 'dropNextResponse'; client: number }
  | { kind: 'duplicateNextDelivery'; client: number }
  /** now: restart between requests; afterApply: the next request commits, then the server
   * restarts before answering; midFlight: the server restarts while the next request runs. */
  | { kind: 'restart'; mode: 'now' | 'afterApply' | 'midFlight' }
  /** The departure log is pruned up to now, so every device's next pull is a resync. */
  | { kind: 'forgetDepartures' };

interface Scenario {
  tickets: (number | null)[];
  steps: Step[];
}

const CLIENTS = 2;
const pick = fc.nat({ max: 7 });
const client = fc.nat({ max: CLIENTS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ name: fc.constant('ticket.take' as const), ticket: pick }),
  fc.record({
    name: fc.constant('ticket.setStatus' as const),
    ticket: pick,
    status: fc.constantFrom('OPEN' as const, 'IN_PROGRESS' as const, 'CLOSED' as const),
  }),
  fc.record({
    name: fc.constant('ticket.updateServiceNotes' as const),
    ticket: pick,
    timeSpent: fc.nat({ max: 90 }),
  }),
  fc.record({
    name: fc.constant('ticket.addPart' as const),
    ticket: pick,
    part: fc.nat({ max: 1 }),
  }),
  fc.record({ name: fc.constant('ticket.removePart' as const), ticket: pick, line: pick }),
  fc.record({ name: fc.constant('ticket.resolve' as const), ticket: pick }),
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('mutate' as const), client, op: opArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('online' as const), client, online: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropNextResponse' as const), client }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('duplicateNextDelivery' as const), client }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('restart' as const),
      mode: fc.constantFrom('now' as const, 'afterApply' as const, 'midFlight' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('forgetDepartures' as const) }) },
);
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  tickets: fc.array(fc.option(fc.nat({ max: CLIENTS - 1 }), { nil: null }), {
    minLength: 3,
    maxLength: 4,
  }),
  steps: fc.array(stepArb, { maxLength: 12, size: 'max' }),
});

// ---------------------------------------------------------------------------------------------
// The server (restartable on one port) and the devices
// ---------------------------------------------------------------------------------------------
let db: Database;
let running: RunningServer;
let port: number;
const partIds = [crypto.randomUUID(), crypto.randomUUID()];
let customerId: string;
let actors: Actor[];

async function restartServer(): Promise<void> {
  const closing = running.close();
  running.server.closeAllConnections(); // in-flight answers are lost, keep-alives reset
  await closing;
  running = await startServer({ db, port });
}

const offline: BackendResponse = { status: 0, data: null, error: { message: 'fetch failed' } };
const reset: BackendResponse = { status: 0, data: null, error: { message: 'connection reset' } };

type Net = { online: boolean; dropNextResponse: boolean; duplicateNextDelivery: boolean };
type Device = DeviceOf<Net>;

interface World {
  devices: Device[];
  restart: 'afterApply' | 'midFlight' | null;
  ticketIds: string[];
  mutations: { id: string; client: number }[];
}

/** Requests to public.ops_batch across all runs. */
let batchesSent = 0;

function device(world: World, actor: Actor): Device {
  const net = { online: true, dropNextResponse: false, duplicateNextDelivery: false };
  const real = supabaseTransport(actor.client, 10_000);
  const transport: Transport = {
    async rpc(fn, params) {
      if (!net.online) return offline;
      if (fn === 'ops_batch') batchesSent += 1;
      if (world.restart === 'afterApply') {
        world.restart = null;
        await real.rpc(fn, params); // committed; the answer never leaves the old process
        await restartServer();
        return reset;
      }
      if (world.restart === 'midFlight') {
        world.restart = null;
        const inFlight = real.rpc(fn, params);
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 4)));
        await restartServer();
        return inFlight; // answered before the restart, or lost (status 0)
      }
      let response: BackendResponse;
      if (net.duplicateNextDelivery) {
        net.duplicateNextDelivery = false;
        // The same request arrives twice, concurrently: the ledger serialises them.
        const [, second] = await Promise.all([real.rpc(fn, params), real.rpc(fn, params)]);
        response = second;
      } else response = await real.rpc(fn, params);
      if (net.dropNextResponse) {
        net.dropNextResponse = false;
        return reset;
      }
      return response;
    },
  };
  return openDevice(actor, transport, net);
}

async function sync(d: Device): Promise<boolean> {
  const pushed = await pushDeviceOutbox(d);
  if (pushed.stop) return false;
  try {
    await pullAll(d.mirror, d.transport);
    return true;
  } catch (error) {
    if (!(error instanceof PullError) || error.kind !== 'transient') throw error;
    return false;
  }
}

async function inputFor(
  world: World,
  d: Device,
  op: Op,
): Promise<{ name: MutationName; input: unknown } | null> {
  const mine = new Set(world.ticketIds);
  const tickets = (await d.mirror.supportTickets.toArray())
    .filter((t) => mine.has(t.id))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  if (tickets.length === 0) return null;
  const ticket = tickets[op.ticket % tickets.length]!;
  const ticketId = ticket.id;
  switch (op.name) {
    case 'ticket.take':
      return { name: op.name, input: { ticketId } };
    case 'ticket.setStatus':
      return { name: op.name, input: { ticketId, status: op.status } };
    case 'ticket.updateServiceNotes':
      return { name: op.name, input: { ticketId, patch: { timeSpent: op.timeSpent } } };
    case 'ticket.addPart':
      return {
        name: op.name,
        input: {
          ticketId,
          lineId: crypto.randomUUID(),
          partId: partIds[op.part]!,
          quantity: 1,
          condition: 'NEW',
        },
      };
    case 'ticket.removePart': {
      const lines = ticket.serviceNotes?.partsUsed ?? [];
      const lineId = lines.length > 0 ? lines[op.line % lines.length]!.lineId : crypto.randomUUID();
      return { name: op.name, input: { ticketId, lineId } };
    }
    case 'ticket.resolve':
      return { name: op.name, input: { ticketId, resolution: 'Replaced the seal' } };
  }
}

async function runStep(world: World, step: Step): Promise<void> {
  switch (step.kind) {
    case 'mutate': {
      const d = world.devices[step.client]!;
      const chosen = await inputFor(world, d, step.op);
      if (!chosen) return;
      try {
        const entry = await performMutation(
          d.mirror,
          d.actor.id,
          chosen.name,
          chosen.input as MutationInput<typeof chosen.name>,
        );
        world.mutations.push({ id: entry.id, client: step.client });
      } catch (error) {
        if (!(error instanceof MutationRejected) && !(error instanceof z.ZodError)) throw error;
      }
      return;
    }
    case 'online':
      world.devices[step.client]!.net.online = step.online;
      return;
    case 'sync':
      await sync(world.devices[step.client]!);
      return;
    case 'dropNextResponse':
      world.devices[step.client]!.net.dropNextResponse = true;
      return;
    case 'duplicateNextDelivery':
      world.devices[step.client]!.net.duplicateNextDelivery = true;
      return;
    case 'restart':
      if (step.mode === 'now') await restartServer();
      else world.restart = step.mode;
      return;
    case 'forgetDepartures':
      await db.query(`select private.prune_sync_departures(interval '0 seconds')`);
      return;
  }
}

async function runScenario(scenario: Scenario): Promise<void> {
  const world: World = { devices: [], restart: null, ticketIds: [], mutations: [] };
  world.devices = actors.map((actor) => device(world, actor));
  try {
    for (const assigned of scenario.tickets) {
      const id = crypto.randomUUID();
      world.ticketIds.push(id);
      await db.query(
        `insert into public.support_tickets (id, title, description, priority, customer_user_id, engineer_user_id, status)
         values ($1, 'Chair drifts down', 'The chair sinks slowly when a patient sits.', 'HIGH', $2, $3, $4)`,
        [
          id,
          customerId,
          assigned === null ? null : actors[assigned]!.id,
          assigned === null ? 'OPEN' : 'IN_PROGRESS',
        ],
      );
    }
    for (const d of world.devices) await sync(d); // the first full pull
    for (const step of scenario.steps) await runStep(world, step);

    for (const d of world.devices) d.net.online = true;
    let settled = false;
    for (let round = 0; round < 10 && !settled; round += 1) {
      settled = true;
      for (const d of world.devices) {
        if (!(await sync(d))) settled = false;
        if ((await d.mirror.outbox.where('status').equals('pending').count()) > 0) settled = false;
      }
    }
    expect(settled, 'every device synced with an empty queue').toBe(true);
    for (const d of world.devices) expect(await sync(d), 'the final pass completes').toBe(true);

    for (const d of world.devices) {
      expect(await mirrorView(d.mirror), `mirror of ${d.actor.name}`).toEqual(
        await serverView(d.actor),
      );
    }
    const ids = world.mutations.map((m) => m.id);
    const applied = new Set(
      (
        await db.query<{ id: string }>(
          `select id from public.applied_mutations where id = any($1::uuid[])`,
          [ids],
        )
      ).rows.map((r) => r.id),
    );
    for (const { id, client: index } of world.mutations) {
      const entry = await world.devices[index]!.mirror.outbox.get({ id });
      if (applied.has(id)) {
        expect(entry, `applied mutation ${id} left the outbox`).toBeUndefined();
      } else {
        expect(entry?.status, `unapplied mutation ${id} needs attention`).toBe('rejected');
        expect(entry?.rejection?.message ?? '').not.toBe('');
      }
    }
  } finally {
    for (const d of world.devices) d.mirror.close();
  }
}

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  port = Number(new URL(running.url).port);
  const customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
  customerId = customer.id;
  // The same two engineers in every run; each run has fresh tickets and fresh mirrors.
  actors = [
    await signUpActor(running.url, 'ENGINEER', 'Amir Khan'),
    await signUpActor(running.url, 'ENGINEER', 'Beth Lowe'),
  ];
  await db.query(
    `insert into public.parts (id, name, part_code, price, stock) values
       ($1, 'Recline motor', 'RM-30', 245.5, 6), ($2, 'Spittoon seal', 'SS-12', 12, 9)`,
    partIds,
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('sync under random interleavings (real server)', () => {
  it("ends with every mirror equal to its user's server view and every mutation applied once or needing attention", async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, runScenario), { numRuns: RUNS });
    // Queues of several changes went in batches (public.ops_batch), cut by the same faults.
    expect(batchesSent).toBeGreaterThan(0);
  }, 300_000);
});
