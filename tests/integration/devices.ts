// A sync device for the integration suites: an engineer's signed-in supabase-js client, a
// transport the test can cut or disturb, and a fresh fake-indexeddb mirror; plus the two views a
// settled device must agree on — its mirror and what supabase-js shows that user on the server.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import { openLocalDatabase, type ChairsideDatabase } from '../../src/data/db';
import { ENTITY_TABLES, SERVER_TABLE } from '../../src/domain/entities';
import { pushOutbox, supabaseAuth, supabaseTransport, type Transport } from '../../sync';
import { toLocalRow } from '../../sync/wire';
import type { Actor } from './actors';

export interface Device<Net> {
  actor: Actor;
  mirror: ChairsideDatabase;
  transport: Transport;
  /** The switches the test flips on the device's network. */
  net: Net;
}

/** A device for `actor` with its own empty IndexedDB mirror. */
export function openDevice<Net>(actor: Actor, transport: Transport, net: Net): Device<Net> {
  const mirror = openLocalDatabase(actor.id, { indexedDB: new IDBFactory(), IDBKeyRange });
  return { actor, mirror, transport, net };
}

/** A device's network as a test drives it: cut it, or lose the next answer. */
export type Net = { online: boolean; dropNextResponse: boolean };

/** A device for `actor` on the real server, behind a network the test can cut or disturb. */
export function openNetDevice(actor: Actor): Device<Net> {
  const net: Net = { online: true, dropNextResponse: false };
  const real = supabaseTransport(actor.client);
  const transport: Transport = {
    async rpc(fn, params) {
      if (!net.online) return { status: 0, data: null, error: { message: 'fetch failed' } };
      const response = await real.rpc(fn, params);
      if (net.dropNextResponse) {
        net.dropNextResponse = false; // the server applied it; the answer never arrived
        return { status: 0, data: null, error: { message: 'connection reset' } };
      }
      return response;
    },
  };
  return openDevice(actor, transport, net);
}

/** Pushes the device's outbox to the server as its own user. */
export function pushDeviceOutbox<Net>(d: Device<Net>) {
  return pushOutbox(d.mirror, d.actor.id, d.transport, supabaseAuth(d.actor.client));
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The user's view of the server, table by table, in mirror form (deleted rows left out). */
export async function serverView(actor: Actor): Promise<Record<string, unknown[]>> {
  const view: Record<string, unknown[]> = {};
  for (const table of ENTITY_TABLES) {
    const { data, error } = await actor.client.from(SERVER_TABLE[table]).select('*');
    expect(error).toBeNull();
    view[table] = (data ?? [])
      .map((row) => toLocalRow(table, row))
      .filter((row) => !('deletedAt' in row) || !row.deletedAt)
      .sort(byId);
  }
  return view;
}

/** The mirror's rows, table by table, in the same order as serverView. */
export async function mirrorView(mirror: ChairsideDatabase): Promise<Record<string, unknown[]>> {
  const view: Record<string, unknown[]> = {};
  for (const table of ENTITY_TABLES) view[table] = (await mirror[table].toArray()).sort(byId);
  return view;
}
