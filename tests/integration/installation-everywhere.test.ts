// A completed installation changes the chair for everyone (issue 14, item 4): one engineer's
// device installs two chairs offline-first, and the other engineer's device, after its next
// pull, no longer offers them in the wizard's list. Its mirror holds what the server stored: the
// Installation entry in the service history, the last service date, the next service due a year
// later, and the status (REGISTERED for a chair with an owner, its warranty starting; DELIVERED
// for one without, README "Departures from SPEC").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation } from '../../src/data/actions';
import { loadInstallableChairs } from '../../src/data/queries/equipment';
import { completedChecklist } from '../../src/domain/installation';
import { pullAll, supabaseTransport } from '../../sync';
import { signUpActor, type Actor } from './actors';
import { mirrorView, openDevice, pushDeviceOutbox, serverView, type Device } from './devices';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let customer: Actor;
let a: Device<null>;
let b: Device<null>;
const owned = crypto.randomUUID();
const unowned = crypto.randomUUID();

const device = (actor: Actor) => openDevice(actor, supabaseTransport(actor.client), null);
const sync = async (d: Device<null>) => {
  const pushed = await pushDeviceOutbox(d);
  expect(pushed.stop).toBeFalsy();
  await pullAll(d.mirror, d.transport);
};
const installable = async (d: Device<null>) =>
  (await loadInstallableChairs(d.mirror)).map((c) => c.chair.id);

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  customer = await signUpActor(running.url, 'CUSTOMER', 'Dr Clara Hughes');
  a = device(await signUpActor(running.url, 'ENGINEER', 'Amir Khan'));
  b = device(await signUpActor(running.url, 'ENGINEER', 'Beth Lowe'));
  await db.query(
    `insert into public.chairs (id, serial_number, model, owner_user_id, status) values
       ($1, 'S30-INST-1', 'S30', $3, 'DELIVERED'),
       ($2, 'S30-INST-2', 'S30', null, 'IN_STOCK')`,
    [owned, unowned, customer.id],
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('a completed installation, on every device', () => {
  it("leaves the other engineer's wizard list after their next pull, with the history and dates the server stored", async () => {
    await sync(a);
    await sync(b);
    expect(await installable(b)).toEqual(expect.arrayContaining([owned, unowned]));

    for (const [chairId, customerUserId] of [
      [owned, customer.id],
      [unowned, null],
    ] as const) {
      await performMutation(a.mirror, a.actor.id, 'installation.complete', {
        id: crypto.randomUUID(),
        chairId,
        customerUserId,
        checklist: completedChecklist(),
        customerName: 'Dr Clara Hughes',
        signatureText: 'C. Hughes',
        signatureImage: 'data:image/png;base64,iVBORw0KGgo=',
      });
    }
    // The installing device drops them at once (its local effect), before any push.
    expect(await installable(a)).not.toContain(owned);
    expect(await installable(a)).not.toContain(unowned);
    await sync(a);

    // The other device still offers them until it pulls, then never again.
    expect(await installable(b)).toEqual(expect.arrayContaining([owned, unowned]));
    await sync(b);
    const list = await installable(b);
    expect(list).not.toContain(owned);
    expect(list).not.toContain(unowned);

    const mine = await b.mirror.chairs.get(owned);
    expect(mine?.status).toBe('REGISTERED');
    expect(mine?.warranty).toMatchObject({ confirmed: false, warrantyYears: 5 });
    const history = mine?.service?.serviceHistory ?? [];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      type: 'Installation',
      engineerId: a.actor.id,
      engineerName: 'Amir Khan',
      workPerformed: 'New installation completed; accepted by Dr Clara Hughes',
    });
    const last = new Date(mine!.service!.lastServiceDate!);
    const next = new Date(mine!.service!.nextServiceDue!);
    expect(Math.abs(last.getTime() - Date.now())).toBeLessThan(60_000);
    expect(next.getUTCFullYear()).toBe(last.getUTCFullYear() + 1);
    expect((await b.mirror.chairs.get(unowned))?.status).toBe('DELIVERED');

    // Both mirrors hold exactly what each engineer sees on the server.
    expect((await mirrorView(b.mirror)).chairs).toEqual((await serverView(b.actor)).chairs);
    expect((await mirrorView(a.mirror)).chairs).toEqual((await serverView(a.actor)).chairs);
  });
});
