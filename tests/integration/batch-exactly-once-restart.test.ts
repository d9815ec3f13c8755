// A batch cut by a server killed mid-request (issue 19): the local server runs as its own process
// (`server/main.ts`, PGlite in a data directory, or DATABASE_URL's PostgreSQL), an engineer's
// device replays a long offline queue in batches, the server is killed with SIGKILL once a batch's
// request is in its hands, before it can answer, and restarted on the same data; the device resumes. Every mutation ends
// applied exactly once or, when the server refused it, in 'needs attention' with its reason, and
// the mirror equals the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performMutation } from '../../src/data/actions';
import { openLocalDatabase } from '../../src/data/db';
import {
  BATCH_LIMITS,
  pullAll,
  pushOutbox,
  supabaseAuth,
  supabaseTransport,
  type BackendResponse,
  type PushResult,
  type Transport,
} from '../../sync';
import { signUpActor } from './actors';
import { mirrorView, serverView } from './devices';
import { createScratchDatabase } from './test-database';

const TICKETS = 360;
const TAKEN_BY_BETH = 24;

let child: ChildProcess | undefined;
let url = '';
let env: Record<string, string> = {};
let cleanup: () => Promise<void> = async () => {};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts server/main.ts on the test's port and data; resolves once it prints its URL. */
function startChild(): Promise<void> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = proc;
  let out = '';
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/running at http:\/\/\S+/.test(out)) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/**
 * Resolves once a request whose path starts with `path` has been sent whole: its body written to
 * the server's socket (fetch's `undici:request:bodySent`; supabase-js uses Node's fetch).
 */
function requestSent(path: string): Promise<void> {
  const SENT = 'undici:request:bodySent';
  return new Promise((resolve) => {
    const onSent = (message: unknown) => {
      if (!(message as { request: { path: string } }).request.path.startsWith(path)) return;
      unsubscribe(SENT, onSent);
      resolve();
    };
    subscribe(SENT, onSent);
  });
}

function stopChild(signal: NodeJS.Signals): Promise<void> {
  const proc = child;
  child = undefined;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'batch-restart-'));
  const databaseUrl = process.env.DATABASE_URL;
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : null;
  env = {
    PORT: String(port),
    DATA_DIR: path.join(dataDir, 'pglite'),
    DATABASE_URL: scratch?.url ?? '',
    DEMO_DATA: '0',
  };
  cleanup = async () => {
    await stopChild('SIGTERM');
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  await startChild();
}, 120_000);

afterAll(async () => {
  await cleanup();
}, 60_000);

describe('a batch cut by a server killed mid-request', () => {
  it('ends with every mutation applied exactly once or in needs attention, after a restart on the same data', async () => {
    const customer = await signUpActor(url, 'CUSTOMER', 'Dr Clara Hughes');
    const amir = await signUpActor(url, 'ENGINEER', 'Amir Khan');
    const beth = await signUpActor(url, 'ENGINEER', 'Beth Lowe');

    // The customer's tickets, sent as one batch of ticket.create.
    const ticketIds = Array.from({ length: TICKETS }, () => randomUUID());
    const created = await customer.client.rpc('ops_batch', {
      mutations: ticketIds.map((id, i) => ({
        fn: 'ticket_create',
        mutation_id: randomUUID(),
        args: {
          id,
          title: `Chair ${i} drifts`,
          description: 'Sinks slowly under load.',
          priority: 'HIGH',
        },
      })),
    });
    expect(created.error).toBeNull();

    // Amir's device sees them all unassigned, then works offline: takes each and writes notes.
    const mirror = openLocalDatabase(amir.id, { indexedDB: new IDBFactory(), IDBKeyRange });
    const real = supabaseTransport(amir.client, 30_000);
    await pullAll(mirror, real);
    expect(await mirror.supportTickets.count()).toBe(TICKETS);
    const queued: string[] = [];
    for (const [i, ticketId] of ticketIds.entries()) {
      queued.push((await performMutation(mirror, amir.id, 'ticket.take', { ticketId })).id);
      if (i % 3 === 0 && i % 10 !== 5) {
        const notes = await performMutation(mirror, amir.id, 'ticket.updateServiceNotes', {
          ticketId,
          patch: { workPerformed: `Visit ${i}`, timeSpent: i % 90 },
        });
        queued.push(notes.id);
      }
    }
    // Meanwhile Beth takes some of them: Amir's takes of those will be refused.
    const bethTakes = ticketIds.slice(0, TAKEN_BY_BETH * 10).filter((_, i) => i % 10 === 5);
    const bethAnswer = await beth.client.rpc('ops_batch', {
      mutations: bethTakes.map((ticketId) => ({
        fn: 'ticket_take',
        mutation_id: randomUUID(),
        args: { ticketId },
      })),
    });
    expect(bethAnswer.error).toBeNull();
    expect(queued.length).toBeGreaterThan(2 * BATCH_LIMITS.count);

    // The second batch is cut: the server is killed as soon as the batch's request has reached
    // it, before it can answer, however fast or slow the machine is (a kill timed at half the
    // first batch's time came after the answer when the second batch ran faster than that).
    let batches = 0;
    let cut: BackendResponse | null = null;
    const transport: Transport = {
      async rpc(fn, params) {
        if (fn !== 'ops_batch') return real.rpc(fn, params);
        batches += 1;
        if (batches !== 2) return real.rpc(fn, params);
        const sent = requestSent('/rest/v1/rpc/ops_batch');
        const inFlight = real.rpc(fn, params);
        await sent;
        await stopChild('SIGKILL');
        cut = await inFlight;
        return cut;
      },
    };
    const auth = supabaseAuth(amir.client);
    const first = await pushOutbox(mirror, amir.id, transport, auth);
    expect(first.stop?.kind).toBe('transient');
    expect(cut).toMatchObject({ status: 0 });
    // Whatever the kill left, the batch was all or nothing: it is one transaction.
    const secondBatch = queued.slice(BATCH_LIMITS.count, 2 * BATCH_LIMITS.count);
    await startChild();
    const appliedOfCut = await Promise.all(
      secondBatch.map(async (id) => {
        const { data } = await amir.client.rpc('mutation_applied', { mutation_id: id });
        return data as boolean;
      }),
    );
    expect(new Set(appliedOfCut).size).toBe(1);

    // Resume until the queue is empty.
    const passes: PushResult[] = [first];
    while (passes.length < 10) {
      const pass = await pushOutbox(mirror, amir.id, transport, auth);
      passes.push(pass);
      if (!pass.stop) break;
    }
    expect(passes.at(-1)?.stop).toBeUndefined();
    expect(await mirror.outbox.where('status').equals('pending').count()).toBe(0);
    await pullAll(mirror, real);

    // Every queued mutation: applied once (in the ledger, out of the outbox), or refused.
    const refused = new Set(bethTakes);
    const rejected = await mirror.outbox.toArray();
    expect(rejected.map((e) => (e.args as { ticketId: string }).ticketId).sort()).toEqual(
      [...refused].sort(),
    );
    for (const entry of rejected) {
      expect(entry).toMatchObject({
        name: 'ticket.take',
        status: 'rejected',
        rejection: {
          errorClass: 'conflict',
          message: 'This ticket has already been taken by Beth Lowe',
        },
      });
    }
    const rejectedIds = new Set(rejected.map((e) => e.id));
    const applied = await Promise.all(
      queued.map(async (id) => {
        const { data } = await amir.client.rpc('mutation_applied', { mutation_id: id });
        return data as boolean;
      }),
    );
    for (const [i, id] of queued.entries()) {
      expect(applied[i], `mutation ${id}`).toBe(!rejectedIds.has(id));
    }
    const accepted = passes.reduce((n, p) => n + p.accepted, 0);
    expect(accepted).toBe(queued.length - rejected.length);
    expect(passes.reduce((n, p) => n + p.rejected, 0)).toBe(rejected.length);
    expect(await mirrorView(mirror)).toEqual(await serverView(amir));
    mirror.close();
  }, 300_000);
});
