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
  const entry: OutboxEntry = {
    id: options.id ?? crypto.randomUUID(),
    name,
    args,
    userId,
    createdAt: (options.now ?? new Date()).toISOString(),
    touches: [],
    status: 'pending',
    attempts: 0,
  };
  await db.transaction('rw', allTables(db), async () => {
    const store = recordingStore(db);
    const effect = effects[name] as Effect<N>;
    await effect(store, args, { userId, now: entry.createdAt });
    entry.touches = store.touched();
    entry.seq = await db.outbox.add(entry);
  });
  announceLocalWrite();
  return entry;
}
