// Warranty Activation's live lookup (SPEC §2, §5): public.chair_lookup_serial tells a signed-in
// user the model of a chair that can still be claimed (IN_STOCK or DELIVERED, no owner) and
// nothing about any other chair; anon is refused. The session backend's lookupSerial reads it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { supabaseSessionBackend } from '../../sync';
import { signUpActor, type Actor } from './actors';
import { closeOpsBackend, openOpsBackend } from './ops-harness';
import { createTestClient } from './supabase-client';

let db: Database;
let running: RunningServer;
let cathy: Actor;
let carl: Actor;
const prefix = `LOOKUP-${Date.now()}`;

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  cathy = await signUpActor(running.url, 'CUSTOMER', 'Cathy Lookup');
  carl = await signUpActor(running.url, 'CUSTOMER', 'Carl Lookup');
  await db.query(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status) values
       ($1, $2, 'S30', null, 'IN_STOCK'),
       ($3, $4, 'U500', null, 'DELIVERED'),
       ($5, $6, 'S30', $7, 'REGISTERED'),
       ($8, $9, 'U500', $7, 'DELIVERED'),
       ($10, $11, 'S30', null, 'REGISTERED')`,
    [
      randomUUID(),
      `${prefix}-STOCK`,
      randomUUID(),
      `${prefix}-DELIVERED`,
      randomUUID(),
      `${prefix}-OWNED`,
      carl.id,
      randomUUID(),
      `${prefix}-OWNED-DELIVERED`,
      randomUUID(),
      `${prefix}-REGISTERED`,
    ],
  );
});

afterAll(async () => {
  await closeOpsBackend(db, running);
});

async function lookup(actor: Actor, serial: string) {
  return actor.client.rpc('chair_lookup_serial', { serial });
}

describe('chair_lookup_serial', () => {
  it('finds an unowned chair in stock or delivered, and tells only its model', async () => {
    const stock = await lookup(cathy, `${prefix}-STOCK`);
    expect(stock.error).toBeNull();
    expect(stock.data).toBe('S30');
    const delivered = await lookup(cathy, `  ${prefix}-DELIVERED `);
    expect(delivered.error).toBeNull();
    expect(delivered.data).toBe('U500');
  });

  it('answers null for an unknown serial', async () => {
    const unknown = await lookup(cathy, `${prefix}-NOWHERE`);
    expect(unknown.error).toBeNull();
    expect(unknown.data).toBeNull();
    const empty = await lookup(cathy, '');
    expect(empty.error).toBeNull();
    expect(empty.data).toBeNull();
  });

  it('does not return a chair that has an owner or is already registered', async () => {
    for (const serial of [`${prefix}-OWNED`, `${prefix}-OWNED-DELIVERED`, `${prefix}-REGISTERED`]) {
      for (const actor of [cathy, carl]) {
        const outcome = await lookup(actor, serial);
        expect(outcome.error, serial).toBeNull();
        expect(outcome.data, serial).toBeNull();
      }
    }
  });

  it('refuses anon', async () => {
    const anon = createTestClient(running.url);
    const outcome = await anon.rpc('chair_lookup_serial', { serial: `${prefix}-STOCK` });
    expect(outcome.data).toBeNull();
    expect(outcome.error).not.toBeNull();
    expect(outcome.status).toBeGreaterThanOrEqual(400);
  });

  it('is what the session backend’s lookupSerial reads', async () => {
    const backend = supabaseSessionBackend(cathy.client);
    await expect(backend.lookupSerial(`${prefix}-STOCK`)).resolves.toEqual({ model: 'S30' });
    await expect(backend.lookupSerial(`${prefix}-OWNED`)).resolves.toBeNull();
    await expect(backend.lookupSerial(`${prefix}-NOWHERE`)).resolves.toBeNull();
  });

  it('makes the session backend’s lookupSerial reject when the server cannot answer', async () => {
    const unreachable = createTestClient('http://127.0.0.1:9');
    const backend = supabaseSessionBackend(unreachable);
    await expect(backend.lookupSerial(`${prefix}-STOCK`)).rejects.toThrow();
  });
});
