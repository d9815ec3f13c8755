/**
 * Actions: the only way the app writes. An action validates its input with the mutation's zod
 * schema, applies the optimistic change to the local tables AND appends the outbox entry in ONE
 * Dexie transaction: there is no moment where one exists without the other. The sync engine
 * pushes the outbox later; screens never call the backend.
 */
import { mutationArgSchemas, type MutationArgs, type MutationName } from '../domain/mutations';
import type { z } from 'zod';
import { allTables, type ChairsideDatabase, type OutboxEntry } from './db';
import { effects } from './effects';
import type { Effect } from './effects/context';
import { recordingStore } from './local-store';

export type MutationInput<N extends MutationName> = z.input<(typeof mutationArgSchemas)[N]>;

export interface PerformOptions {
  /** Client mutation id; a fresh UUID by default. */
  id?: string;
  /** The mutation's time; the clock by default. */
  now?: Date;
}

type WriteListener = () => void;
const writeListeners = new Set<WriteListener>();

/** Called after every committed local write (the sync engine pushes then). */
export function onLocalWrite(listener: WriteListener): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** Tells the write listeners (the sync engine) that something local waits to be sent. */
export function announceLocalWrite(): void {
  for (const listener of writeListeners) listener();
}

/** A new pending outbox entry for `args` (its touches are filled in when it is applied). */
function outboxEntry<N extends MutationName>(
  userId: string,
  name: N,
  args: MutationArgs<N>,
  options: PerformOptions = {},
): OutboxEntry {
  return {
    id: options.id ?? crypto.randomUUID(),
    name,
    args,
    userId,
    createdAt: (options.now ?? new Date()).toISOString(),
    touches: [],
    status: 'pending',
    attempts: 0,
  };
}

/** Within the caller's transaction: the entry's change applied to the mirror, then queued. */
async function applyAndQueue(db: ChairsideDatabase, entry: OutboxEntry): Promise<void> {
  const store = recordingStore(db);
  const effect = effects[entry.name] as Effect<MutationName>;
  await effect(store, entry.args as MutationArgs<MutationName>, {
    userId: entry.userId,
    now: entry.createdAt,
  });
  entry.touches = store.touched();
  entry.seq = await db.outbox.add(entry);
}

/**
 * Validates, applies locally and queues one mutation for `userId`. Throws the ZodError of an
 * invalid input, or MutationRejected when the mirror already shows the change cannot succeed
 * (e.g. a ticket another engineer took); in both cases nothing is written.
 */
export async function performMutation<N extends MutationName>(
  db: ChairsideDatabase,
  userId: string,
  name: N,
  input: MutationInput<N>,
  options: PerformOptions = {},
): Promise<OutboxEntry> {
  const args = mutationArgSchemas[name].parse(input) as MutationArgs<N>;
  const entry = outboxEntry(userId, name, args, options);
  await db.transaction('rw', allTables(db), async () => {
    await applyAndQueue(db, entry);
  });
  announceLocalWrite();
  return entry;
}

/**
 * Many mutations of one kind (the chairs import's rows), each validated, applied and queued as
 * `performMutation` does, with its own outbox entry, but `BATCH_SIZE` to a Dexie transaction: a
 * transaction per row made 5,000 rows take minutes, each commit also waking every live query.
 * A batch whose rows all apply commits at once; if any row is refused, the batch's transaction is
 * undone whole and its rows are performed one by one, so each refusal is that row's alone.
 * Resolves, per input and in order, null when recorded or the error that refused it.
 */
export async function performMutations<N extends MutationName>(
  db: ChairsideDatabase,
  userId: string,
  name: N,
  inputs: readonly MutationInput<N>[],
  onProgress: (done: number) => void = () => {},
): Promise<unknown[]> {
  const outcomes: unknown[] = [];
  for (let start = 0; start < inputs.length; start += BATCH_SIZE) {
    const batch = inputs.slice(start, start + BATCH_SIZE);
    try {
      await performBatch(db, userId, name, batch);
      outcomes.push(...batch.map(() => null));
    } catch {
      for (const input of batch) {
        try {
          await performMutation(db, userId, name, input);
          outcomes.push(null);
        } catch (error) {
          outcomes.push(error);
        }
      }
    }
    announceLocalWrite();
    onProgress(outcomes.length);
    // Let the page paint the progress and answer input between batches.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return outcomes;
}

const BATCH_SIZE = 100;

async function performBatch<N extends MutationName>(
  db: ChairsideDatabase,
  userId: string,
  name: N,
  inputs: readonly MutationInput<N>[],
): Promise<void> {
  const now = new Date();
  const entries = inputs.map((input) =>
    outboxEntry(userId, name, mutationArgSchemas[name].parse(input) as MutationArgs<N>, { now }),
  );
  await db.transaction('rw', allTables(db), async () => {
    for (const entry of entries) await applyAndQueue(db, entry);
  });
}
