/**
 * The home's counts from the server (public.sync_home_figures, migration 0020) for a new device
 * while its first sync is not complete. Parsed as they come off the wire (an answer of another
 * shape is refused, never stored) and kept in the mirror's meta, where the home screens' queries
 * read them (src/data/mirror-state.ts) until every row is there.
 */
import { z } from 'zod';
import type { ChairsideDatabase } from '../src/data/db';
import { HOME_FIGURES_KEY } from '../src/data/mirror-state';
import type { HomeFigures } from '../src/domain/home-figures';
import { roleSchema, ticketPrioritySchema, ticketStatusSchema } from '../src/domain/schemas/common';
import { pullCall, PullError } from './pull';
import type { Transport } from './transport';

const count = z.number().int().nonnegative();
const requestStatus = z.enum(['PENDING', 'SCHEDULED', 'COMPLETED', 'CANCELLED']);

const wireSchema = z.object({
  role: roleSchema,
  server_time: z.string(),
  tickets: z
    .array(z.tuple([z.string().nullable(), ticketStatusSchema, ticketPrioritySchema, count]))
    .default([]),
  requests: z.array(z.tuple([z.string().nullable(), requestStatus, count])).default([]),
  resolution: z.array(z.tuple([z.string(), z.number().nonnegative(), count])).default([]),
  users: count.nullable().default(null),
  chairs: count.nullable().default(null),
  confirmed_warranties: count.nullable().default(null),
});

/** The wire's figures as the mirror keeps them; a malformed answer is a PullError. */
export function parseHomeFigures(wire: unknown): HomeFigures {
  const parsed = wireSchema.safeParse(wire);
  if (!parsed.success) {
    throw new PullError(
      'rejected',
      'The home figures from the server are not in the expected form',
    );
  }
  const f = parsed.data;
  return {
    role: f.role,
    countedAt: f.server_time,
    tickets: f.tickets.map(([engineerId, status, priority, n]) => ({
      engineerId,
      status,
      priority,
      count: n,
    })),
    requests: f.requests.map(([engineerId, status, n]) => ({ engineerId, status, count: n })),
    resolution: f.resolution.map(([engineerId, totalMs, n]) => ({ engineerId, totalMs, count: n })),
    users: f.users,
    chairs: f.chairs,
    confirmedWarranties: f.confirmed_warranties,
  };
}

/** Fetches the home's counts and keeps them in the mirror. */
export async function fetchHomeFigures(db: ChairsideDatabase, transport: Transport): Promise<void> {
  const figures = parseHomeFigures(await pullCall(transport, 'sync_home_figures', {}));
  await db.meta.put({ key: HOME_FIGURES_KEY, value: figures });
}
