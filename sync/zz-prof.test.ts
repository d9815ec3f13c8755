import { describe, it } from 'vitest';
import { performMutation } from '../src/data/actions';
import { pushOutbox } from './push';
import { ENGINEER_ID, fakeAuth, freshDatabase, ticketRow, toWire, userRow } from './testing/fixtures';
import { ModelServer } from './testing/model-server';

describe('prof', () => {
  it('times', async () => {
    for (const count of [1, 200]) {
      const db = freshDatabase();
      const server = new ModelServer();
      server.insert('users', toWire(userRow({ id: ENGINEER_ID })));
      const tickets = Array.from({ length: 1000 }, () => ticketRow({ engineerUserId: ENGINEER_ID }));
      await db.supportTickets.bulkPut(tickets);
      for (const t of tickets) server.insert('support_tickets', toWire(t));
      let t0 = performance.now();
      for (const [i, t] of tickets.entries()) {
        await performMutation(db, ENGINEER_ID, 'ticket.updateServiceNotes', { ticketId: t.id, patch: { workPerformed: `x ${i}` } });
      }
      const q = performance.now() - t0;
      let rpc = 0;
      t0 = performance.now();
      const r = await pushOutbox(db, ENGINEER_ID, { rpc: async (fn, p) => { const s = performance.now(); const x = server.rpc(ENGINEER_ID, fn, p); rpc += performance.now() - s; return x; } }, fakeAuth(), { count, bytes: 1 << 20 });
      console.log(count, 'queue', q.toFixed(0), 'push', (performance.now() - t0).toFixed(0), 'rpc', rpc.toFixed(0), r);
    }
  }, 600000);
});
