// public.ops_batch against the real local server (issue 19): one request carries many queued
// mutations, and each is still applied at most once, in order, with its own ledger entry and its
// own outcome; a refusal does not stop the rest; a replayed batch is answered from the ledger; and
// a batch can do nothing its caller could not do one request at a time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { rpcName, type MutationName } from '../../src/domain/mutations';
import { performMutation } from '../../src/data/actions';
import { pullAll, supabaseTransport, type Transport } from '../../sync';
import { callOp, signUpActor, type Actor } from './actors';
import { openDevice, pushDeviceOutbox } from './devices';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let customer: Actor;
let amir: Actor;
let beth: Actor;

interface Item {
  fn: string;
  mutation_id: string;
  args: unknown;
}

const item = (name: MutationName, args: unknown, id: string = randomUUID()): Item => ({
  fn: rpcName(name),
  mutation_id: id,
  args,
});

interface BatchAnswer {
  status: number;
  data: { results: ({ data: unknown } | { error: Record<string, unknown> })[] } | null;
  error: { code: string; message: string } | null;
}

async function batch(actor: Actor, mutations: unknown): Promise<BatchAnswer> {
  const { data, error, status } = await actor.client.rpc('ops_batch', { mutations });
  return {
    status,
    data: data as BatchAnswer['data'],
    error: error ? { code: error.code, message: error.message } : null,
  };
}

async function ticket(engineer: Actor | null = null): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.support_tickets
       (id, title, description, status, priority, customer_user_id, engineer_user_id)
     values ($1, 'Chair will not rise', 'The base pump hums but nothing moves', $2, 'HIGH', $3, $4)`,
    [id, engineer ? 'IN_PROGRESS' : 'OPEN', customer.id, engineer?.id ?? null],
  );
  return id;
}

async function ledger(ids: string[]): Promise<{ id: string; user_id: string; name: string }[]> {
  const { rows } = await db.query<{ id: string; user_id: string; name: string }>(
    `select id, user_id, name from public.applied_mutations
      where id = any($1::uuid[]) and result is not null order by id`,
    [ids],
  );
  return rows;
}

async function row(id: string): Promise<Record<string, unknown>> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select to_jsonb(t) as row from public.support_tickets t where id = $1`,
    [id],
  );
  return (rows[0] as { row: Record<string, unknown> }).row;
}

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
  amir = await signUpActor(running.url, 'ENGINEER', 'Amir Khan');
  beth = await signUpActor(running.url, 'ENGINEER', 'Beth Lowe');
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('a batch of mutations', () => {
  it('applies each once, in order, with its own ledger entry and outcome; a refusal stops nothing', async () => {
    const [first, betsTicket, third] = [await ticket(), await ticket(beth), await ticket()];
    const mutations = [
      item('ticket.take', { ticketId: first }),
      // Only after the take above does Amir hold the ticket: order matters.
      item('ticket.setStatus', { ticketId: first, status: 'RESOLVED' }),
      item('ticket.setStatus', { ticketId: betsTicket, status: 'CLOSED' }),
      item('ticket.updateServiceNotes', { ticketId: third, patch: { timeSpent: 45 } }),
    ];
    const answer = await batch(amir, mutations);
    expect(answer.error).toBeNull();
    const results = answer.data!.results;
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({
      data: { support_tickets: [{ id: first, engineer_user_id: amir.id, status: 'IN_PROGRESS' }] },
    });
    expect(results[1]).toMatchObject({
      data: { support_tickets: [{ id: first, status: 'RESOLVED' }] },
    });
    expect(results[2]).toEqual({
      error: {
        code: 'PT403',
        message: 'Only the assigned engineer can change the status',
        details: 'forbidden',
      },
    });
    expect(results[3]).toMatchObject({
      data: { support_tickets: [{ id: third, service_notes: { timeSpent: 45 } }] },
    });
    // The refused one is not applied and not recorded; the others are, each under its own name.
    expect(await row(betsTicket)).toMatchObject({ status: 'IN_PROGRESS' });
    const applied = [mutations[0]!, mutations[1]!, mutations[3]!];
    expect(await ledger(mutations.map((m) => m.mutation_id))).toEqual(
      applied
        .map((m, i) => ({
          id: m.mutation_id,
          user_id: amir.id,
          name: ['ticket.take', 'ticket.setStatus', 'ticket.updateServiceNotes'][i],
        }))
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    );

    // The whole batch again (its answer was lost): the applied ones answer from the ledger and
    // change nothing; the refused one is asked again and refused again.
    const before = [await row(first), await row(third)];
    const again = await batch(amir, mutations);
    expect(again.data!.results).toEqual(results);
    expect([await row(first), await row(third)]).toEqual(before);
    // One by one, each id answers what the batch answered.
    const alone = await callOp(amir, 'ticket.take', { ticketId: first }, mutations[0]!.mutation_id);
    expect(alone.data).toEqual((results[0] as { data: unknown }).data);
  });

  it('records each result in the ledger as answered, and answers an id sent twice in one batch as one by one', async () => {
    const [mine, other] = [await ticket(amir), await ticket(amir)];
    const notes = (text: string, id?: string) =>
      item('ticket.updateServiceNotes', { ticketId: mine, patch: { workPerformed: text } }, id);
    const first = notes('First visit');
    // A refused id, then the same id with args that pass: applied the second time, as it would
    // be one request after another (a refusal records nothing).
    const refused = item('ticket.setStatus', { ticketId: other, status: 'NOT_A_STATUS' });
    const retried = item(
      'ticket.setStatus',
      { ticketId: other, status: 'RESOLVED' },
      refused.mutation_id,
    );
    const batchOf = [
      first,
      notes('Second visit'),
      refused,
      notes('Changed mind', first.mutation_id),
      retried,
    ];
    const answer = await batch(amir, batchOf);
    const results = answer.data!.results;
    const alone = await callOp(
      amir,
      'ticket.updateServiceNotes',
      { ticketId: mine, patch: { workPerformed: 'Changed mind' } },
      first.mutation_id,
    );
    // The same id later in the batch: the first answer, changing nothing.
    expect(results[3]).toEqual(results[0]);
    expect(alone.data).toEqual((results[0] as { data: unknown }).data);
    expect(await row(mine)).toMatchObject({ service_notes: { workPerformed: 'Second visit' } });
    expect(results[2]).toMatchObject({ error: { details: 'validation' } });
    expect(results[4]).toMatchObject({
      data: { support_tickets: [{ id: other, status: 'RESOLVED' }] },
    });
    // Each applied id stands once in the ledger, holding the answer the batch gave.
    const { rows } = await db.query<{ id: string; result: unknown }>(
      `select id, result from public.applied_mutations where id = any($1::uuid[])`,
      [batchOf.map((m) => m.mutation_id)],
    );
    const answered = new Map<string, unknown>();
    for (const [i, m] of batchOf.entries()) {
      const r = results[i];
      if (r && 'data' in r && !answered.has(m.mutation_id)) answered.set(m.mutation_id, r.data);
    }
    expect(new Map(rows.map((r) => [r.id, r.result]))).toEqual(answered);
  });

  it("refuses a mutation id that another user applied, without revealing that user's result", async () => {
    const bethsTicket = await ticket(beth);
    const bethsId = randomUUID();
    const bethOutcome = await callOp(
      beth,
      'ticket.updateServiceNotes',
      { ticketId: bethsTicket, patch: { workPerformed: 'Replaced the seal' } },
      bethsId,
    );
    expect(bethOutcome.error).toBeNull();
    const mine = await ticket(amir);
    const answer = await batch(amir, [
      item('ticket.updateServiceNotes', { ticketId: mine, patch: { timeSpent: 5 } }, bethsId),
      item('ticket.updateServiceNotes', { ticketId: mine, patch: { timeSpent: 10 } }),
    ]);
    const alone = await callOp(amir, 'ticket.take', { ticketId: mine }, bethsId);
    expect(answer.data!.results[0]).toEqual({
      error: {
        code: 'PT409',
        message: 'This change was already submitted by another user',
        details: 'conflict',
      },
    });
    expect(alone.error?.message).toBe('This change was already submitted by another user');
    expect(answer.data!.results[1]).toMatchObject({
      data: { support_tickets: [{ id: mine, service_notes: { timeSpent: 10 } }] },
    });
    expect(await ledger([bethsId])).toEqual([
      { id: bethsId, user_id: beth.id, name: 'ticket.updateServiceNotes' },
    ]);
  });

  it('lets a caller do nothing in a batch that they could not do one by one', async () => {
    const open = await ticket();
    const bethsTicket = await ticket(beth);
    const take = item('ticket.take', { ticketId: open });
    const assign = item('ticket.assign', { ticketId: bethsTicket, engineerUserId: amir.id });
    const answer = await batch(customer, [take, assign]);
    const one = [
      await callOp(customer, 'ticket.take', { ticketId: open }),
      await callOp(customer, 'ticket.assign', { ticketId: bethsTicket, engineerUserId: amir.id }),
    ];
    expect(answer.data!.results).toEqual(
      one.map((o) => ({ error: { ...o.error, details: 'forbidden' } })),
    );
    expect(one.map((o) => o.status)).toEqual([403, 403]);
    expect(await row(open)).toMatchObject({ engineer_user_id: null, status: 'OPEN' });
    expect(await row(bethsTicket)).toMatchObject({ engineer_user_id: beth.id });
    expect(await ledger([take.mutation_id, assign.mutation_id])).toEqual([]);
  });

  it('runs only guarded operations the caller may call: any other name is not found', async () => {
    const names = [
      'mutation_begin',
      'mutation_finish',
      'app_error',
      'ops_arg_object',
      'sync_rows',
      'ops_batch',
      'current_user_role',
      'ticket_take(null, null); select 1',
      'private.ticket_notes_object',
      'no_such_operation',
    ];
    const mine = await ticket(amir);
    const answer = await batch(amir, [
      ...names.map((fn) => ({ fn, mutation_id: randomUUID(), args: { ticketId: mine } })),
      { mutation_id: randomUUID(), args: {} },
      'ticket_take',
    ]);
    expect(answer.error).toBeNull();
    expect(answer.data!.results).toEqual(
      [...names, '', ''].map((fn) => ({
        error: {
          code: 'PGRST202',
          message: `Could not find the function public.${fn} in the schema cache`,
          details: 'not_found',
        },
      })),
    );
    // Each of those names answers 404 one by one too.
    for (const fn of names.slice(0, 4)) {
      const { status } = await amir.client.rpc(fn, { mutation_id: randomUUID(), args: {} });
      expect(status, fn).toBe(404);
    }
  });

  it('serves a name again later in the batch, and refuses an unknown one every time', async () => {
    const mine = await ticket(amir);
    const notes = (text: string) =>
      item('ticket.updateServiceNotes', { ticketId: mine, patch: { workPerformed: text } });
    const unknown = { fn: 'no_such_operation', mutation_id: randomUUID(), args: {} };
    const first = notes('First visit');
    const second = notes('Second visit');
    const answer = await batch(amir, [
      first,
      unknown,
      second,
      { ...unknown, mutation_id: randomUUID() },
    ]);
    const results = answer.data!.results;
    const notFound = {
      error: {
        code: 'PGRST202',
        message: 'Could not find the function public.no_such_operation in the schema cache',
        details: 'not_found',
      },
    };
    expect(results[1]).toEqual(notFound);
    expect(results[3]).toEqual(notFound);
    expect(results[0]).toMatchObject({
      data: { support_tickets: [{ id: mine, service_notes: { workPerformed: 'First visit' } }] },
    });
    expect(results[2]).toMatchObject({
      data: { support_tickets: [{ id: mine, service_notes: { workPerformed: 'Second visit' } }] },
    });
    expect((await ledger([first.mutation_id, second.mutation_id])).map((r) => r.id)).toEqual(
      [first.mutation_id, second.mutation_id].sort(),
    );
    expect(await row(mine)).toMatchObject({ service_notes: { workPerformed: 'Second visit' } });
  });

  it('answers a malformed batch and a stranger with the same errors as any request', async () => {
    const notList = await batch(amir, { fn: 'ticket_take' });
    expect(notList).toMatchObject({
      status: 400,
      error: { code: 'PT400', message: 'A batch must be a list of changes' },
    });
    const tooMany = await batch(
      amir,
      Array.from({ length: 501 }, () => item('ticket.take', { ticketId: randomUUID() })),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      error: { code: 'PT400', message: 'A batch holds at most 500 changes' },
    });
    const anon = createTestClient(running.url);
    const { status } = await anon.rpc('ops_batch', {
      mutations: [item('ticket.take', { ticketId: randomUUID() })],
    });
    expect(status).toBe(401);
  });

  it('aborts the whole batch on an error that is not a refusal, applying nothing of it', async () => {
    // A function of the guarded-operation shape that fails the way a bug does (this test's
    // database only).
    await db.query(`create function public.batch_test_explode(mutation_id uuid, args jsonb)
      returns jsonb language plpgsql as $$ begin raise exception 'boom' using errcode = 'XX000'; end $$`);
    await db.query(
      `grant execute on function public.batch_test_explode(uuid, jsonb) to authenticated`,
    );
    const mine = await ticket(amir);
    const first = item('ticket.updateServiceNotes', { ticketId: mine, patch: { timeSpent: 1 } });
    const before = await row(mine);
    const refusedOnly = await batch(amir, [
      first,
      { fn: 'ticket_take', mutation_id: 'not-a-uuid', args: { ticketId: mine } },
    ]);
    // A malformed id is refused as one by one (22P02, a validation error), and stops nothing.
    expect(refusedOnly.data!.results[1]).toMatchObject({ error: { code: '22P02' } });
    expect(await ledger([first.mutation_id])).toHaveLength(1);

    const second = item('ticket.updateServiceNotes', { ticketId: mine, patch: { timeSpent: 2 } });
    const afterFirst = await row(mine);
    const answer = await batch(amir, [
      second,
      { fn: 'batch_test_explode', mutation_id: randomUUID(), args: {} },
    ]);
    expect(answer).toMatchObject({
      status: 500,
      data: null,
      error: { code: 'XX000', message: 'boom' },
    });
    expect(await ledger([second.mutation_id])).toEqual([]);
    expect(await row(mine)).toEqual(afterFirst);
    expect(afterFirst).not.toEqual(before);
  });

  it('is replayed one request per mutation by pushOutbox when the server has no batch operation', async () => {
    const mine = [await ticket(amir), await ticket(amir), await ticket(amir)];
    const requests: string[] = [];
    const real = supabaseTransport(amir.client);
    const transport: Transport = {
      rpc: (fn, params) => {
        requests.push(fn);
        return real.rpc(fn, params);
      },
    };
    const device = openDevice(amir, transport, {});
    await pullAll(device.mirror, transport);
    const ids = [];
    for (const ticketId of mine) {
      const entry = await performMutation(device.mirror, amir.id, 'ticket.updateServiceNotes', {
        ticketId,
        patch: { followUpRequired: true },
      });
      ids.push(entry.id);
    }
    // An older server: no ops_batch among the functions it serves.
    await db.query(`revoke execute on function public.ops_batch(jsonb) from authenticated`);
    try {
      requests.length = 0;
      expect(await pushDeviceOutbox(device)).toEqual({ accepted: 3, rejected: 0 });
    } finally {
      await db.query(`grant execute on function public.ops_batch(jsonb) to authenticated`);
    }
    expect(requests).toEqual(['ops_batch', ...mine.map(() => 'ticket_update_service_notes')]);
    expect(await ledger(ids)).toHaveLength(3);
    device.mirror.close();
  });
});
