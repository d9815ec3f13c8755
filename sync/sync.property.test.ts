// Property: whatever the interleaving of offline writes on several engineers' devices,
// disconnects, server restarts, dropped responses and duplicate deliveries, once everyone is back
// online and synced, every mirror equals the server's view for its user, and every mutation was
// applied exactly once on the server or sits in 'needs attention' with a reason. The server is
// the in-memory model in testing/model-server.ts (same rules as the SQL operations and ledger).
import fc from 'fast-check';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { performMutation, type MutationInput } from '../src/data/actions';
import { openLocalDatabase, type ChairsideDatabase } from '../src/data/db';
import { MutationRejected } from '../src/data/local-store';
import { ENTITY_TABLES, SERVER_TABLE, type EntityTable } from '../src/domain/entities';
import type { MutationName, ServiceNotesPatch } from '../src/domain/mutations';
import type { BackendResponse } from './classify';
import { ModelServer } from './testing/model-server';
import { PullError, pullAll } from './pull';
import { BATCH_LIMITS, pushOutbox, type BatchLimits } from './push';
import { fakeAuth } from './testing/fixtures';
import type { Transport } from './transport';
import { isDeleted, toLocalRow } from './wire';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

const uuid = (prefix: number, n: number) =>
  `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const ENGINEERS = [
  { id: uuid(0xe, 1), name: 'Amir Khan' },
  { id: uuid(0xe, 2), name: 'Beth Lowe' },
  { id: uuid(0xe, 3), name: 'Chen Wu' },
];
const CUSTOMER_ID = uuid(0xc, 1);
const PART_IDS = [uuid(0xa, 1), uuid(0xa, 2)];
const ticketId = (i: number) => uuid(0x7, i + 1);

// ---------------------------------------------------------------------------------------------
// Generated scenario
// ---------------------------------------------------------------------------------------------
type Op =
  | { name: 'ticket.take'; ticket: number }
  | {
      name: 'ticket.setStatus';
      ticket: number;
      status: 'OPEN' | 'IN_PROGRESS' | 'RESOLVED' | 'CLOSED';
    }
  | { name: 'ticket.updateServiceNotes'; ticket: number; patch: ServiceNotesPatch }
  | {
      name: 'ticket.addPart';
      ticket: number;
      part: number;
      quantity: number;
      condition: 'NEW' | 'USED';
    }
  | { name: 'ticket.removePart'; ticket: number; line: number }
  | { name: 'ticket.resolve'; ticket: number; resolution: string };

type Step =
  | { kind: 'mutate'; client: number; op: Op }
  | { kind: 'online'; client: number; online: boolean }
  | { kind: 'sync'; client: number }
  | { kind: 'dropNextResponse'; client: number }
  | { kind: 'duplicateNextDelivery'; client: number }
  | { kind: 'restart'; applyInFlight: boolean; downFor: number }
  | { kind: 'wait'; ms: number };

interface Scenario {
  clients: number;
  /** How many mutations one request may carry: small ones make a pass send several batches. */
  batchCount: number;
  /** Per ticket: null (unassigned) or the index of the engineer it is assigned to. */
  tickets: (number | null)[];
  steps: Step[];
}

const pick = fc.nat({ max: 11 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ name: fc.constant('ticket.take' as const), ticket: pick }),
  fc.record({
    name: fc.constant('ticket.setStatus' as const),
    ticket: pick,
    status: fc.constantFrom('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'),
  }),
  fc.record({
    name: fc.constant('ticket.updateServiceNotes' as const),
    ticket: pick,
    patch: fc.record(
      {
        workPerformed: fc.constantFrom('Replaced seal', 'Adjusted valve'),
        timeSpent: fc.nat({ max: 120 }),
        followUpRequired: fc.boolean(),
        conditionReport: fc.record(
          {
            beforeService: fc.constantFrom('Worn', 'Leaking'),
            afterService: fc.constantFrom('Good', 'Fair'),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    name: fc.constant('ticket.addPart' as const),
    ticket: pick,
    part: fc.nat({ max: 1 }),
    quantity: fc.integer({ min: 1, max: 3 }),
    condition: fc.constantFrom('NEW' as const, 'USED' as const),
  }),
  fc.record({ name: fc.constant('ticket.removePart' as const), ticket: pick, line: pick }),
  fc.record({
    name: fc.constant('ticket.resolve' as const),
    ticket: pick,
    resolution: fc.constantFrom('Replaced the pump', '  Tightened the hose  '),
  }),
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.integer({ min: 2, max: 3 }).chain((clients) => {
  const client = fc.nat({ max: clients - 1 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('mutate' as const), client, op: opArb }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('online' as const), client, online: fc.boolean() }),
    },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), client }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('dropNextResponse' as const), client }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('duplicateNextDelivery' as const), client }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('restart' as const),
        applyInFlight: fc.boolean(),
        downFor: fc.nat({ max: 2 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('wait' as const),
        ms: fc.integer({ min: 1, max: 90_000 }),
      }),
    },
  );
  return fc.record({
    clients: fc.constant(clients),
    batchCount: fc.constantFrom(2, 3, BATCH_LIMITS.count),
    tickets: fc.array(fc.option(fc.nat({ max: clients - 1 }), { nil: null }), {
      minLength: 3,
      maxLength: 6,
    }),
    steps: fc.array(step, { maxLength: 16, size: 'max' }),
  });
});

// ---------------------------------------------------------------------------------------------
// A world: the model server and one device per engineer
// ---------------------------------------------------------------------------------------------
const offline: BackendResponse = { status: 0, data: null, error: { message: 'fetch failed' } };
const reset: BackendResponse = { status: 0, data: null, error: { message: 'connection reset' } };
const unavailable: BackendResponse = {
  status: 503,
  data: null,
  error: { message: 'Service Unavailable' },
};

/**
 * Batches the devices sent (so the property is known to cover them), across all runs: with a
 * refusal in them, and sent ahead (while the answers of the device's batch before were still
 * being written to its mirror).
 */
const batches = { sent: 0, withRefusal: 0, sentAhead: 0 };

function countBatch(response: BackendResponse): void {
  const results = (response.data as { results?: object[] } | null)?.results ?? [];
  batches.sent += 1;
  if (results.some((r) => 'error' in r)) batches.withRefusal += 1;
}

interface Device {
  userId: string;
  limits: BatchLimits;
  mirror: ChairsideDatabase;
  transport: Transport;
  net: { online: boolean; dropNextResponse: boolean; duplicateNextDelivery: boolean };
}

interface World {
  server: ModelServer;
  /** A restart: the next request is in flight when it goes down; then `down` requests fail. */
  restart: { pending: { applyInFlight: boolean } | null; down: number };
  devices: Device[];
  mutations: { id: string; client: number }[];
  nextId: number;
}

/** A users row in server (snake_case) form, with nothing but its identity filled in. */
const userWire = (id: string, email: string, name: string, role: string) => ({
  id,
  email,
  name,
  role,
  phone: null,
  address: null,
  profile_picture_url: null,
  practice: null,
  engineer: null,
  deleted_at: null,
});

function createWorld(scenario: Scenario): World {
  const server = new ModelServer();
  server.insert('users', userWire(CUSTOMER_ID, 'clara@example.com', 'Dr Clara Hughes', 'CUSTOMER'));
  for (const engineer of ENGINEERS.slice(0, scenario.clients)) {
    server.insert(
      'users',
      userWire(engineer.id, `${engineer.id}@example.com`, engineer.name, 'ENGINEER'),
    );
  }
  for (const [i, id] of PART_IDS.entries()) {
    server.insert('parts', {
      id,
      name: ['Recline motor', 'Spittoon seal'][i],
      part_code: ['RM-30', 'SS-12'][i],
      model: 'S30',
      diagram_url: null,
      price: [245.5, 12][i],
      stock: 6,
      deleted_at: null,
    });
  }
  for (const [i, assigned] of scenario.tickets.entries()) {
    server.insert('support_tickets', {
      id: ticketId(i),
      title: `Ticket ${i}`,
      description: 'The chair sinks slowly when a patient sits.',
      status: assigned === null ? 'OPEN' : 'IN_PROGRESS',
      priority: 'HIGH',
      customer_user_id: CUSTOMER_ID,
      engineer_user_id: assigned === null ? null : ENGINEERS[assigned]!.id,
      chair_id: null,
      resolution: null,
      service_notes: null,
    });
  }

  const world: World = {
    server,
    restart: { pending: null, down: 0 },
    devices: [],
    mutations: [],
    nextId: 1,
  };
  world.devices = ENGINEERS.slice(0, scenario.clients).map(({ id: userId }) => {
    const net = { online: true, dropNextResponse: false, duplicateNextDelivery: false };
    let lastBatch: string[] = [];
    const transport: Transport = {
      async rpc(fn, params) {
        if (fn === 'ops_batch') {
          const pending = await mirror.outbox.where('status').equals('pending').toArray();
          if (pending.some((e) => lastBatch.includes(e.id))) batches.sentAhead += 1;
          lastBatch = (params.mutations as { mutation_id: string }[]).map((m) => m.mutation_id);
        }
        if (!net.online) return offline;
        if (world.restart.pending) {
          const { applyInFlight } = world.restart.pending;
          world.restart.pending = null;
          if (applyInFlight) server.rpc(userId, fn, params); // committed, answer lost
          return reset;
        }
        if (world.restart.down > 0) {
          world.restart.down -= 1;
          return unavailable;
        }
        let response = server.rpc(userId, fn, params);
        if (fn === 'ops_batch') countBatch(response);
        if (net.duplicateNextDelivery) {
          net.duplicateNextDelivery = false;
          response = server.rpc(userId, fn, params); // the same request arrives twice
        }
        if (net.dropNextResponse) {
          net.dropNextResponse = false;
          return reset;
        }
        return response;
      },
    };
    const mirror = openLocalDatabase(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
    const limits = { ...BATCH_LIMITS, count: scenario.batchCount };
    return { userId, limits, mirror, transport, net };
  });
  return world;
}

/** One push-then-pull pass (pull only when the push did not stop); true when both completed. */
async function sync(d: Device): Promise<boolean> {
  const pushed = await pushOutbox(d.mirror, d.userId, d.transport, fakeAuth(d.userId), d.limits);
  if (pushed.stop) return false;
  try {
    await pullAll(d.mirror, d.transport);
    return true;
  } catch (error) {
    if (!(error instanceof PullError) || error.kind !== 'transient') throw error;
    return false;
  }
}

/** Turns a generated op into mutation input, picking the ticket (and line) from the mirror. */
async function inputFor(
  d: Device,
  op: Op,
  lineId: string,
): Promise<{ name: MutationName; input: unknown } | null> {
  const tickets = (await d.mirror.supportTickets.toArray()).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (tickets.length === 0) return null;
  const ticket = tickets[op.ticket % tickets.length]!;
  const ticketIdArg = ticket.id;
  switch (op.name) {
    case 'ticket.take':
      return { name: op.name, input: { ticketId: ticketIdArg } };
    case 'ticket.setStatus':
      return { name: op.name, input: { ticketId: ticketIdArg, status: op.status } };
    case 'ticket.updateServiceNotes':
      return { name: op.name, input: { ticketId: ticketIdArg, patch: op.patch } };
    case 'ticket.addPart':
      return {
        name: op.name,
        input: {
          ticketId: ticketIdArg,
          lineId,
          partId: PART_IDS[op.part]!,
          quantity: op.quantity,
          condition: op.condition,
        },
      };
    case 'ticket.removePart': {
      const lines = ticket.serviceNotes?.partsUsed ?? [];
      const line = lines.length > 0 ? lines[op.line % lines.length]!.lineId : lineId;
      return { name: op.name, input: { ticketId: ticketIdArg, lineId: line } };
    }
    case 'ticket.resolve':
      return { name: op.name, input: { ticketId: ticketIdArg, resolution: op.resolution } };
  }
}

async function runStep(world: World, step: Step): Promise<void> {
  switch (step.kind) {
    case 'mutate': {
      const d = world.devices[step.client]!;
      const n = world.nextId++;
      const chosen = await inputFor(d, step.op, uuid(0x11, n));
      if (!chosen) return;
      try {
        const entry = await performMutation(
          d.mirror,
          d.userId,
          chosen.name,
          chosen.input as MutationInput<typeof chosen.name>,
          { id: uuid(0x4d, n), now: new Date(world.server.now()) },
        );
        world.mutations.push({ id: entry.id, client: step.client });
      } catch (error) {
        // Refused locally (the mirror already shows it cannot succeed): nothing was queued.
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
      world.restart = { pending: { applyInFlight: step.applyInFlight }, down: step.downFor };
      return;
    case 'wait':
      world.server.advance(step.ms);
      return;
  }
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

async function mirrorView(mirror: ChairsideDatabase): Promise<Record<string, unknown[]>> {
  const view: Record<string, unknown[]> = {};
  for (const table of ENTITY_TABLES) view[table] = (await mirror[table].toArray()).sort(byId);
  return view;
}

function serverView(server: ModelServer, userId: string): Record<string, unknown[]> {
  const all = server.view(userId);
  const view: Record<string, unknown[]> = {};
  for (const table of ENTITY_TABLES) {
    const wire = all[SERVER_TABLE[table] as keyof typeof all];
    view[table] = wire
      .map((row) => toLocalRow(table as EntityTable, row))
      .filter((row) => !isDeleted(row))
      .sort(byId);
  }
  return view;
}

async function runScenario(scenario: Scenario): Promise<void> {
  const world = createWorld(scenario);
  try {
    for (const d of world.devices) await sync(d); // the first full pull
    for (const step of scenario.steps) await runStep(world, step);

    // Everything reconnects: sync until a round where every device completed a pass and no
    // outbox has pending entries (bounded), then one more round for all.
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
      expect(await d.mirror.outbox.where('status').equals('pending').count()).toBe(0);
      expect(await mirrorView(d.mirror), `mirror of ${d.userId}`).toEqual(
        serverView(world.server, d.userId),
      );
    }
    for (const [id, count] of world.server.applications) {
      expect(count, `mutation ${id} applications`).toBeLessThanOrEqual(1);
    }
    for (const { id, client } of world.mutations) {
      const applied = world.server.applications.get(id) ?? 0;
      const entry = await world.devices[client]!.mirror.outbox.get({ id });
      if (applied === 1) {
        expect(entry, `applied mutation ${id} left the outbox`).toBeUndefined();
      } else {
        expect(applied, `mutation ${id} applications`).toBe(0);
        expect(entry?.status, `unapplied mutation ${id} needs attention`).toBe('rejected');
        expect(entry?.rejection?.message ?? '').not.toBe('');
      }
    }
  } finally {
    for (const d of world.devices) d.mirror.close();
  }
}

describe('sync under random interleavings (model server)', () => {
  it("ends with every mirror equal to its user's server view and every mutation applied once or needing attention", async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, runScenario), { numRuns: RUNS });
    expect(batches.sent).toBeGreaterThan(0);
    expect(batches.withRefusal).toBeGreaterThan(0);
    expect(batches.sentAhead).toBeGreaterThan(0);
  }, 600_000);
});
