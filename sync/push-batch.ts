/**
 * Push, the batch side: which queued entries go in one request to public.ops_batch, how each
 * looks on the wire, and how the server's answer splits back into one outcome per entry.
 *
 * Promises:
 *  - a batch is a leading run of the pending entries, in outbox order, within the count and byte
 *    bounds; an entry the server must never see (another user's, args that do not parse) ends the
 *    run, so push.ts settles it in its place;
 *  - the next batch may be sent ahead, while the answers of the one before are written locally,
 *    only once the server has answered every entry of that one (accepted or refused): the server
 *    still receives the batches one after the other, in order, and a batch sent ahead whose
 *    answer is never read is sent again whole on the next pass, where the ledger answers what it
 *    applied.
 */
import { z } from 'zod';
import { mutationArgSchemas, rpcName, type RejectionClass } from '../src/domain/mutations';
import type { ChairsideDatabase, OutboxEntry } from '../src/data/db';
import { classify, type BackendResponse, type Outcome } from './classify';
import type { Transport } from './transport';

/** The guarded batch operation (supabase/migrations/20261123000013_batch.sql). */
export const BATCH_RPC = 'ops_batch';

/** One mutation as the server receives it. */
export interface WireMutation {
  fn: string;
  mutation_id: string;
  args: unknown;
}

/** The server's answer for one mutation of a batch. */
const batchAnswerSchema = z.object({
  results: z.array(
    // A refusal first: an object without `data` would also pass the second (unknown allows it).
    z.union([
      z.object({
        error: z.object({
          code: z.string().nullish(),
          message: z.string().nullish(),
          details: z.string().nullish(),
        }),
      }),
      z.object({ data: z.unknown() }),
    ]),
  ),
});

/**
 * The entry as the server receives it (its args as the schema parses them: defaults applied,
 * extras dropped), or why it is refused without asking the server: another user's, or args that
 * do not parse.
 */
export function prepare(
  entry: OutboxEntry,
  userId: string,
): { wire: WireMutation } | { refusal: { errorClass: RejectionClass; message: string } } {
  if (entry.userId !== userId) {
    return {
      refusal: { errorClass: 'forbidden', message: 'This change was made by another user' },
    };
  }
  const parsed = mutationArgSchemas[entry.name]?.safeParse(entry.args);
  if (!parsed?.success) {
    const message = parsed?.error.issues[0]?.message ?? `Unknown change ${entry.name}`;
    return { refusal: { errorClass: 'validation', message } };
  }
  return { wire: { fn: rpcName(entry.name), mutation_id: entry.id, args: parsed.data } };
}

/**
 * The leading run of `head` that may go in one request, with each entry as the server receives
 * it: entries the server may see (a local refusal ends the run, so it is settled in its place),
 * within the byte bound (at least one).
 */
export function leadingBatch(
  head: OutboxEntry[],
  userId: string,
  maxBytes: number,
): { entries: OutboxEntry[]; wires: WireMutation[] } {
  const entries: OutboxEntry[] = [];
  const wires: WireMutation[] = [];
  let bytes = 0;
  for (const entry of head) {
    const prepared = prepare(entry, userId);
    if ('refusal' in prepared) break;
    bytes += JSON.stringify(prepared.wire).length + 1;
    if (entries.length > 0 && bytes > maxBytes) break;
    entries.push(entry);
    wires.push(prepared.wire);
  }
  return { entries, wires };
}

/**
 * One outcome per mutation when `answer` is a batch answer of the known shape (a refusal is
 * classified by its code, as its own request would have been), else null.
 */
export function batchOutcomes(answer: Outcome): Outcome[] | null {
  if (answer.kind !== 'accepted') return null;
  const parsed = batchAnswerSchema.safeParse(answer.data);
  if (!parsed.success) return null;
  return parsed.data.results.map((r) =>
    'error' in r
      ? classify({ status: 400, data: null, error: r.error })
      : { kind: 'accepted', data: r.data },
  );
}

/** A batch on its way to the server: its entries, their wire form, and the answer to come. */
export interface BatchInFlight {
  entries: OutboxEntry[];
  wires: WireMutation[];
  response: Promise<BackendResponse>;
}

/**
 * Sends the batch that follows `answered` (entries the server has just answered, each accepted
 * or refused, still pending locally until they are settled), or returns null when what follows
 * is not a batch of two or more the server may see: push.ts then goes on one step at a time.
 * The pending entries are read from the head of the outbox, so an entry put back in line before
 * them (a retried one) goes first, as it would one step at a time.
 */
export async function sendAhead(
  db: ChairsideDatabase,
  transport: Transport,
  userId: string,
  answered: OutboxEntry[],
  limits: { count: number; bytes: number },
): Promise<BatchInFlight | null> {
  const head = await db.transaction('r', db.outbox, async () => {
    // The answered entries are still pending, at the head of the line, unless an entry was put
    // back in line before them meanwhile (a retried one): then nothing goes ahead, and the retried
    // entry goes first, one step at a time. Keys first, then the entries after the answered ones,
    // by primary key (both are single bulk reads).
    const keys = await db.outbox
      .where('status')
      .equals('pending')
      .limit(answered.length + 1)
      .primaryKeys();
    const next = keys[answered.length];
    if (next === undefined || answered.some((entry, i) => entry.seq !== keys[i])) return [];
    const after = await db.outbox.where(':id').aboveOrEqual(next).limit(limits.count).toArray();
    return after.filter((entry) => entry.status === 'pending');
  });
  const { entries, wires } = leadingBatch(head, userId, limits.bytes);
  if (entries.length < 2) return null;
  const response = transport.rpc(BATCH_RPC, { mutations: wires });
  // Read by the next step; if that step never comes (a local write failed), nothing is lost: the
  // entries are still pending and go again on the next pass.
  response.catch(() => undefined);
  return { entries, wires, response };
}
