// The demo data set (supabase/seed.sql) loaded on the local server's first start, and the
// large-data generator for benchmarks: loads once, and on its own as `supabase db reset` runs it;
// holds the accounts of src/domain/demo-accounts.ts; every demo account signs in, every state the
// screens show is covered, stored costs follow the domain's quote rule, RLS still applies to
// seeded rows, and the generator inserts exactly what it is asked for.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import {
  DEMO_ACTIVATABLE_SERIALS,
  DEMO_CHAIR_IDS,
  DEMO_DATA_SETTING,
  DEMO_USER_IDS,
  SEED_FILE,
  seedDemoData,
} from '../../server/seed/demo-data';
import { generateLargeDataSet } from '../../server/seed/generate';
import { certificationStatus } from '../../src/domain/certification';
import { isChairModel, modelName, modelOptions } from '../../src/domain/chair-models';
import { DEMO_ACCOUNTS, DEMO_PRACTICE_NAME } from '../../src/domain/demo-accounts';
import { isChecklistComplete } from '../../src/domain/installation-checklist';
import { engineerMetrics } from '../../src/domain/metrics';
import { calculateQuote } from '../../src/domain/quote';
import { serviceStatus } from '../../src/domain/service-status';
import { canActivateWarranty, warrantyState, type Warranty } from '../../src/domain/warranty';
import { createTestClient } from './supabase-client';
import { SERVER_TABLES } from './server-tables';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let firstLoad: boolean;
const now = new Date();

/** The domain tables the snapshot digests: all but installations. */
const TABLES = SERVER_TABLES.filter((t) => t !== 'installations');

async function snapshot(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const table of [...TABLES.map((t) => `public.${t}`), 'auth.users', 'public.app_settings']) {
    const { rows } = await db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest
       from ${table} t`,
    );
    result[table] = rows[0];
  }
  return result;
}

async function values<T>(sql: string): Promise<T[]> {
  return (await db.query<T>(sql)).rows;
}

async function signIn(email: string, password: string) {
  const client = createTestClient(running.url);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, id: data.user!.id };
}

beforeAll(async () => {
  db = await openTestDatabase();
  firstLoad = await seedDemoData(db, now);
  running = await startServer({ db });
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('loading the demo data', () => {
  it('loads once: a second call returns false and changes nothing', async () => {
    expect(firstLoad).toBe(true);
    const before = await snapshot();
    expect(await seedDemoData(db)).toBe(false);
    expect(await snapshot()).toEqual(before);
    const setting = await values<{ key: string }>(
      `select key from public.app_settings where key = '${DEMO_DATA_SETTING}'`,
    );
    expect(setting).toHaveLength(1);
  });

  it('loads on its own as `supabase db reset` runs it (dates from now()), and refuses a second load', async () => {
    const other = await openTestDatabase();
    try {
      const sql = await readFile(SEED_FILE, 'utf8');
      await other.exec(sql);
      const counts = async (d: Database) =>
        Object.fromEntries(
          await Promise.all(
            [...TABLES.map((t) => `public.${t}`), 'auth.users'].map(async (table) => {
              const { rows } = await d.query<{ n: number }>(
                `select count(*)::int as n from ${table}`,
              );
              return [table, rows[0]?.n] as const;
            }),
          ),
        );
      const loaded = await counts(other);
      expect(loaded).toEqual(await counts(db));
      await expect(other.exec(sql)).rejects.toThrow(/app_settings_pkey/);
      expect(await counts(other)).toEqual(loaded);
    } finally {
      await other.close();
    }
  });
});

describe('the demo accounts', () => {
  it('are exactly the accounts of src/domain/demo-accounts.ts, with their passwords', async () => {
    const rows = await values<{
      id: string;
      email: string;
      encrypted_password: string;
      name: string;
      role: string;
    }>(
      `select a.id, a.email, a.encrypted_password, u.name, u.role
       from auth.users a join public.users u using (id)
       where a.encrypted_password is not null order by a.email`,
    );
    expect(rows.map(({ encrypted_password: _, ...r }) => r)).toEqual(
      DEMO_ACCOUNTS.map((a) => ({
        id: DEMO_USER_IDS[a.role.toLowerCase() as keyof typeof DEMO_USER_IDS],
        email: a.email,
        name: a.name,
        role: a.role,
      })).sort((a, b) => a.email.localeCompare(b.email)),
    );
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      expect(await bcrypt.compare(account.password, row?.encrypted_password ?? '')).toBe(true);
    }
  });

  it('each sign in through the auth endpoint and read their own users row with their role', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { client, id } = await signIn(account.email, account.password);
      const { data, error } = await client
        .from('users')
        .select('id, email, name, role')
        .eq('id', id)
        .single();
      expect(error).toBeNull();
      expect(data).toEqual({ id, email: account.email, name: account.name, role: account.role });
    }
  });

  it('are the fixed ids, with the demo customer in Riverside Dental Care', async () => {
    const rows = await values<{ id: string; role: string; practice: { name: string } | null }>(
      `select id, role, practice from public.users where email like '%@demo.chairside.app'
         and id in ('${DEMO_USER_IDS.customer}', '${DEMO_USER_IDS.admin}',
                    '${DEMO_USER_IDS.engineer}', '${DEMO_USER_IDS.vendor}')`,
    );
    expect(rows.map((r) => r.role).sort()).toEqual(['ADMIN', 'CUSTOMER', 'ENGINEER', 'VENDOR']);
    expect(rows.find((r) => r.role === 'CUSTOMER')?.practice?.name).toBe(DEMO_PRACTICE_NAME);
  });

  it('refuse a wrong password', async () => {
    const client = createTestClient(running.url);
    const { error } = await client.auth.signInWithPassword({
      email: 'customer@demo.chairside.app',
      password: 'not-the-password',
    });
    expect(error?.message).toBe('Invalid login credentials');
  });
});

describe('coverage of the demo data', () => {
  it('has customers of every practice type and engineers besides the demo ones, with phones and addresses', async () => {
    const types = await values<{ type: string }>(
      `select distinct practice ->> 'type' as type from public.users where role = 'CUSTOMER'`,
    );
    expect(types.map((t) => t.type).sort()).toEqual(['CLINIC', 'DENTAL', 'MEDICAL', 'VETERINARY']);
    const counts = await values<{ role: string; n: number; missing: number }>(
      `select role, count(*)::int as n,
              count(*) filter (where phone is null or address is null)::int as missing
       from public.users group by role`,
    );
    const byRole = Object.fromEntries(counts.map((c) => [c.role, c]));
    expect(byRole.CUSTOMER?.n).toBeGreaterThanOrEqual(5);
    expect(byRole.ENGINEER?.n).toBeGreaterThanOrEqual(3);
    expect(counts.every((c) => c.missing === 0)).toBe(true);
  });

  it('has chairs of both models with valid full configurations in every status', async () => {
    const chairs = await values<{
      model: string;
      status: string;
      configuration: Record<string, string>;
    }>(`select model, status, configuration from public.chairs`);
    expect(new Set(chairs.map((c) => c.status))).toEqual(
      new Set(['IN_STOCK', 'DELIVERED', 'REGISTERED']),
    );
    expect(new Set(chairs.map((c) => c.model))).toEqual(new Set(['S30', 'U500']));
    expect(chairs.filter((c) => c.status === 'IN_STOCK').length).toBeGreaterThanOrEqual(3);
    for (const chair of chairs) {
      if (!isChairModel(chair.model)) throw new Error(`bad model ${chair.model}`);
      const o = modelOptions(chair.model);
      const c = chair.configuration;
      expect(o.deliverySystems).toContain(c.deliverySystem);
      expect(o.instrumentOptions.map((i) => i.name)).toContain(c.instrumentOption);
      expect(o.assistantChairside).toContain(c.assistantChairside);
      expect(o.lighting.map((l) => l.name)).toContain(c.lighting);
      expect(o.footControls).toContain(c.footControl);
      expect(o.monitorBrackets).toContain(c.monitorBracket);
      const colours =
        c.upholsteryType === 'Formed' ? o.upholsteryColours.formed : o.upholsteryColours.sewn;
      expect(colours).toContain(c.upholsteryColor);
    }
  });

  it('has stock a customer can activate and a delivery inside the 14-day window', async () => {
    const delivered = await values<{ delivery_date: Date }>(
      `select delivery_date from public.chairs where status = 'DELIVERED'`,
    );
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((c) => canActivateWarranty(new Date(c.delivery_date), now))).toBe(true);
    const stock = await values<{ owner_user_id: string | null; warranty: unknown }>(
      `select owner_user_id, warranty from public.chairs where status = 'IN_STOCK'`,
    );
    expect(stock.every((c) => c.owner_user_id === null && c.warranty === null)).toBe(true);
    const activatable = await db.query<{ status: string; warranty: unknown }>(
      `select status, warranty from public.chairs where serial_number = any($1::text[])`,
      [[...DEMO_ACTIVATABLE_SERIALS]],
    );
    expect(activatable.rows).toHaveLength(DEMO_ACTIVATABLE_SERIALS.length);
    expect(
      activatable.rows.every((c) => ['IN_STOCK', 'DELIVERED'].includes(c.status) && !c.warranty),
    ).toBe(true);
  });

  it('has every warranty state at the moment of seeding, confirmed and pending', async () => {
    const chairs = await values<{ warranty: Warranty | null; test_sheet: unknown }>(
      `select warranty, test_sheet from public.chairs`,
    );
    const states = new Set(chairs.map((c) => warrantyState(c.warranty ?? {}, now)));
    expect(states).toEqual(new Set(['NOT_ACTIVATED', 'ACTIVE', 'EXPIRING', 'EXPIRED']));
    const activated = chairs.filter((c) => c.warranty);
    expect(activated.some((c) => c.warranty?.confirmed === true)).toBe(true);
    expect(activated.some((c) => c.warranty?.confirmed === false)).toBe(true);
    expect(activated.some((c) => c.warranty?.extensionPurchased === true)).toBe(true);
    expect(activated.some((c) => c.test_sheet !== null)).toBe(true);
    expect(activated.some((c) => c.test_sheet === null)).toBe(true);
  });

  it('has service histories with parts replaced, and Overdue, Due Soon and Current chairs', async () => {
    const chairs = await values<{
      service: {
        nextServiceDue: string;
        serviceHistory: { type: string; partsReplaced: unknown[] }[];
      } | null;
    }>(`select service from public.chairs where service is not null`);
    const statuses = new Set(chairs.map((c) => serviceStatus(c.service?.nextServiceDue, now)));
    expect(statuses).toEqual(new Set(['Overdue', 'Due Soon', 'Current']));
    const entries = chairs.flatMap((c) => c.service?.serviceHistory ?? []);
    expect(new Set(entries.map((e) => e.type))).toEqual(
      new Set(['Installation', 'Annual', 'Repair', 'Maintenance', 'Inspection']),
    );
    expect(entries.filter((e) => e.partsReplaced.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it("has a signed, fully checked installation of the demo customer's first chair", async () => {
    const rows = await values<{
      chair_id: string;
      engineer_user_id: string;
      checklist: Record<string, boolean>;
      customer_name: string;
      signature_text: string;
      completed_at: Date | null;
    }>(`select chair_id, engineer_user_id, checklist, customer_name, signature_text, completed_at
        from public.installations`);
    expect(rows).toHaveLength(1);
    const [installation] = rows;
    expect(installation?.chair_id).toBe(DEMO_CHAIR_IDS.riversideActive);
    expect(installation?.engineer_user_id).toBe(DEMO_USER_IDS.engineer);
    expect(isChecklistComplete(installation?.checklist ?? {})).toBe(true);
    expect(installation?.customer_name).toBe('Dr. Sarah Mitchell');
    expect(installation?.signature_text).toBe('S. Mitchell');
    expect(installation?.completed_at).toBeInstanceOf(Date);
  });

  it('stores service costs by the quote rule of src/domain/quote.ts, and parts and engineers as catalogued', async () => {
    const parts = new Map(
      (
        await values<{ id: string; part_code: string; name: string; price: string }>(
          `select id, part_code, name, price from public.parts`,
        )
      ).map((p) => [p.part_code, { ...p, price: Number(p.price) }]),
    );
    const people = new Map(
      (
        await values<{ id: string; name: string; phone: string }>(
          `select id, name, phone from public.users`,
        )
      ).map((u) => [u.id, u]),
    );
    const chairs = await values<{
      model: 'S30' | 'U500';
      model_name: string;
      service: {
        lastServiceDate: string | null;
        serviceHistory: {
          date: string;
          engineerId: string;
          engineerName: string;
          engineerPhone: string;
          duration: number;
          warrantyWork: boolean;
          cost: number;
          partsReplaced: { partName: string; partNumber: string; quantity: number; cost: number }[];
        }[];
      } | null;
    }>(`select model, model_name, service from public.chairs`);
    let charged = 0;
    for (const chair of chairs) {
      expect(chair.model_name).toBe(modelName(chair.model));
      const history = chair.service?.serviceHistory ?? [];
      expect(history.map((e) => e.date)).toEqual(
        history
          .map((e) => e.date)
          .sort()
          .reverse(),
      );
      if (chair.service) expect(chair.service.lastServiceDate).toBe(history[0]?.date ?? null);
      for (const entry of history) {
        expect(people.get(entry.engineerId)).toMatchObject({
          name: entry.engineerName,
          phone: entry.engineerPhone,
        });
        const lines = entry.partsReplaced.map((line) => {
          const part = parts.get(line.partNumber);
          expect(line.partName).toBe(part?.name);
          expect(line.cost).toBe((part?.price ?? NaN) * line.quantity);
          return { price: part?.price ?? NaN, quantity: line.quantity };
        });
        const quote = calculateQuote(
          { timeSpent: entry.duration, parts: lines, workType: 'OUT_OF_WARRANTY', warranty: {} },
          now,
        );
        expect(entry.cost).toBe(entry.warrantyWork ? 0 : quote.total);
        if (!entry.warrantyWork) charged += 1;
      }
    }
    expect(charged).toBeGreaterThanOrEqual(3);

    const tickets = await values<{
      service_notes: {
        partsUsed: {
          partId: string;
          partCode: string;
          partName: string;
          price: number;
          quantity: number;
        }[];
      } | null;
    }>(`select service_notes from public.support_tickets where service_notes is not null`);
    for (const line of tickets.flatMap((t) => t.service_notes?.partsUsed ?? [])) {
      expect(parts.get(line.partCode)).toMatchObject({
        id: line.partId,
        name: line.partName,
        price: line.price,
      });
      expect(line.quantity).toBeGreaterThan(0);
    }
  });

  it('gives the demo customer about four chairs in different states', async () => {
    const chairs = await values<{ id: string; status: string; warranty: Warranty | null }>(
      `select id, status, warranty from public.chairs where owner_user_id = '${DEMO_USER_IDS.customer}'`,
    );
    expect(chairs.length).toBeGreaterThanOrEqual(4);
    expect(chairs.map((c) => c.id).sort()).toEqual(Object.values(DEMO_CHAIR_IDS).sort());
    const states = new Set(
      chairs.map((c) =>
        c.warranty?.confirmed === false ? 'PENDING' : warrantyState(c.warranty ?? {}, now),
      ),
    );
    expect(states.size).toBeGreaterThanOrEqual(4);
  });

  it('has parts of both models in every stock band', async () => {
    const bands = await values<{ band: string; model: string; n: number }>(
      `select case when stock > 10 then 'normal' when stock >= 1 then 'low' else 'out' end as band,
              model, count(*)::int as n
       from public.parts group by 1, 2`,
    );
    for (const model of ['S30', 'U500']) {
      expect(
        bands
          .filter((b) => b.model === model)
          .map((b) => b.band)
          .sort(),
      ).toEqual(['low', 'normal', 'out']);
    }
    const total = bands.reduce((sum, b) => sum + b.n, 0);
    expect(total).toBeGreaterThanOrEqual(20);
    const codes = await values<{ n: number }>(
      `select count(distinct part_code)::int as n from public.parts where price > 0`,
    );
    expect(codes[0]?.n).toBe(total);
  });

  it('has training videos and PDFs with a url, and FAQs with content and no url', async () => {
    const rows = await values<{ type: string; url: string | null; content: string | null }>(
      `select type, url, content from public.training_resources`,
    );
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['VIDEO', 'PDF', 'FAQ']));
    for (const row of rows) {
      if (row.type === 'FAQ') {
        expect(row.url).toBeNull();
        expect(row.content?.length).toBeGreaterThan(20);
      } else {
        // The demo's documents are served by the product itself (public/docs/).
        expect(row.url).toMatch(/^\/docs\/.+\.html$/);
        expect(existsSync(join('public', row.url!))).toBe(true);
      }
    }
  });

  it('has tickets in every status and priority, some unassigned, resolved over varied times', async () => {
    const tickets = await values<{
      status: string;
      priority: string;
      engineer_user_id: string | null;
      resolution: string | null;
      service_notes: { partsUsed?: unknown[] } | null;
      hours: number;
    }>(
      `select status, priority, engineer_user_id, resolution, service_notes,
              extract(epoch from updated_at - created_at) / 3600 as hours
       from public.support_tickets`,
    );
    expect(new Set(tickets.map((t) => t.status))).toEqual(
      new Set(['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED']),
    );
    expect(new Set(tickets.map((t) => t.priority))).toEqual(
      new Set(['LOW', 'NORMAL', 'HIGH', 'URGENT']),
    );
    expect(tickets.filter((t) => t.engineer_user_id === null).length).toBeGreaterThanOrEqual(3);
    const mine = tickets.filter((t) => t.engineer_user_id === DEMO_USER_IDS.engineer);
    expect(mine.some((t) => (t.service_notes?.partsUsed?.length ?? 0) > 0)).toBe(true);
    const resolved = tickets.filter((t) => t.status === 'RESOLVED' || t.status === 'CLOSED');
    expect(resolved.every((t) => (t.resolution ?? '').length > 0)).toBe(true);
    const hours = resolved.map((t) => Number(t.hours));
    expect(Math.min(...hours)).toBeLessThan(4);
    expect(Math.max(...hours)).toBeGreaterThan(24);
    expect(new Set(hours.map((h) => Math.round(h))).size).toBeGreaterThanOrEqual(5);
  });

  it('has service requests in every status: pending unassigned, scheduled ahead for the demo engineer, cancelled with a reason', async () => {
    const rows = await values<{
      status: string;
      engineer_user_id: string | null;
      scheduled_date: string | null;
      in_future: boolean;
      cancellation_reason: string | null;
    }>(
      `select status, engineer_user_id, scheduled_date::text as scheduled_date,
              scheduled_date >= current_date as in_future, cancellation_reason
       from public.service_requests`,
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['PENDING', 'SCHEDULED', 'COMPLETED', 'CANCELLED']),
    );
    expect(rows.some((r) => r.status === 'PENDING' && r.engineer_user_id === null)).toBe(true);
    expect(
      rows.some(
        (r) =>
          r.status === 'SCHEDULED' && r.engineer_user_id === DEMO_USER_IDS.engineer && r.in_future,
      ),
    ).toBe(true);
    const cancelled = rows.filter((r) => r.status === 'CANCELLED');
    expect(cancelled.every((r) => (r.cancellation_reason ?? '').length > 0)).toBe(true);
  });

  it('has part requests in several statuses whose items name existing parts', async () => {
    const rows = await values<{ status: string; items: { partId: string; qty: number }[] }>(
      `select status, items from public.part_requests`,
    );
    expect(new Set(rows.map((r) => r.status)).size).toBeGreaterThanOrEqual(4);
    const partIds = new Set(
      (await values<{ id: string }>(`select id from public.parts`)).map((p) => p.id),
    );
    for (const item of rows.flatMap((r) => r.items)) {
      expect(partIds.has(item.partId)).toBe(true);
      expect(item.qty).toBeGreaterThan(0);
    }
  });

  it('has engineer certifications valid, expiring, expired and without expiry, a full week and metrics', async () => {
    const engineers = await values<{
      engineer: {
        certifications: { expiryDate?: string }[];
        availability: { dayOfWeek: number; isAvailable: boolean }[];
        performanceMetrics: { averageResolutionTime: number };
      };
    }>(`select engineer from public.users where role = 'ENGINEER'`);
    const labels = new Set(
      engineers
        .flatMap((e) => e.engineer.certifications)
        .map((c) => {
          const s = certificationStatus(c, now);
          return s.expiresSoon ? 'Expires Soon' : s.status;
        }),
    );
    expect(labels).toEqual(new Set(['Valid', 'Expires Soon', 'Expired', 'No Expiry']));
    for (const e of engineers) {
      expect(e.engineer.availability.map((a) => a.dayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(e.engineer.availability.some((a) => !a.isAvailable)).toBe(true);
      expect(e.engineer.performanceMetrics.averageResolutionTime).toBeGreaterThan(0);
    }
  });
});

describe('engineer metrics of the demo data', () => {
  it('store the figures their tickets give, and differ between engineers', async () => {
    const tickets = (
      await values<{
        engineer_user_id: string | null;
        status: string;
        created_at: Date;
        updated_at: Date;
        resolved_at: Date | null;
      }>(
        `select engineer_user_id, status, created_at, updated_at, resolved_at
           from public.support_tickets`,
      )
    ).map((t) => ({
      engineerUserId: t.engineer_user_id,
      status: t.status,
      createdAt: new Date(t.created_at).toISOString(),
      updatedAt: new Date(t.updated_at).toISOString(),
      resolvedAt: t.resolved_at ? new Date(t.resolved_at).toISOString() : null,
    }));
    // Every resolved demo ticket says when (the stamp the resolution time reads, issue 29).
    for (const t of tickets) {
      expect(t.resolvedAt !== null).toBe(t.status === 'RESOLVED' || t.status === 'CLOSED');
    }
    const engineers = await values<{
      id: string;
      engineer: { performanceMetrics: { averageResolutionTime: number; completionRate: number } };
    }>(`select id, engineer from public.users where role = 'ENGINEER'`);
    const averages = new Set<number | null>();
    for (const e of engineers) {
      const computed = engineerMetrics(e.id, tickets, []);
      expect(e.engineer.performanceMetrics).toMatchObject({
        averageResolutionTime: computed.averageResolutionTime,
        completionRate: computed.completionRate,
      });
      averages.add(computed.averageResolutionTime);
    }
    expect(averages.size).toBe(engineers.length);
  });
});

describe('row level security over the demo data', () => {
  it("shows the demo engineer their assigned and the unassigned tickets, never another engineer's", async () => {
    const engineer = DEMO_ACCOUNTS.find((a) => a.role === 'ENGINEER')!;
    const { client } = await signIn(engineer.email, engineer.password);
    const { data, error } = await client.from('support_tickets').select('id, engineer_user_id');
    expect(error).toBeNull();
    const seen = new Set((data ?? []).map((t) => t.id as string));
    const all = await values<{ id: string; engineer_user_id: string | null }>(
      `select id, engineer_user_id from public.support_tickets`,
    );
    const expected = all.filter(
      (t) => t.engineer_user_id === null || t.engineer_user_id === DEMO_USER_IDS.engineer,
    );
    expect(seen).toEqual(new Set(expected.map((t) => t.id)));
    expect(
      all.some((t) => t.engineer_user_id && t.engineer_user_id !== DEMO_USER_IDS.engineer),
    ).toBe(true);
  });

  it('shows the demo customer only their own chairs', async () => {
    const customer = DEMO_ACCOUNTS.find((a) => a.role === 'CUSTOMER')!;
    const { client } = await signIn(customer.email, customer.password);
    const { data, error } = await client.from('chairs').select('id');
    expect(error).toBeNull();
    expect((data ?? []).map((c) => c.id as string).sort()).toEqual(
      Object.values(DEMO_CHAIR_IDS).sort(),
    );
  });
});

describe('generateLargeDataSet', () => {
  it('inserts exactly the requested counts, with tickets spread over statuses and priorities', async () => {
    const count = async (table: string) =>
      (await values<{ n: number }>(`select count(*)::int as n from public.${table}`))[0]?.n ?? 0;
    const before = {
      users: await count('users'),
      chairs: await count('chairs'),
      tickets: await count('support_tickets'),
      requests: await count('service_requests'),
      parts: await count('parts'),
      partRequests: await count('part_requests'),
      training: await count('training_resources'),
    };
    const sizes = {
      chairs: 200,
      tickets: 500,
      serviceRequests: 200,
      parts: 50,
      customers: 40,
      engineers: 5,
      partRequests: 30,
      trainingResources: 12,
    };
    const result = await generateLargeDataSet(db, { ...sizes, seed: 42 });
    expect(result).toMatchObject(sizes);
    expect(await count('users')).toBe(before.users + 45);
    expect(await count('chairs')).toBe(before.chairs + 200);
    expect(await count('support_tickets')).toBe(before.tickets + 500);
    expect(await count('service_requests')).toBe(before.requests + 200);
    expect(await count('parts')).toBe(before.parts + 50);
    expect(await count('part_requests')).toBe(before.partRequests + 30);
    expect(await count('training_resources')).toBe(before.training + 12);

    const spread = await values<{ status: string; priority: string; unassigned: number }>(
      `select status, priority, count(*) filter (where engineer_user_id is null)::int as unassigned
       from public.support_tickets where id::text like '0000002a-%' group by 1, 2`,
    );
    expect(new Set(spread.map((s) => s.status)).size).toBe(4);
    expect(new Set(spread.map((s) => s.priority)).size).toBe(4);
    expect(spread.reduce((sum, s) => sum + s.unassigned, 0)).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed gives the same rows in another database', async () => {
    const other = await openTestDatabase();
    try {
      const options = {
        chairs: 30,
        tickets: 60,
        serviceRequests: 20,
        parts: 10,
        customers: 8,
        engineers: 2,
        seed: 7,
      };
      await generateLargeDataSet(db, options);
      await generateLargeDataSet(other, options);
      const sql = `select md5(string_agg(concat_ws(',', t.id, t.status, t.priority, t.engineer_user_id,
                     t.chair_id, c.serial_number, c.status, c.configuration::text), '|' order by t.id)) as d
                   from public.support_tickets t left join public.chairs c on c.id = t.chair_id
                   where t.id::text like '00000007-%'`;
      const [a] = (await db.query<{ d: string }>(sql)).rows;
      const [b] = (await other.query<{ d: string }>(sql)).rows;
      expect(a?.d).toBeTruthy();
      expect(a?.d).toBe(b?.d);
    } finally {
      await other.close();
    }
  });
});
