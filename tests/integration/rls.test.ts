import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../server/db/database';
import { SERVER_TABLES } from './server-tables';
import { openTestDatabase } from './test-database';

type Role = 'CUSTOMER' | 'ADMIN' | 'ENGINEER' | 'VENDOR';

const ids = {
  customerA: randomUUID(),
  customerB: randomUUID(),
  engineerA: randomUUID(),
  engineerB: randomUUID(),
  vendor: randomUUID(),
  admin: randomUUID(),
};

const rows = {
  chairA: randomUUID(),
  chairB: randomUUID(),
  ticketA: randomUUID(), // customer A, engineer A
  ticketUnassigned: randomUUID(), // customer A, no engineer
  ticketB: randomUUID(), // customer B, engineer B
  requestA: randomUUID(), // customer A, engineer A
  requestUnassigned: randomUUID(), // customer B, no engineer
  requestB: randomUUID(), // customer B, engineer B
  partRequestA: randomUUID(),
  partRequestB: randomUUID(),
  installationA: randomUUID(),
  installationB: randomUUID(),
};

describe('row level security', () => {
  let db: Database;

  /** Runs fn as the signed-in user uid (authenticated role, Supabase-style claims). */
  const asUser = <T>(uid: string, fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.exec('set local role authenticated');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: uid, role: 'authenticated' }),
      ]);
      return fn(tx);
    });

  const asAnon = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'anon' }),
      ]);
      return fn(tx);
    });

  const idsOf = async (tx: Queryable, table: string): Promise<string[]> =>
    (await tx.query<{ id: string }>(`select id from public.${table} order by id`)).rows
      .map((r) => r.id)
      .sort();

  const sorted = (...values: string[]) => [...values].sort();

  const signUp = async (id: string, email: string, meta: Record<string, unknown>) => {
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3::jsonb)`,
      [id, email, JSON.stringify(meta)],
    );
  };

  const setRole = async (id: string, role: Role) => {
    await db.query(`update public.users set role = $2 where id = $1`, [id, role]);
  };

  beforeAll(async () => {
    db = await openTestDatabase();

    await signUp(ids.customerA, 'alice@example.com', { name: 'Alice' });
    await signUp(ids.customerB, 'bob@example.com', { name: 'Bob' });
    await signUp(ids.engineerA, 'eng.a@example.com', { name: 'Eng A' });
    await signUp(ids.engineerB, 'eng.b@example.com', { name: 'Eng B' });
    await signUp(ids.vendor, 'vendor@example.com', { name: 'Vendor' });
    await signUp(ids.admin, 'admin@example.com', { name: 'Admin' });
    await setRole(ids.engineerA, 'ENGINEER');
    await setRole(ids.engineerB, 'ENGINEER');
    await setRole(ids.vendor, 'VENDOR');
    await setRole(ids.admin, 'ADMIN');
    await db.query(
      `update public.users set engineer = '{"certifications":[{"name":"S30"}],"location":"Leeds"}'::jsonb
        where id = $1`,
      [ids.engineerA],
    );

    await db.query(
      `insert into public.chairs (id, serial_number, model, owner_user_id, status) values
         ($1, 'SN-A', 'S30', $2, 'REGISTERED'), ($3, 'SN-B', 'U500', $4, 'REGISTERED')`,
      [rows.chairA, ids.customerA, rows.chairB, ids.customerB],
    );
    await db.query(
      `insert into public.support_tickets (id, title, customer_user_id, engineer_user_id, chair_id) values
         ($1, 'A assigned', $2, $3, $4),
         ($5, 'A unassigned', $2, null, $4),
         ($6, 'B assigned', $7, $8, $9)`,
      [
        rows.ticketA,
        ids.customerA,
        ids.engineerA,
        rows.chairA,
        rows.ticketUnassigned,
        rows.ticketB,
        ids.customerB,
        ids.engineerB,
        rows.chairB,
      ],
    );
    await db.query(
      `insert into public.service_requests (id, customer_user_id, engineer_user_id, chair_id) values
         ($1, $2, $3, $4), ($5, $6, null, $7), ($8, $6, $9, $7)`,
      [
        rows.requestA,
        ids.customerA,
        ids.engineerA,
        rows.chairA,
        rows.requestUnassigned,
        ids.customerB,
        rows.chairB,
        rows.requestB,
        ids.engineerB,
      ],
    );
    await db.query(`insert into public.part_requests (id, user_id) values ($1, $2), ($3, $4)`, [
      rows.partRequestA,
      ids.customerA,
      rows.partRequestB,
      ids.customerB,
    ]);
    await db.query(
      `insert into public.installations (id, chair_id, engineer_user_id) values ($1, $2, $3), ($4, $5, $6)`,
      [
        rows.installationA,
        rows.chairA,
        ids.engineerA,
        rows.installationB,
        rows.chairB,
        ids.engineerB,
      ],
    );
    await db.exec(
      `insert into public.parts (name, price, stock) values ('Valve', 10, 3);
       insert into public.parts (name, price, stock, deleted_at) values ('Old hose', 5, 0, now());`,
    );
    await db.query(`insert into public.training_resources (title, type) values ('FAQ', 'FAQ')`);
  });

  afterAll(async () => {
    await db.close();
  });

  describe('sign-up trigger', () => {
    it('created users rows with metadata names and default role CUSTOMER', async () => {
      const { rows: users } = await db.query<{ name: string; role: string; email: string }>(
        `select name, role, email from public.users where id = $1`,
        [ids.customerA],
      );
      expect(users[0]).toMatchObject({
        name: 'Alice',
        role: 'CUSTOMER',
        email: 'alice@example.com',
      });
    });

    it('falls back to the part of the e-mail before @ and defaults an unknown role to CUSTOMER', async () => {
      const id = randomUUID();
      await signUp(id, 'carol.smith@example.com', { role: 'ROOT' });
      const { rows: users } = await db.query<{ name: string; role: string }>(
        `select name, role from public.users where id = $1`,
        [id],
      );
      expect(users[0]).toEqual({ name: 'carol.smith', role: 'CUSTOMER' });
    });

    it('honours a requested role by default, and forces CUSTOMER when signup_customer_only', async () => {
      const eng = randomUUID();
      await signUp(eng, 'new.eng@example.com', { name: 'New Eng', role: 'ENGINEER' });
      const before = await db.query<{ role: string }>(
        `select role from public.users where id = $1`,
        [eng],
      );
      expect(before.rows[0]?.role).toBe('ENGINEER');

      await db.query(
        `update public.app_settings set value = 'true'::jsonb where key = 'signup_customer_only'`,
      );
      try {
        const wouldBeAdmin = randomUUID();
        await signUp(wouldBeAdmin, 'sneaky@example.com', { name: 'Sneaky', role: 'ADMIN' });
        const after = await db.query<{ role: string }>(
          `select role from public.users where id = $1`,
          [wouldBeAdmin],
        );
        expect(after.rows[0]?.role).toBe('CUSTOMER');
      } finally {
        await db.query(
          `update public.app_settings set value = 'false'::jsonb where key = 'signup_customer_only'`,
        );
      }
    });
  });

  describe('customer', () => {
    it('sees only own chairs, tickets, requests, part requests and profile', async () => {
      await asUser(ids.customerA, async (tx) => {
        expect(await idsOf(tx, 'chairs')).toEqual([rows.chairA]);
        expect(await idsOf(tx, 'support_tickets')).toEqual(
          sorted(rows.ticketA, rows.ticketUnassigned),
        );
        expect(await idsOf(tx, 'service_requests')).toEqual([rows.requestA]);
        expect(await idsOf(tx, 'part_requests')).toEqual([rows.partRequestA]);
        // The installation of their own chair (its signed acceptance, for the service report).
        expect(await idsOf(tx, 'installations')).toEqual([rows.installationA]);
      });
    });

    it("cannot see another customer's rows", async () => {
      await asUser(ids.customerA, async (tx) => {
        const other = await tx.query(`select id from public.users where id = $1`, [ids.customerB]);
        expect(other.rows).toEqual([]);
        const chair = await tx.query(`select id from public.chairs where id = $1`, [rows.chairB]);
        expect(chair.rows).toEqual([]);
        const ticket = await tx.query(`select id from public.support_tickets where id = $1`, [
          rows.ticketB,
        ]);
        expect(ticket.rows).toEqual([]);
      });
    });

    it('sees only their own profile row (engineers come as contact cards through sync_pull)', async () => {
      await asUser(ids.customerA, async (tx) => {
        expect(await idsOf(tx, 'users')).toEqual([ids.customerA]);
      });
    });

    it('reads all parts (soft-deleted included) and training', async () => {
      await asUser(ids.customerA, async (tx) => {
        expect((await idsOf(tx, 'parts')).length).toBe(2);
        expect((await idsOf(tx, 'training_resources')).length).toBe(1);
      });
    });

    it("cannot update another customer's rows (0 rows affected)", async () => {
      await asUser(ids.customerA, async (tx) => {
        const u = await tx.query(
          `update public.users set name = 'Hacked' where id = $1 returning id`,
          [ids.customerB],
        );
        expect(u.rows).toEqual([]);
        const c = await tx.query(
          `update public.chairs set owner_user_id = $2 where id = $1 returning id`,
          [rows.chairB, ids.customerA],
        );
        expect(c.rows).toEqual([]);
        const d = await tx.query(`delete from public.support_tickets where id = $1 returning id`, [
          rows.ticketB,
        ]);
        expect(d.rows).toEqual([]);
      });
      const { rows: b } = await db.query<{ name: string }>(
        `select name from public.users where id = $1`,
        [ids.customerB],
      );
      expect(b[0]?.name).toBe('Bob');
    });

    it('cannot update own chairs or tickets directly', async () => {
      await asUser(ids.customerA, async (tx) => {
        const c = await tx.query(
          `update public.chairs set status = 'IN_STOCK' where id = $1 returning id`,
          [rows.chairA],
        );
        expect(c.rows).toEqual([]);
        const t = await tx.query(
          `update public.support_tickets set status = 'CLOSED' where id = $1 returning id`,
          [rows.ticketA],
        );
        expect(t.rows).toEqual([]);
      });
    });

    it('may edit own profile but not raise own role', async () => {
      const renamed = await asUser(ids.customerA, async (tx) => {
        const r = await tx.query<{ name: string }>(
          `update public.users set name = 'Alice B' where id = $1 returning name`,
          [ids.customerA],
        );
        return r.rows;
      });
      expect(renamed).toEqual([{ name: 'Alice B' }]);

      await expect(
        asUser(ids.customerA, (tx) =>
          tx.query(`update public.users set role = 'ADMIN' where id = $1`, [ids.customerA]),
        ),
      ).rejects.toThrow('Only an administrator can change a role');
      const { rows: r } = await db.query<{ role: string }>(
        `select role from public.users where id = $1`,
        [ids.customerA],
      );
      expect(r[0]?.role).toBe('CUSTOMER');
    });

    it('may create tickets, service and part requests for self only', async () => {
      await asUser(ids.customerA, async (tx) => {
        await tx.query(
          `insert into public.support_tickets (title, customer_user_id, chair_id) values ('New', $1, $2)`,
          [ids.customerA, rows.chairA],
        );
        await tx.query(
          `insert into public.service_requests (customer_user_id, chair_id) values ($1, $2)`,
          [ids.customerA, rows.chairA],
        );
        await tx.query(`insert into public.part_requests (user_id) values ($1)`, [ids.customerA]);
        throw new Error('rollback');
      }).catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });

      await expect(
        asUser(ids.customerA, (tx) =>
          tx.query(
            `insert into public.support_tickets (title, customer_user_id) values ('X', $1)`,
            [ids.customerB],
          ),
        ),
      ).rejects.toThrow(/row-level security/);
      await expect(
        asUser(ids.customerA, (tx) =>
          tx.query(
            `insert into public.service_requests (customer_user_id, chair_id) values ($1, $2)`,
            [ids.customerA, rows.chairB],
          ),
        ),
      ).rejects.toThrow(/row-level security/);
      await expect(
        asUser(ids.customerA, (tx) =>
          tx.query(`insert into public.chairs (serial_number, model) values ('SN-X', 'S30')`),
        ),
      ).rejects.toThrow(/row-level security/);
    });
  });

  describe('engineer', () => {
    it("sees assigned and unassigned tickets and requests, not engineer B's", async () => {
      await asUser(ids.engineerA, async (tx) => {
        expect(await idsOf(tx, 'support_tickets')).toEqual(
          sorted(rows.ticketA, rows.ticketUnassigned),
        );
        expect(await idsOf(tx, 'service_requests')).toEqual(
          sorted(rows.requestA, rows.requestUnassigned),
        );
        expect(await idsOf(tx, 'installations')).toEqual([rows.installationA]);
      });
    });

    it('sees all chairs with their owners, plus own profile, but not other staff', async () => {
      await asUser(ids.engineerA, async (tx) => {
        expect(await idsOf(tx, 'chairs')).toEqual(sorted(rows.chairA, rows.chairB));
        expect(await idsOf(tx, 'users')).toEqual(
          sorted(ids.customerA, ids.customerB, ids.engineerA),
        );
        expect(await idsOf(tx, 'part_requests')).toEqual([]);
      });
    });

    it('may edit contact details but not certifications or role', async () => {
      await asUser(ids.engineerA, async (tx) => {
        const r = await tx.query(
          `update public.users set phone = '0123',
                  engineer = engineer || '{"location":"York"}'::jsonb
            where id = $1 returning id`,
          [ids.engineerA],
        );
        expect(r.rows.length).toBe(1);
        throw new Error('rollback');
      }).catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
      await expect(
        asUser(ids.engineerA, (tx) =>
          tx.query(
            `update public.users set engineer = engineer || '{"certifications":[]}'::jsonb where id = $1`,
            [ids.engineerA],
          ),
        ),
      ).rejects.toThrow('Certifications, availability and metrics are managed by your supervisor');
      await expect(
        asUser(ids.engineerA, (tx) =>
          tx.query(`update public.users set role = 'VENDOR' where id = $1`, [ids.engineerA]),
        ),
      ).rejects.toThrow('Only an administrator can change a role');
    });
  });

  describe('vendor', () => {
    it('sees all tickets, service requests, chairs and engineers; customers only as cards', async () => {
      await asUser(ids.vendor, async (tx) => {
        expect(await idsOf(tx, 'support_tickets')).toEqual(
          sorted(rows.ticketA, rows.ticketUnassigned, rows.ticketB),
        );
        expect(await idsOf(tx, 'service_requests')).toEqual(
          sorted(rows.requestA, rows.requestUnassigned, rows.requestB),
        );
        expect(await idsOf(tx, 'chairs')).toEqual(sorted(rows.chairA, rows.chairB));
        const users = await idsOf(tx, 'users');
        for (const id of [ids.engineerA, ids.engineerB, ids.vendor]) expect(users).toContain(id);
        for (const id of [ids.customerA, ids.customerB, ids.admin]) expect(users).not.toContain(id);
        const cards = await tx.query<{ id: string; email: string | null }>(
          `select c ->> 'id' as id, c ->> 'email' as email from public.vendor_customer_cards() c`,
        );
        const cardIds = cards.rows.map((card) => card.id);
        for (const id of [ids.customerA, ids.customerB]) expect(cardIds).toContain(id);
        for (const id of [ids.engineerA, ids.vendor, ids.admin]) expect(cardIds).not.toContain(id);
        expect(cards.rows.every((card) => card.email === null)).toBe(true);
      });
    });

    it('cannot reassign tickets by direct write', async () => {
      await asUser(ids.vendor, async (tx) => {
        const r = await tx.query(
          `update public.support_tickets set engineer_user_id = $2 where id = $1 returning id`,
          [rows.ticketUnassigned, ids.engineerB],
        );
        expect(r.rows).toEqual([]);
      });
    });
  });

  describe('admin', () => {
    it('sees everything', async () => {
      await asUser(ids.admin, async (tx) => {
        expect((await idsOf(tx, 'support_tickets')).length).toBe(3);
        expect((await idsOf(tx, 'service_requests')).length).toBe(3);
        expect((await idsOf(tx, 'chairs')).length).toBe(2);
        expect((await idsOf(tx, 'part_requests')).length).toBe(2);
        expect((await idsOf(tx, 'installations')).length).toBe(2);
        const users = await idsOf(tx, 'users');
        for (const id of Object.values(ids)) expect(users).toContain(id);
      });
    });

    it("may change another user's role and write any table", async () => {
      await asUser(ids.admin, async (tx) => {
        const r = await tx.query<{ role: string }>(
          `update public.users set role = 'VENDOR' where id = $1 returning role`,
          [ids.customerB],
        );
        expect(r.rows).toEqual([{ role: 'VENDOR' }]);
        const c = await tx.query(
          `insert into public.chairs (serial_number, model) values ('SN-N', 'S30') returning id`,
        );
        expect(c.rows.length).toBe(1);
        const s = await tx.query(`select key from public.app_settings`);
        expect(s.rows.length).toBe(1);
        throw new Error('rollback');
      }).catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
    });
  });

  describe('non-admin', () => {
    it('cannot read or change app_settings', async () => {
      await asUser(ids.vendor, async (tx) => {
        expect((await tx.query(`select key from public.app_settings`)).rows).toEqual([]);
        const r = await tx.query(
          `update public.app_settings set value = 'true'::jsonb where key = 'signup_customer_only' returning key`,
        );
        expect(r.rows).toEqual([]);
      });
    });
  });

  describe('anon', () => {
    it('may not read any table (no privilege, as after migration 0024 on hosted)', async () => {
      for (const table of SERVER_TABLES) {
        await expect(
          asAnon((tx) => idsOf(tx, table)),
          table,
        ).rejects.toThrow(`permission denied for table ${table}`);
      }
      await expect(
        asAnon((tx) => tx.query(`insert into public.support_tickets (title) values ('x')`)),
      ).rejects.toThrow(/permission denied|row-level security/);
    });
  });
});
