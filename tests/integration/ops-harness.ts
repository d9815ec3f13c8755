// Shared scaffolding for the guarded-operation suites (ops-*.test.ts): a fresh database with the
// local server on top, the cast of signed-in actors, and the assertions every suite repeats —
// refusals with their HTTP status and error class, roles refused with 403, at-most-once replays
// (sequential and concurrent) checked against the ledger, and two engineers racing for one row.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { MutationName } from '../../src/domain/mutations';
import { callOp, rowOf, signUpActor, type Actor, type RpcOutcome } from './actors';
import { createTestClient } from './supabase-client';
import { openTestDatabase } from './test-database';

export interface OpsBackend {
  db: Database;
  running: RunningServer;
}

/** A fresh test database, migrated, with the local server started on it. */
export async function openOpsBackend(): Promise<OpsBackend> {
  const db = await openTestDatabase();
  const running = await startServer({ db });
  return { db, running };
}

/** Stops the server, then closes the database; either may be missing when setup failed. */
export async function closeOpsBackend(
  db: Database | undefined,
  running: RunningServer | undefined,
): Promise<void> {
  await running?.close();
  await db?.close();
}

export interface TicketDeskCast {
  cathy: Actor;
  carl: Actor;
  eve: Actor;
  ed: Actor;
  vera: Actor;
  adam: Actor;
}

/** Two customers, two engineers, a vendor and an admin, signed up one after another. */
export async function signUpTicketDeskCast(url: string): Promise<TicketDeskCast> {
  return {
    cathy: await signUpActor(url, 'CUSTOMER', 'Cathy Customer'),
    carl: await signUpActor(url, 'CUSTOMER', 'Carl Customer'),
    eve: await signUpActor(url, 'ENGINEER', 'Eve Engineer'),
    ed: await signUpActor(url, 'ENGINEER', 'Ed Engineer'),
    vera: await signUpActor(url, 'VENDOR', 'Vera Vendor'),
    adam: await signUpActor(url, 'ADMIN', 'Adam Admin'),
  };
}

/** A registered S30 chair for `first` and a registered U500 chair for `second`; their ids. */
export async function seedRegisteredChairs(
  db: Database,
  serialPrefix: string,
  first: Actor,
  second: Actor,
): Promise<[string, string]> {
  const firstChair = randomUUID();
  const secondChair = randomUUID();
  await db.query(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status)
     values ($1, $2, 'S30', $3, 'REGISTERED'), ($4, $5, 'U500', $6, 'REGISTERED')`,
    [
      firstChair,
      `${serialPrefix}-S30-1`,
      first.id,
      secondChair,
      `${serialPrefix}-U500-1`,
      second.id,
    ],
  );
  return [firstChair, secondChair];
}

/** A second signed-in client of the same user (same password), for real parallel calls. */
export async function secondSession(url: string, actor: Actor): Promise<Actor> {
  const client = createTestClient(url);
  const { error } = await client.auth.signInWithPassword({
    email: actor.email,
    password: 'correct-horse',
  });
  expect(error).toBeNull();
  return { ...actor, client };
}

/** How many times a mutation id stands in the server's ledger (-1 when the count is missing). */
export async function ledgerRows(db: Database, mutationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.applied_mutations where id = $1`,
    [mutationId],
  );
  return rows[0]?.n ?? -1;
}

export type RefusalStatus = 400 | 403 | 404 | 409;

const ERROR_CLASS: Record<RefusalStatus, string> = {
  400: 'validation',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};

export const NO_PERMISSION = 'You do not have permission to do this';

/** The call was refused with `status`, the given error class, no data and (if given) `message`. */
export function expectRefusedAs(
  outcome: RpcOutcome,
  status: number,
  errorClass: string,
  message?: string,
): void {
  expect(outcome.data).toBeNull();
  expect(outcome.status).toBe(status);
  expect(outcome.error?.code).toBe(`PT${status}`);
  expect(outcome.error?.details).toBe(errorClass);
  if (message !== undefined) expect(outcome.error?.message).toBe(message);
}

/** The call was refused with `status` and the error class that status stands for. */
export function expectRefused(outcome: RpcOutcome, status: RefusalStatus, message?: string): void {
  expectRefusedAs(outcome, status, ERROR_CLASS[status], message);
}

/** Every actor in `actors` is refused `name` with 403 forbidden (and `message`, if given). */
export async function expectForbiddenFor(
  actors: Actor[],
  name: MutationName,
  args: Record<string, unknown>,
  message?: string,
): Promise<void> {
  for (const actor of actors) {
    expectRefused(await callOp(actor, name, args), 403, message);
  }
}

/**
 * Calls `name` twice with one mutation id: the replay answers the first result and leaves the
 * row read by `readRow` as the first call left it. Returns both outcomes and the mutation id.
 */
export async function expectReplayChangesNothing<Row>(
  actor: Actor,
  name: MutationName,
  args: Record<string, unknown>,
  readRow: () => Promise<Row>,
): Promise<{ first: RpcOutcome; again: RpcOutcome; mutationId: string }> {
  const mutationId = randomUUID();
  const first = await callOp(actor, name, args, mutationId);
  const before = await readRow();
  const again = await callOp(actor, name, args, mutationId);
  expect(again.data).toEqual(first.data);
  expect(await readRow()).toEqual(before);
  return { first, again, mutationId };
}

/** Three concurrent calls with one mutation id all succeed with one answer; it is applied once. */
export async function expectConcurrentReplayAppliedOnce(
  db: Database,
  actor: Actor,
  name: MutationName,
  args: Record<string, unknown>,
): Promise<void> {
  const concurrentId = randomUUID();
  const results = await Promise.all([0, 1, 2].map(() => callOp(actor, name, args, concurrentId)));
  for (const outcome of results) {
    expect(outcome.error).toBeNull();
    expect(outcome.data).toEqual(results[0]!.data);
  }
  expect(await ledgerRows(db, concurrentId)).toBe(1);
}

/**
 * Two engineers call `name` at the same moment: exactly one wins. Returns the winner's user id
 * (the `engineer_user_id` of the returned `table` row) and name, and the loser's outcome.
 */
export async function raceTwoEngineers(
  first: Actor,
  second: Actor,
  name: MutationName,
  args: Record<string, unknown>,
  table: string,
): Promise<{ winnerId: unknown; winnerName: string; loser: RpcOutcome }> {
  const [a, b] = await Promise.all([callOp(first, name, args), callOp(second, name, args)]);
  const winners = [a, b].filter((o) => o.error === null);
  const losers = [a, b].filter((o) => o.error !== null);
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(1);
  const winnerId = rowOf(winners[0]!, table).engineer_user_id;
  const winnerName = winnerId === first.id ? first.name : second.name;
  return { winnerId, winnerName, loser: losers[0]! };
}
