// Parity of every mutation's two implementations (issue 13): the local effect the app runs
// (performMutation into a fake-indexeddb Dexie mirror, src/data/effects) and the guarded operation
// on the real server (supabase/migrations on PGlite, called through supabase-js as the user). Each
// case seeds the same starting rows on the server and in the mirror, runs both, and asserts both
// sides' outcome as pinned in the table: the same resulting rows (server-only columns such as
// updated_at normalised) or the same refusal (class and message). Cases sit on both sides of the
// SPEC thresholds (§4, §5, §9). Where the two legitimately differ (the server knows more: rows
// the mirror does not hold, roles and assignment, uniqueness), the case pins each side's outcome
// and says why, so a change to either side's rule still fails here.
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { performMutation } from '../../src/data/actions';
import { openLocalDatabase } from '../../src/data/db';
import { MutationRejected, rowKey } from '../../src/data/local-store';
import {
  ENTITY_TABLES,
  SERVER_TABLE,
  type EntityTable,
  type EntityTables,
} from '../../src/domain/entities';
import { provisionalChairId } from '../../src/domain/chairs';
import { completedChecklist } from '../../src/domain/installation';
import { MUTATION_NAMES, type MutationName, type RejectionClass } from '../../src/domain/mutations';
import { calculateQuote } from '../../src/domain/quote';
import { serviceStatus } from '../../src/domain/service-status';
import {
  isCovered,
  isWarrantyConfirmed,
  warrantyState,
  type Warranty,
} from '../../src/domain/warranty';
import { toLocalRow } from '../../sync/wire';
import { callOp, type Actor } from './actors';
import {
  closeOpsBackend,
  openOpsBackend,
  signUpTicketDeskCast,
  type TicketDeskCast,
} from './ops-harness';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

// ---------------------------------------------------------------------------------------------
// The table's vocabulary
// ---------------------------------------------------------------------------------------------
type Who = keyof TicketDeskCast;
type Refusal = { refused: RejectionClass; message?: string };
/** 'ok': applied, or the goal already held (rows are then compared). */
type Outcome = 'ok' | Refusal;
type Ids = Record<string, string>;
type Row = Record<string, unknown>;

interface World {
  cast: TicketDeskCast;
  now: Date;
}

interface Case {
  name: string;
  as: Who;
  /** Seeds the starting rows on the server (and, unless hidden, in the mirror); returns ids. */
  setup?: (seed: Seeder, world: World) => Promise<Ids>;
  args: (ids: Ids, world: World) => Record<string, unknown>;
  local: Outcome;
  /** The server's outcome when it differs from the local one; `why` must then say why. */
  server?: Outcome;
  why?: string;
  /** A domain value read from one resulting row on both sides (SPEC thresholds). */
  derive?: {
    table: EntityTable;
    id: (ids: Ids) => string;
    value: (row: Row, now: Date) => unknown;
    expected: unknown;
  };
  /** Marks a case sitting on one side of a SPEC threshold (counted in the summary). */
  threshold?: string;
}

// ---------------------------------------------------------------------------------------------
// Seeding: rows go into the server as the superuser, and are copied into the case's mirror
// ---------------------------------------------------------------------------------------------
let db: Database;
let running: RunningServer;
let cast: TicketDeskCast;
let serial = 0;

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

class Seeder {
  /** Rows the mirror starts with (table, id). */
  readonly visible: { table: EntityTable; id: string }[] = [];

  private show(table: EntityTable, id: string, hidden: boolean | undefined): string {
    if (!hidden) this.visible.push({ table, id });
    return id;
  }

  async chair(
    opts: {
      status?: 'IN_STOCK' | 'DELIVERED' | 'REGISTERED';
      owner?: string | null;
      warranty?: Warranty | null;
      testSheet?: Row | null;
      service?: Row | null;
      serialNumber?: string;
      hidden?: boolean;
    } = {},
  ): Promise<string> {
    const id = randomUUID();
    serial += 1;
    await db.query(
      `insert into public.chairs
         (id, serial_number, model, model_name, status, owner_user_id, warranty, test_sheet, service)
       values ($1, $2, 'S30', 'S30 Sigma', $3, $4, $5::jsonb, $6::jsonb, $7::jsonb)`,
      [
        id,
        opts.serialNumber ?? `PARITY-${serial}-${Date.now()}`,
        opts.status ?? 'IN_STOCK',
        opts.owner ?? null,
        json(opts.warranty),
        json(opts.testSheet),
        json(opts.service),
      ],
    );
    return this.show('chairs', id, opts.hidden);
  }

  async serialOf(chairId: string): Promise<string> {
    const { rows } = await db.query<{ serial_number: string }>(
      `select serial_number from public.chairs where id = $1`,
      [chairId],
    );
    return rows[0]!.serial_number;
  }

  async ticket(
    opts: {
      status?: 'OPEN' | 'IN_PROGRESS' | 'RESOLVED' | 'CLOSED';
      customer?: string;
      engineer?: string | null;
      serviceNotes?: Row | null;
      /** When a RESOLVED or CLOSED ticket was resolved (else the server stamps it now). */
      resolvedAt?: string;
      hidden?: boolean;
    } = {},
  ): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into public.support_tickets
         (id, title, description, status, priority, customer_user_id, engineer_user_id,
          service_notes, resolved_at)
       values ($1, 'Chair will not rise', 'The base stops half way up', $2, 'NORMAL', $3, $4,
               $5::jsonb, $6)`,
      [
        id,
        opts.status ?? 'OPEN',
        opts.customer ?? cast.cathy.id,
        opts.engineer ?? null,
        json(opts.serviceNotes),
        opts.resolvedAt ?? null,
      ],
    );
    return this.show('supportTickets', id, opts.hidden);
  }

  async request(
    opts: {
      status?: 'PENDING' | 'SCHEDULED' | 'COMPLETED' | 'CANCELLED';
      customer?: string;
      chair?: string | null;
      engineer?: string | null;
      preferred?: [string, string] | null;
      scheduled?: [string, string] | null;
      cancellationReason?: string | null;
      hidden?: boolean;
    } = {},
  ): Promise<string> {
    const id = randomUUID();
    const preferred = opts.preferred === undefined ? ['2031-03-04', '09:30'] : opts.preferred;
    await db.query(
      `insert into public.service_requests
         (id, customer_user_id, chair_id, preferred_date, preferred_time, status, scheduled_date,
          scheduled_time, engineer_user_id, cancellation_reason)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        opts.customer ?? cast.cathy.id,
        opts.chair ?? null,
        preferred?.[0] ?? null,
        preferred?.[1] ?? null,
        opts.status ?? 'PENDING',
        opts.scheduled?.[0] ?? null,
        opts.scheduled?.[1] ?? null,
        opts.engineer ?? null,
        opts.cancellationReason ?? null,
      ],
    );
    return this.show('serviceRequests', id, opts.hidden);
  }

  async part(
    opts: {
      stock?: number;
      price?: number;
      name?: string;
      deleted?: boolean;
      hidden?: boolean;
    } = {},
  ): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into public.parts (id, name, part_code, model, diagram_url, price, stock, deleted_at)
       values ($1, $2, 'HP-1', 'S30', 'https://example.com/hp.pdf', $3, $4,
               case when $5 then now() end)`,
      [
        id,
        opts.name ?? 'Hydraulic pump',
        opts.price ?? 120.5,
        opts.stock ?? 5,
        opts.deleted ?? false,
      ],
    );
    return this.show('parts', id, opts.hidden ?? opts.deleted);
  }

  async training(opts: { hidden?: boolean } = {}): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into public.training_resources (id, title, type, url, content)
       values ($1, 'Upholstery care', 'VIDEO', 'https://example.com/care.mp4', null)`,
      [id],
    );
    return this.show('trainingResources', id, opts.hidden);
  }

  async partRequest(
    opts: { status?: 'PENDING' | 'QUOTED' | 'ORDERED' | 'FULFILLED' | 'CANCELLED' } = {},
  ): Promise<string> {
    const id = randomUUID();
    await db.query(
      `insert into public.part_requests (id, user_id, items, status) values ($1, $2, '[]', $3)`,
      [id, cast.cathy.id, opts.status ?? 'PENDING'],
    );
    return this.show('partRequests', id, false);
  }

  /** A directory user (no auth account), as an admin's Add user leaves one. */
  async user(
    opts: { role?: 'CUSTOMER' | 'ENGINEER'; deleted?: boolean; hidden?: boolean } = {},
  ): Promise<string> {
    const id = randomUUID();
    serial += 1;
    await db.query(
      `insert into public.users (id, email, name, role, deleted_at)
       values ($1, $2, 'Dora Directory', $3, case when $4 then now() end)`,
      [
        id,
        `dora.${serial}.${Date.now()}@example.com`,
        opts.role ?? 'CUSTOMER',
        opts.deleted ?? false,
      ],
    );
    // The mirror's users are loaded whole (below); deleted ones are not shown, as after a pull.
    return id;
  }
}

async function serverRow(table: EntityTable, id: string): Promise<Row | undefined> {
  const { rows } = await db.query<{ row: unknown }>(
    `select to_jsonb(t) as row from public.${SERVER_TABLE[table]} t where id = $1`,
    [id],
  );
  if (rows.length === 0) return undefined;
  const row = toLocalRow(table, rows[0]!.row) as unknown as Row;
  // A soft-deleted row leaves the mirror on the next pull: absent on both sides.
  return row.deletedAt ? undefined : row;
}

async function openMirror(actor: Actor, seeder: Seeder) {
  const mirror = openLocalDatabase(actor.id, {
    name: `parity-${randomUUID()}`,
    indexedDB: new IDBFactory(),
    IDBKeyRange,
  });
  const { rows: users } = await db.query<{ id: string }>(
    `select id from public.users where deleted_at is null`,
  );
  const rows: { table: EntityTable; id: string }[] = [
    ...users.map((u) => ({ table: 'users' as const, id: u.id })),
    ...seeder.visible,
  ];
  for (const { table, id } of rows) {
    const row = await serverRow(table, id);
    if (row) await mirror[table].put(row as never);
  }
  return mirror;
}

// ---------------------------------------------------------------------------------------------
// Comparing: the relevant columns, with server-only columns and the clock normalised
// ---------------------------------------------------------------------------------------------
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

function plusYear(now: Date): number {
  const next = new Date(now);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next.getTime();
}

/**
 * Drops what only one side can know or writes differently by nature: updated_at (the server's
 * change clock), null versus absent optional fields, the server's random id of a history entry;
 * dates compare as instants, and "now" (either side's clock, within a minute) reads as NOW.
 */
function normalise(value: unknown, now: Date, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item, now, key));
  if (value !== null && typeof value === 'object') {
    const out: Row = {};
    for (const [k, v] of Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) {
      if (v === null || v === undefined || k === 'updatedAt') continue;
      if (key === 'serviceHistory' && k === 'id') continue;
      out[k] = normalise(v, now, k);
    }
    return out;
  }
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
    if (Math.abs(time - now.getTime()) < MINUTE_MS) return 'NOW';
    if (Math.abs(time - plusYear(now)) < MINUTE_MS) return 'NOW + 1 year';
    return new Date(time).toISOString();
  }
  return value;
}

const SERVER_TO_LOCAL = Object.fromEntries(
  ENTITY_TABLES.map((table) => [SERVER_TABLE[table], table]),
) as Record<string, EntityTable>;

function describeOutcome(outcome: Outcome): string {
  return outcome === 'ok' ? 'ok' : `${outcome.refused}: ${outcome.message ?? '(any message)'}`;
}

function expectOutcome(actual: Outcome, expected: Outcome, side: string): void {
  const shown = `${side} ${describeOutcome(actual)}`;
  if (expected === 'ok') {
    expect(shown).toBe(`${side} ok`);
    return;
  }
  expect(actual, shown).not.toBe('ok');
  const refusal = actual as Refusal;
  expect(refusal.refused, shown).toBe(expected.refused);
  if (expected.message !== undefined) expect(refusal.message, shown).toBe(expected.message);
}

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
const utcDay = (now: Date, days = 0) =>
  new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
/** A confirmed warranty with `days` days left at `now` (5 years from activation). */
const warrantyWithDaysLeft = (now: Date, days: number): Warranty => {
  const activated = new Date(now.getTime() + days * DAY_MS - 12 * 3_600_000);
  activated.setUTCFullYear(activated.getUTCFullYear() - 5);
  return {
    activatedAt: activated.toISOString(),
    confirmed: false,
    warrantyYears: 5,
    extensionPurchased: false,
    extensionYears: 0,
  };
};
const allPass = { partsArrived: true, powersOn: true, movementOK: true, waterAirOK: true };
/** A test sheet on file (issue 29: submitted before the warranty was activated). */
const sheetOnFile = (checks: typeof allPass) => ({
  ...checks,
  notes: null,
  submittedAt: '2026-01-01T00:00:00.000Z',
});
/** Whether the resulting chair's warranty counts as confirmed (isWarrantyConfirmed). */
const confirmedWarranty = (expected: boolean) => ({
  table: 'chairs' as const,
  id: (ids: Ids) => ids.chair!,
  value: (row: Row) => isWarrantyConfirmed(row.warranty as Warranty | null),
  expected,
});
const notes = (row: Row) => (row.serviceNotes ?? {}) as Row;
const quoteOf = (row: Row, now: Date) =>
  calculateQuote(
    {
      timeSpent: notes(row).timeSpent as number | undefined,
      parts: (notes(row).partsUsed as { price: number; quantity: number }[] | undefined) ?? [],
      workType: 'OUT_OF_WARRANTY',
      warranty: {},
    },
    now,
  );
/**
 * A test sheet queued on a chair activated offline (issue 15): it names the device's stand-in id
 * and the serial; the mirror no longer holds the stand-in, so the server decides by serial.
 */
function sheetOnStandIn(name: string, owner: () => string, server: Outcome, why: string): Case {
  return {
    name,
    as: 'cathy',
    setup: async (s) => {
      const chair = await s.chair({ status: 'REGISTERED', owner: owner(), hidden: true });
      return { chair, serial: await s.serialOf(chair) };
    },
    args: (ids) => ({
      chairId: provisionalChairId(ids.serial!),
      serialNumber: ids.serial,
      ...allPass,
    }),
    local: 'ok',
    server,
    why,
  };
}

/** A resolution stamp well before the case runs. */
const RESOLVED_EARLIER = '2026-01-10T08:00:00.000Z';
/** The resulting ticket's resolvedAt ('NOW' within a minute of the case; null: none). */
const resolvedAtIs = (expected: string | null) => ({
  table: 'supportTickets' as const,
  id: (ids: Ids) => ids.ticket!,
  value: (row: Row, now: Date) => {
    const at = row.resolvedAt as string | null | undefined;
    if (!at) return null;
    return Math.abs(Date.parse(at) - now.getTime()) < MINUTE_MS
      ? 'NOW'
      : new Date(at).toISOString();
  },
  expected,
});

const NOT_THE_MIRROR = 'The mirror does not hold the row; the server does and decides.';

/** A visit to `chair` with Eve two days from `now` at 10:30 (serviceRequest.book). */
const bookArgs = (chair: string, now: Date) => ({
  id: randomUUID(),
  chairId: chair,
  engineerUserId: cast.eve.id,
  scheduledDate: utcDay(now, 2),
  scheduledTime: '10:30',
  notes: 'Yearly inspection',
});
const SERVER_CHECKS_PERMISSION =
  'Roles and assignment are checked by the server; the local effect runs for the permitted screen only.';

// ---------------------------------------------------------------------------------------------
// The table: every mutation, its cases
// ---------------------------------------------------------------------------------------------
const table: { [N in MutationName]: Case[] } = {
  // --- Tickets ------------------------------------------------------------------------------
  'ticket.create': [
    {
      name: 'a ticket on my own chair, description exactly 10 characters',
      as: 'cathy',
      threshold: 'description ≥ 10',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids) => ({
        id: (ids.ticket = randomUUID()),
        title: '  Squeaky base ',
        description: ' 1234567890 ',
        priority: 'HIGH',
        chairId: ids.chair,
      }),
      local: 'ok',
    },
    {
      name: 'a description of 9 characters after trimming',
      as: 'cathy',
      threshold: 'description ≥ 10',
      args: () => ({ id: randomUUID(), title: 'T', description: ' 123456789  ', priority: 'LOW' }),
      local: { refused: 'validation', message: 'Description must be at least 10 characters' },
    },
    {
      name: 'a blank title',
      as: 'cathy',
      args: () => ({
        id: randomUUID(),
        title: '   ',
        description: 'Long enough text',
        priority: 'LOW',
      }),
      local: { refused: 'validation', message: 'Title is required' },
    },
    {
      name: "another customer's chair",
      as: 'cathy',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.carl.id, hidden: true }),
      }),
      args: (ids) => ({
        id: randomUUID(),
        title: 'T',
        description: 'Long enough text',
        priority: 'LOW',
        chairId: ids.chair,
      }),
      local: { refused: 'not_found', message: 'Chair not found' },
    },
  ],
  'ticket.take': [
    {
      name: 'an unassigned OPEN ticket',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket() }),
      args: (ids) => ({ ticketId: ids.ticket }),
      local: 'ok',
    },
    {
      name: "another engineer's ticket",
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'IN_PROGRESS', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket }),
      local: { refused: 'conflict', message: 'This ticket has already been taken by Ed Engineer' },
    },
    {
      name: 'an unassigned RESOLVED ticket',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ status: 'RESOLVED' }) }),
      args: (ids) => ({ ticketId: ids.ticket }),
      local: { refused: 'conflict', message: 'This ticket is already resolved' },
    },
    {
      name: 'my own RESOLVED ticket keeps its status',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'RESOLVED', engineer: cast.eve.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket }),
      local: 'ok',
    },
    {
      name: 'a ticket the mirror does not hold',
      as: 'eve',
      args: () => ({ ticketId: randomUUID() }),
      local: 'ok',
      server: { refused: 'not_found', message: 'Ticket not found' },
      why: NOT_THE_MIRROR,
    },
  ],
  'ticket.assign': [
    {
      name: 'an OPEN ticket moves to IN_PROGRESS',
      as: 'vera',
      setup: async (s) => ({ ticket: await s.ticket() }),
      args: (ids) => ({ ticketId: ids.ticket, engineerUserId: cast.eve.id }),
      local: 'ok',
    },
    {
      name: 'an IN_PROGRESS ticket is reassigned and keeps its status',
      as: 'vera',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'IN_PROGRESS', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, engineerUserId: cast.eve.id }),
      local: 'ok',
    },
    {
      name: 'a RESOLVED ticket keeps its engineer (issue 29)',
      as: 'adam',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'RESOLVED', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, engineerUserId: cast.eve.id }),
      local: { refused: 'conflict', message: 'This ticket is already resolved' },
    },
    {
      name: 'a CLOSED ticket keeps its engineer (issue 29)',
      as: 'vera',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'CLOSED', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, engineerUserId: cast.eve.id }),
      local: { refused: 'conflict', message: 'This ticket is already closed' },
    },
    {
      name: 'the assignee is not an engineer',
      as: 'vera',
      setup: async (s) => ({ ticket: await s.ticket() }),
      args: (ids) => ({ ticketId: ids.ticket, engineerUserId: cast.carl.id }),
      local: 'ok',
      server: { refused: 'validation', message: 'Engineer not found' },
      why: 'The screen offers engineers only; the server checks the role of the row it holds.',
    },
  ],
  'ticket.setStatus': [
    {
      name: 'the assigned engineer closes the ticket: resolved now',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'IN_PROGRESS', engineer: cast.eve.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, status: 'CLOSED' }),
      local: 'ok',
      derive: resolvedAtIs('NOW'),
    },
    {
      name: 'a RESOLVED ticket closed keeps when it was resolved (issue 29)',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({
          status: 'RESOLVED',
          engineer: cast.eve.id,
          resolvedAt: RESOLVED_EARLIER,
        }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, status: 'CLOSED' }),
      local: 'ok',
      derive: resolvedAtIs(RESOLVED_EARLIER),
    },
    {
      name: 'a RESOLVED ticket reopened is no longer resolved',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({
          status: 'RESOLVED',
          engineer: cast.eve.id,
          resolvedAt: RESOLVED_EARLIER,
        }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, status: 'IN_PROGRESS' }),
      local: 'ok',
      derive: resolvedAtIs(null),
    },
    {
      name: "another engineer's ticket",
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ status: 'IN_PROGRESS', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, status: 'OPEN' }),
      local: 'ok',
      server: { refused: 'forbidden', message: 'Only the assigned engineer can change the status' },
      why: SERVER_CHECKS_PERMISSION,
    },
    {
      name: 'an unknown status',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({ ticketId: ids.ticket, status: 'DONE' }),
      local: { refused: 'validation' },
      server: {
        refused: 'validation',
        message: 'Status must be OPEN, IN_PROGRESS, RESOLVED or CLOSED',
      },
      why: 'The client has no message of its own for a status outside the enum (no screen offers one).',
    },
  ],
  'ticket.updateServiceNotes': [
    {
      name: 'time spent 0: the quote assumes 120 minutes',
      as: 'eve',
      threshold: 'quote default 120 min (timeSpent 0)',
      setup: async (s) => ({
        ticket: await s.ticket({
          engineer: cast.eve.id,
          serviceNotes: { workPerformed: 'old', conditionReport: { beforeService: 'worn' } },
        }),
      }),
      args: (ids) => ({
        ticketId: ids.ticket,
        patch: { timeSpent: 0, conditionReport: { afterService: 'fine' }, followUpRequired: true },
      }),
      local: 'ok',
      derive: {
        table: 'supportTickets',
        id: (ids) => ids.ticket!,
        value: (row, now) => quoteOf(row, now).labor,
        expected: 180,
      },
    },
    {
      name: 'time spent 1 minute is charged as 1 minute',
      as: 'eve',
      threshold: 'quote default 120 min (timeSpent 1)',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({ ticketId: ids.ticket, patch: { timeSpent: 1, workType: 'DAMAGE' } }),
      local: 'ok',
      derive: {
        table: 'supportTickets',
        id: (ids) => ids.ticket!,
        value: (row, now) => quoteOf(row, now).labor,
        expected: 1.5,
      },
    },
    {
      name: 'time spent below 0',
      as: 'eve',
      threshold: 'timeSpent ≥ 0',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({ ticketId: ids.ticket, patch: { timeSpent: -1 } }),
      local: { refused: 'validation', message: 'Time spent must be 0 or more' },
    },
    {
      name: "another engineer's ticket",
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.ed.id }) }),
      args: (ids) => ({ ticketId: ids.ticket, patch: { workPerformed: 'x' } }),
      local: 'ok',
      server: { refused: 'forbidden', message: 'This ticket is assigned to another engineer' },
      why: SERVER_CHECKS_PERMISSION,
    },
  ],
  'ticket.addPart': [
    {
      name: 'a part line with the catalogue price',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ engineer: cast.eve.id }),
        part: await s.part({ price: 42.5 }),
      }),
      args: (ids) => ({
        ticketId: ids.ticket,
        lineId: randomUUID(),
        partId: ids.part,
        quantity: 2,
        condition: 'REFURBISHED',
      }),
      local: 'ok',
      derive: {
        table: 'supportTickets',
        id: (ids) => ids.ticket!,
        value: (row, now) => quoteOf(row, now).parts,
        expected: 85,
      },
    },
    {
      name: 'the same line twice is one line',
      as: 'eve',
      setup: async (s) => {
        const part = await s.part();
        const line = randomUUID();
        const ticket = await s.ticket({
          engineer: cast.eve.id,
          serviceNotes: {
            partsUsed: [
              {
                lineId: line,
                partId: part,
                partName: 'Hydraulic pump',
                partCode: 'HP-1',
                price: 120.5,
                quantity: 1,
                condition: 'NEW',
              },
            ],
          },
        });
        return { ticket, part, line };
      },
      args: (ids) => ({
        ticketId: ids.ticket,
        lineId: ids.line,
        partId: ids.part,
        quantity: 1,
        condition: 'NEW',
      }),
      local: 'ok',
    },
    {
      name: 'a deleted part',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ engineer: cast.eve.id }),
        part: await s.part({ deleted: true }),
      }),
      args: (ids) => ({
        ticketId: ids.ticket,
        lineId: randomUUID(),
        partId: ids.part,
        quantity: 1,
        condition: 'NEW',
      }),
      local: { refused: 'not_found', message: 'Part not found' },
    },
    {
      name: 'quantity 0',
      as: 'eve',
      threshold: 'quantity ≥ 1',
      setup: async (s) => ({
        ticket: await s.ticket({ engineer: cast.eve.id }),
        part: await s.part(),
      }),
      args: (ids) => ({
        ticketId: ids.ticket,
        lineId: randomUUID(),
        partId: ids.part,
        quantity: 0,
        condition: 'NEW',
      }),
      local: { refused: 'validation' },
      server: 'ok',
      why: 'SPEC §5 "an invalid entry becomes 1": the form coerces before the mutation, and the server coerces whatever arrives.',
    },
  ],
  'ticket.removePart': [
    {
      name: 'a line is removed',
      as: 'eve',
      setup: async (s) => {
        const line = randomUUID();
        const ticket = await s.ticket({
          engineer: cast.eve.id,
          serviceNotes: {
            timeSpent: 30,
            partsUsed: [
              {
                lineId: line,
                partId: randomUUID(),
                partName: 'Seat',
                partCode: null,
                price: 10,
                quantity: 1,
                condition: 'NEW',
              },
              {
                lineId: randomUUID(),
                partId: randomUUID(),
                partName: 'Arm',
                partCode: 'A',
                price: 5,
                quantity: 2,
                condition: 'USED',
              },
            ],
          },
        });
        return { ticket, line };
      },
      args: (ids) => ({ ticketId: ids.ticket, lineId: ids.line }),
      local: 'ok',
    },
    {
      name: 'a line that is not there',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({ engineer: cast.eve.id, serviceNotes: { partsUsed: [] } }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, lineId: randomUUID() }),
      local: 'ok',
    },
  ],
  'ticket.resolve': [
    {
      name: 'a new resolution text on a RESOLVED ticket keeps when it was resolved (issue 29)',
      as: 'eve',
      setup: async (s) => ({
        ticket: await s.ticket({
          status: 'RESOLVED',
          engineer: cast.eve.id,
          resolvedAt: RESOLVED_EARLIER,
        }),
      }),
      args: (ids) => ({ ticketId: ids.ticket, resolution: 'Replaced the pump and the seal' }),
      local: 'ok',
      derive: resolvedAtIs(RESOLVED_EARLIER),
    },
    {
      name: 'an engineer resolving an unassigned ticket takes it',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket() }),
      args: (ids) => ({ ticketId: ids.ticket, resolution: '  Replaced the pump ' }),
      local: 'ok',
    },
    {
      name: 'an admin resolving an unassigned ticket leaves it unassigned',
      as: 'adam',
      setup: async (s) => ({ ticket: await s.ticket() }),
      args: (ids) => ({ ticketId: ids.ticket, resolution: 'Closed by the office' }),
      local: 'ok',
    },
    {
      name: 'a blank resolution',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({ ticketId: ids.ticket, resolution: '   ' }),
      local: { refused: 'validation', message: 'Please provide a resolution description' },
    },
    {
      name: 'an engineer resolving a ticket an admin closed',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ status: 'CLOSED' }) }),
      args: (ids) => ({ ticketId: ids.ticket, resolution: 'Replaced the pump' }),
      local: { refused: 'conflict', message: 'This ticket is closed and cannot be resolved' },
    },
    {
      name: 'an admin resolving a closed ticket',
      as: 'adam',
      setup: async (s) => ({ ticket: await s.ticket({ status: 'CLOSED', engineer: cast.eve.id }) }),
      args: (ids) => ({ ticketId: ids.ticket, resolution: 'Reopened by the office' }),
      local: { refused: 'conflict', message: 'This ticket is closed and cannot be resolved' },
    },
    {
      name: "resolved with the customer's name and drawn signature",
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({
        ticketId: ids.ticket,
        resolution: 'Replaced the pump',
        signOff: { customerName: '  Dr Cathy Moss ', signatureImage: PNG },
      }),
      local: 'ok',
    },
    {
      name: 'a sign-off without the customer name',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({
        ticketId: ids.ticket,
        resolution: 'Replaced the pump',
        signOff: { customerName: ' ', signatureImage: PNG },
      }),
      local: { refused: 'validation', message: 'Customer name is required' },
    },
    {
      name: 'a sign-off without a drawing',
      as: 'eve',
      setup: async (s) => ({ ticket: await s.ticket({ engineer: cast.eve.id }) }),
      args: (ids) => ({
        ticketId: ids.ticket,
        resolution: 'Replaced the pump',
        signOff: { customerName: 'Dr Cathy Moss', signatureImage: 'not a picture' },
      }),
      local: { refused: 'validation', message: 'Please sign in the box' },
    },
  ],

  // --- Service requests -----------------------------------------------------------------------
  'serviceRequest.create': [
    {
      name: 'a preferred date of today',
      as: 'cathy',
      threshold: 'preferred date ≥ today (today)',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, w) => ({
        id: randomUUID(),
        chairId: ids.chair,
        preferredDate: utcDay(w.now),
        preferredTime: '08:00',
        notes: '  Before 9 please ',
      }),
      local: 'ok',
    },
    {
      name: 'a preferred date of yesterday',
      as: 'cathy',
      threshold: 'preferred date ≥ today (yesterday)',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, w) => ({
        id: randomUUID(),
        chairId: ids.chair,
        preferredDate: utcDay(w.now, -1),
        preferredTime: '08:00',
      }),
      local: { refused: 'validation', message: 'Preferred date cannot be in the past' },
    },
    {
      name: "another customer's chair",
      as: 'cathy',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.carl.id, hidden: true }),
      }),
      args: (ids, w) => ({
        id: randomUUID(),
        chairId: ids.chair,
        preferredDate: utcDay(w.now, 3),
        preferredTime: '10:30',
      }),
      local: { refused: 'not_found', message: 'Chair not found' },
    },
    {
      name: 'no chair chosen',
      as: 'cathy',
      args: (_ids, w) => ({
        id: randomUUID(),
        chairId: '',
        preferredDate: utcDay(w.now, 3),
        preferredTime: '10:30',
      }),
      local: { refused: 'validation', message: 'Please select a chair' },
    },
  ],
  'serviceRequest.take': [
    {
      name: 'a PENDING request books the preferred date and time',
      as: 'eve',
      setup: async (s) => ({ request: await s.request() }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: 'ok',
    },
    {
      name: 'an unassigned SCHEDULED request keeps its appointment',
      as: 'eve',
      setup: async (s) => ({
        request: await s.request({ status: 'SCHEDULED', scheduled: ['2031-05-06', '14:00'] }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: 'ok',
    },
    {
      name: "another engineer's request",
      as: 'eve',
      setup: async (s) => ({
        request: await s.request({ status: 'SCHEDULED', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: {
        refused: 'conflict',
        message: 'This service request has already been taken by Ed Engineer',
      },
    },
    {
      name: 'a CANCELLED request',
      as: 'eve',
      setup: async (s) => ({ request: await s.request({ status: 'CANCELLED' }) }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: { refused: 'conflict', message: 'This service request is already cancelled' },
    },
    {
      name: 'my own SCHEDULED request: the goal holds',
      as: 'eve',
      setup: async (s) => ({
        request: await s.request({
          status: 'SCHEDULED',
          engineer: cast.eve.id,
          scheduled: ['2031-05-06', '14:00'],
        }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: 'ok',
    },
  ],
  'serviceRequest.assign': [
    {
      name: 'a PENDING request copies the preferred date and time',
      as: 'vera',
      setup: async (s) => ({ request: await s.request() }),
      args: (ids) => ({ serviceRequestId: ids.request, engineerUserId: cast.eve.id }),
      local: 'ok',
    },
    {
      name: 'without a preferred time nothing is copied',
      as: 'vera',
      setup: async (s) => ({ request: await s.request({ preferred: null }) }),
      args: (ids) => ({ serviceRequestId: ids.request, engineerUserId: cast.eve.id }),
      local: 'ok',
    },
    {
      name: 'a SCHEDULED request keeps its appointment on reassignment',
      as: 'adam',
      setup: async (s) => ({
        request: await s.request({
          status: 'SCHEDULED',
          engineer: cast.ed.id,
          scheduled: ['2031-05-06', '14:00'],
        }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request, engineerUserId: cast.eve.id }),
      local: 'ok',
    },
    {
      name: 'a COMPLETED request',
      as: 'vera',
      setup: async (s) => ({
        request: await s.request({ status: 'COMPLETED', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request, engineerUserId: cast.eve.id }),
      local: { refused: 'conflict', message: 'This service request is already completed' },
    },
  ],
  'serviceRequest.schedule': [
    {
      name: 'a PENDING request is scheduled',
      as: 'vera',
      setup: async (s) => ({ request: await s.request() }),
      args: (ids) => ({
        serviceRequestId: ids.request,
        scheduledDate: '2031-07-08',
        scheduledTime: '16:30',
      }),
      local: 'ok',
    },
    {
      name: 'a SCHEDULED request is rescheduled by its engineer',
      as: 'eve',
      setup: async (s) => ({
        request: await s.request({
          status: 'SCHEDULED',
          engineer: cast.eve.id,
          scheduled: ['2031-05-06', '14:00'],
        }),
      }),
      args: (ids) => ({
        serviceRequestId: ids.request,
        scheduledDate: '2031-05-07',
        scheduledTime: '08:00',
      }),
      local: 'ok',
    },
    {
      name: 'a CANCELLED request',
      as: 'vera',
      setup: async (s) => ({ request: await s.request({ status: 'CANCELLED' }) }),
      args: (ids) => ({
        serviceRequestId: ids.request,
        scheduledDate: '2031-07-08',
        scheduledTime: '16:30',
      }),
      local: { refused: 'conflict', message: 'This service request is already cancelled' },
    },
    {
      name: 'an engineer who is not assigned',
      as: 'eve',
      setup: async (s) => ({ request: await s.request({ engineer: cast.ed.id }) }),
      args: (ids) => ({
        serviceRequestId: ids.request,
        scheduledDate: '2031-07-08',
        scheduledTime: '16:30',
      }),
      local: 'ok',
      server: {
        refused: 'forbidden',
        message: 'Only the assigned engineer can schedule this service request',
      },
      why: SERVER_CHECKS_PERMISSION,
    },
  ],
  'serviceRequest.cancel': [
    {
      name: 'a PENDING request; a blank reason is none',
      as: 'cathy',
      setup: async (s) => ({ request: await s.request() }),
      args: (ids) => ({ serviceRequestId: ids.request, reason: '   ' }),
      local: 'ok',
    },
    {
      name: 'a SCHEDULED request with a reason',
      as: 'vera',
      setup: async (s) => ({
        request: await s.request({ status: 'SCHEDULED', engineer: cast.ed.id }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request, reason: ' Chair replaced ' }),
      local: 'ok',
    },
    {
      name: 'an already CANCELLED request keeps its reason',
      as: 'cathy',
      setup: async (s) => ({
        request: await s.request({ status: 'CANCELLED', cancellationReason: 'first' }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request, reason: 'second' }),
      local: 'ok',
    },
    {
      name: 'a COMPLETED request',
      as: 'cathy',
      setup: async (s) => ({ request: await s.request({ status: 'COMPLETED' }) }),
      args: (ids) => ({ serviceRequestId: ids.request, reason: 'too late' }),
      local: { refused: 'conflict', message: 'A completed service request cannot be cancelled' },
    },
  ],
  'serviceRequest.complete': [
    {
      name: 'a SCHEDULED request',
      as: 'eve',
      setup: async (s) => ({
        request: await s.request({ status: 'SCHEDULED', engineer: cast.eve.id }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: 'ok',
    },
    {
      name: 'a PENDING request',
      as: 'eve',
      setup: async (s) => ({ request: await s.request({ engineer: cast.eve.id }) }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: { refused: 'conflict', message: 'This service request is not scheduled yet' },
    },
    {
      name: 'a COMPLETED request',
      as: 'adam',
      setup: async (s) => ({
        request: await s.request({ status: 'COMPLETED', engineer: cast.eve.id }),
      }),
      args: (ids) => ({ serviceRequestId: ids.request }),
      local: { refused: 'conflict', message: 'This service request is already completed' },
    },
  ],
  'serviceRequest.book': [
    {
      name: "a due chair's visit is booked for its owner, assigned and scheduled",
      as: 'vera',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, { now }) => bookArgs(ids.chair!, now),
      local: 'ok',
    },
    {
      name: "today's last slot, by an admin",
      as: 'adam',
      setup: async (s) => ({ chair: await s.chair({ status: 'REGISTERED', owner: cast.carl.id }) }),
      args: (ids, { now }) => ({
        ...bookArgs(ids.chair!, now),
        scheduledDate: utcDay(now),
        scheduledTime: '16:30',
        notes: '  ',
      }),
      local: 'ok',
    },
    {
      name: 'a chair with an open request',
      as: 'vera',
      setup: async (s) => {
        const chair = await s.chair({ status: 'REGISTERED', owner: cast.cathy.id });
        return { chair, request: await s.request({ chair }) };
      },
      args: (ids, { now }) => bookArgs(ids.chair!, now),
      local: { refused: 'conflict', message: 'This chair already has an open service request' },
    },
    {
      name: 'a chair whose last request is completed',
      as: 'vera',
      setup: async (s) => {
        const chair = await s.chair({ status: 'REGISTERED', owner: cast.cathy.id });
        return { chair, request: await s.request({ chair, status: 'COMPLETED' }) };
      },
      args: (ids, { now }) => bookArgs(ids.chair!, now),
      local: 'ok',
    },
    {
      name: 'a chair without an owner',
      as: 'vera',
      setup: async (s) => ({ chair: await s.chair() }),
      args: (ids, { now }) => bookArgs(ids.chair!, now),
      local: { refused: 'conflict', message: 'This chair has no owner to book a visit for' },
    },
    {
      name: 'yesterday',
      as: 'vera',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, { now }) => ({ ...bookArgs(ids.chair!, now), scheduledDate: utcDay(now, -1) }),
      local: { refused: 'validation', message: 'A visit cannot be booked in the past' },
      threshold: 'SPEC §5: a date today or later',
    },
    {
      name: 'between two booking slots',
      as: 'vera',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, { now }) => ({ ...bookArgs(ids.chair!, now), scheduledTime: '16:45' }),
      local: {
        refused: 'validation',
        message: 'A visit starts at a booking slot, every 30 minutes from 08:00 to 16:30',
      },
      threshold: 'SPEC §9: slots every 30 minutes from 08:00 to 16:30',
    },
    {
      name: 'someone who is not an engineer',
      as: 'vera',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, { now }) => ({ ...bookArgs(ids.chair!, now), engineerUserId: cast.vera.id }),
      local: { refused: 'validation', message: 'Engineer not found' },
    },
    {
      name: 'a chair the mirror does not hold',
      as: 'vera',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id, hidden: true }),
      }),
      args: (ids, { now }) => bookArgs(ids.chair!, now),
      local: 'ok',
      server: 'ok',
      why: NOT_THE_MIRROR,
    },
    {
      name: 'by a customer',
      as: 'cathy',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids, { now }) => bookArgs(ids.chair!, now),
      local: 'ok',
      server: { refused: 'forbidden', message: 'You do not have permission to do this' },
      why: SERVER_CHECKS_PERMISSION,
    },
  ],

  // --- Chairs, warranty, installations, part requests, profile --------------------------------
  'chair.register': [
    {
      name: 'an IN_STOCK chair',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair();
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ serialNumber: ` ${ids.serial} `, deliveryDate: '2026-01-15' }),
      local: 'ok',
    },
    {
      name: 'a DELIVERED chair',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({ status: 'DELIVERED' });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ serialNumber: ids.serial, deliveryDate: '2026-02-01T10:00:00Z' }),
      local: 'ok',
    },
    {
      name: 'a DELIVERED chair with a passing sheet on file: confirmed at once (issue 29)',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({
          status: 'DELIVERED',
          owner: cast.cathy.id,
          testSheet: sheetOnFile(allPass),
        });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ serialNumber: ids.serial, deliveryDate: '2026-02-01T10:00:00Z' }),
      local: 'ok',
      derive: confirmedWarranty(true),
    },
    {
      name: 'a chair already REGISTERED',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({ status: 'REGISTERED', owner: cast.cathy.id });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ serialNumber: ids.serial, deliveryDate: '2026-01-15' }),
      local: { refused: 'conflict', message: 'This chair is already registered' },
    },
    {
      name: 'an in-stock chair the mirror does not hold',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({ hidden: true });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ serialNumber: ids.serial, deliveryDate: '2026-01-15' }),
      local: 'ok',
      server: 'ok',
      why: "A customer's mirror holds only their own chairs: the registration shows once the push is accepted.",
    },
    {
      name: 'an unknown serial number',
      as: 'cathy',
      args: () => ({ serialNumber: `NOPE-${randomUUID()}`, deliveryDate: '2026-01-15' }),
      local: 'ok',
      server: { refused: 'not_found', message: 'Chair not found' },
      why: NOT_THE_MIRROR,
    },
  ],
  'chair.activateWarranty': [
    {
      name: 'delivered 14 days less a minute ago',
      as: 'cathy',
      threshold: 'activation window 14 days (inside)',
      setup: async (s) => {
        const chair = await s.chair({ status: 'DELIVERED' });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({
        serialNumber: ids.serial,
        deliveryDate: ago(w.now, 14 * DAY_MS - MINUTE_MS),
      }),
      local: 'ok',
    },
    {
      name: 'delivered 14 days and a minute ago',
      as: 'cathy',
      threshold: 'activation window 14 days (outside)',
      setup: async (s) => {
        const chair = await s.chair({ status: 'DELIVERED' });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({
        serialNumber: ids.serial,
        deliveryDate: ago(w.now, 14 * DAY_MS + MINUTE_MS),
      }),
      local: {
        refused: 'validation',
        message: 'Warranty must be activated within 14 days of delivery',
      },
    },
    {
      name: 'a delivery date in the future',
      as: 'cathy',
      threshold: 'activation window 14 days (not yet delivered)',
      setup: async (s) => {
        const chair = await s.chair();
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({ serialNumber: ids.serial, deliveryDate: ago(w.now, -DAY_MS) }),
      local: {
        refused: 'validation',
        message: 'Warranty must be activated within 14 days of delivery',
      },
    },
    {
      name: 'a delivered chair with a passing sheet on file: confirmed at once (issue 29)',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({
          status: 'DELIVERED',
          owner: cast.cathy.id,
          testSheet: sheetOnFile(allPass),
        });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({ serialNumber: ids.serial, deliveryDate: ago(w.now, DAY_MS) }),
      local: 'ok',
      derive: confirmedWarranty(true),
    },
    {
      name: 'a delivered chair with a failed sheet on file: activated, not confirmed',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({
          status: 'DELIVERED',
          owner: cast.cathy.id,
          testSheet: sheetOnFile({ ...allPass, powersOn: false }),
        });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({ serialNumber: ids.serial, deliveryDate: ago(w.now, DAY_MS) }),
      local: 'ok',
      derive: confirmedWarranty(false),
    },
    {
      name: 'a chair already REGISTERED',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({ status: 'REGISTERED', owner: cast.cathy.id });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({ serialNumber: ids.serial, deliveryDate: ago(w.now, DAY_MS) }),
      local: { refused: 'not_found', message: 'Serial number not found in inventory' },
    },
    {
      name: 'a delivered chair the mirror does not hold (offline activation)',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({
          status: 'DELIVERED',
          serialNumber: `S30-PARITY-${randomUUID()}`,
          hidden: true,
        });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids, w) => ({
        serialNumber: ids.serial,
        deliveryDate: ago(w.now, DAY_MS),
        model: 'S30',
      }),
      local: 'ok',
      server: 'ok',
      why: "The mirror shows a stand-in row (provisionalChairId) with the device's own id; the server registers its row, which replaces the stand-in when the push is accepted (tests/integration/offline-activation.test.ts).",
    },
    {
      name: 'a serial in no inventory, sent from offline',
      as: 'cathy',
      args: (_ids, w) => ({
        serialNumber: `S30-NOPE-${randomUUID()}`,
        deliveryDate: ago(w.now, DAY_MS),
      }),
      local: 'ok',
      server: { refused: 'not_found', message: 'Serial number not found in inventory' },
      why: "The mirror holds only the customer's chairs and cannot tell; the refusal removes the stand-in row.",
    },
  ],
  'chair.submitTestSheet': [
    {
      name: 'named by id and by serial: the same chair',
      as: 'cathy',
      setup: async (s) => {
        const chair = await s.chair({ status: 'REGISTERED', owner: cast.cathy.id });
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ chairId: ids.chair, serialNumber: ids.serial, ...allPass }),
      local: 'ok',
    },
    sheetOnStandIn(
      'a chair activated offline, named by serial once its stand-in is gone',
      () => cast.cathy.id,
      'ok',
      "The stand-in row gave way to the server's row, whose id the sheet does not know: the server finds the chair by serial.",
    ),
    sheetOnStandIn(
      "another customer's chair, named by serial",
      () => cast.carl.id,
      { refused: 'not_found', message: 'Chair not found' },
      'A refused activation took the stand-in away; the server refuses the sheet queued on it.',
    ),
    {
      name: 'all four checks pass with 90 days of warranty left: confirmed, expiring',
      as: 'cathy',
      threshold: 'expiring window 90 days (90 left)',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: warrantyWithDaysLeft(w.now, 90),
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass, notes: 'All good' }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row, now) => [
          warrantyState(row.warranty as Warranty, now),
          isCovered(row.warranty as Warranty, now),
        ],
        expected: ['EXPIRING', true],
      },
    },
    {
      name: 'all four checks pass with 91 days left: confirmed, active',
      as: 'cathy',
      threshold: 'expiring window 90 days (91 left)',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: warrantyWithDaysLeft(w.now, 91),
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row, now) => [
          warrantyState(row.warranty as Warranty, now),
          isCovered(row.warranty as Warranty, now),
        ],
        expected: ['ACTIVE', true],
      },
    },
    {
      name: 'all four checks pass with 1 day left: confirmed, expiring, covered',
      as: 'cathy',
      threshold: 'expired at 0 days (1 left)',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: warrantyWithDaysLeft(w.now, 1),
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row, now) => [
          warrantyState(row.warranty as Warranty, now),
          isCovered(row.warranty as Warranty, now),
        ],
        expected: ['EXPIRING', true],
      },
    },
    {
      name: 'all four checks pass on an expired warranty: confirmed, not covered',
      as: 'cathy',
      threshold: 'expired at 0 days (0 left)',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: warrantyWithDaysLeft(w.now, 0),
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row, now) => [
          warrantyState(row.warranty as Warranty, now),
          isCovered(row.warranty as Warranty, now),
        ],
        expected: ['EXPIRED', false],
      },
    },
    {
      name: 'all four pass on a delivered chair never activated: on file, not confirmed (issue 29)',
      as: 'cathy',
      setup: async (s) => ({
        chair: await s.chair({ status: 'DELIVERED', owner: cast.cathy.id }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass }),
      local: 'ok',
      // The stored flag itself: a warranty that does not run is never marked confirmed.
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row) => (row.warranty as Warranty | null)?.confirmed === true,
        expected: false,
      },
    },
    {
      name: 'one check fails: recorded, not confirmed',
      as: 'cathy',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: warrantyWithDaysLeft(w.now, 1000),
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass, waterAirOK: false }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row, now) => isCovered(row.warranty as Warranty, now),
        expected: false,
      },
    },
    {
      name: 'a second test sheet',
      as: 'cathy',
      setup: async (s) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          testSheet: { ...allPass, notes: null, submittedAt: '2026-01-01T00:00:00.000Z' },
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass }),
      local: {
        refused: 'conflict',
        message: 'A test sheet has already been submitted for this chair',
      },
    },
    {
      name: "another customer's chair",
      as: 'cathy',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.carl.id, hidden: true }),
      }),
      args: (ids) => ({ chairId: ids.chair, ...allPass }),
      local: { refused: 'not_found', message: 'Chair not found' },
    },
  ],
  'chair.extendWarranty': [
    {
      name: 'three years on an expired confirmed warranty: active again',
      as: 'cathy',
      threshold: 'extension 3 years; expired (0 days left) before',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: { ...warrantyWithDaysLeft(w.now, -1), confirmed: true },
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, years: 3 }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row, now) => warrantyState(row.warranty as Warranty, now),
        expected: 'ACTIVE',
      },
    },
    {
      name: 'five years on a warranty with a previous extension',
      as: 'cathy',
      threshold: 'extension 5 years',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: {
            ...warrantyWithDaysLeft(w.now, 30),
            confirmed: true,
            warrantyYears: 8,
            extensionPurchased: true,
            extensionYears: 3,
          },
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, years: 5 }),
      local: 'ok',
    },
    {
      name: 'four years',
      as: 'cathy',
      threshold: 'extension 3 or 5 years (4)',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: { ...warrantyWithDaysLeft(w.now, 30), confirmed: true },
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, years: 4 }),
      local: { refused: 'validation', message: 'Extension must be 3 or 5 years' },
    },
    {
      name: 'a warranty not yet confirmed',
      as: 'cathy',
      setup: async (s, w) => ({
        chair: await s.chair({
          status: 'REGISTERED',
          owner: cast.cathy.id,
          warranty: warrantyWithDaysLeft(w.now, 300),
        }),
      }),
      args: (ids) => ({ chairId: ids.chair, years: 3 }),
      local: { refused: 'validation', message: 'Only a confirmed warranty can be extended' },
    },
  ],
  'installation.complete': [
    {
      name: 'an IN_STOCK chair is delivered; next service due in a year (30 days before: due soon)',
      as: 'eve',
      threshold: 'service due soon 30 days (29.9 days before due)',
      setup: async (s) => ({ chair: await s.chair() }),
      args: (ids) => ({
        id: (ids.installation = randomUUID()),
        chairId: ids.chair,
        checklist: completedChecklist(),
        customerName: '  Dr Patel ',
        signatureText: ' A. Patel ',
        signatureImage: PNG,
        notes: '  Check the pump in a month ',
      }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row) => {
          const due = (row.service as { nextServiceDue: string }).nextServiceDue;
          return serviceStatus(due, new Date(Date.parse(due) - 30 * DAY_MS + 3_600_000));
        },
        expected: 'Due Soon',
      },
    },
    {
      name: "its customer's DELIVERED chair is REGISTERED, warranty started; 31 days before due it is current",
      as: 'eve',
      threshold: 'service due soon 30 days (31 days before due)',
      setup: async (s) => ({
        chair: await s.chair({
          status: 'DELIVERED',
          owner: cast.cathy.id,
          service: { serviceHistory: [{ type: 'Annual', date: '2025-01-01T00:00:00.000Z' }] },
        }),
      }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        customerUserId: cast.cathy.id,
        checklist: completedChecklist(),
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: PNG,
      }),
      local: 'ok',
      derive: {
        table: 'chairs',
        id: (ids) => ids.chair!,
        value: (row) => {
          const due = (row.service as { nextServiceDue: string }).nextServiceDue;
          return serviceStatus(due, new Date(Date.parse(due) - 31 * DAY_MS));
        },
        expected: 'Current',
      },
    },
    {
      name: "its customer's DELIVERED chair with a passing sheet on file: warranty started confirmed",
      as: 'eve',
      setup: async (s) => ({
        chair: await s.chair({
          status: 'DELIVERED',
          owner: cast.cathy.id,
          testSheet: sheetOnFile(allPass),
        }),
      }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        customerUserId: cast.cathy.id,
        checklist: completedChecklist(),
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: PNG,
      }),
      local: 'ok',
      derive: confirmedWarranty(true),
    },
    {
      name: 'one checklist item unticked',
      as: 'eve',
      setup: async (s) => ({ chair: await s.chair() }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        checklist: { ...completedChecklist(), 'no-damage-check-light-lens': false },
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: PNG,
      }),
      local: { refused: 'validation', message: 'Every checklist item must be ticked' },
    },
    {
      name: 'no signature drawn',
      as: 'eve',
      setup: async (s) => ({ chair: await s.chair() }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        checklist: completedChecklist(),
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: '',
      }),
      local: { refused: 'validation', message: 'Please sign in the box' },
    },
    {
      name: 'a REGISTERED chair is not installed again',
      as: 'eve',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        customerUserId: cast.cathy.id,
        checklist: completedChecklist(),
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: PNG,
      }),
      local: {
        refused: 'conflict',
        message: 'Only a chair in stock or pending installation can be installed',
      },
    },
    {
      name: "another customer's DELIVERED chair",
      as: 'eve',
      setup: async (s) => ({ chair: await s.chair({ status: 'DELIVERED', owner: cast.carl.id }) }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        customerUserId: cast.cathy.id,
        checklist: completedChecklist(),
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: PNG,
      }),
      local: { refused: 'conflict', message: 'This chair belongs to another customer' },
    },
    {
      name: 'a DELIVERED chair that gained an owner since the engineer verified it (none)',
      as: 'eve',
      setup: async (s) => ({ chair: await s.chair({ status: 'DELIVERED', owner: cast.carl.id }) }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        customerUserId: null,
        checklist: completedChecklist(),
        customerName: 'Dr Patel',
        signatureText: 'A. Patel',
        signatureImage: PNG,
      }),
      local: { refused: 'conflict', message: 'This chair belongs to another customer' },
    },
  ],
  'partRequest.create': [
    {
      name: 'as many as the stock (10, low stock)',
      as: 'cathy',
      threshold: 'stock 1-10 (qty = stock 10)',
      setup: async (s) => ({ part: await s.part({ stock: 10 }) }),
      args: (ids) => ({
        id: randomUUID(),
        items: [{ partId: ids.part, qty: 10 }],
        notes: ' urgent ',
      }),
      local: 'ok',
    },
    {
      name: 'one more than the stock (10)',
      as: 'cathy',
      threshold: 'stock 1-10 (qty = stock + 1)',
      setup: async (s) => ({ part: await s.part({ stock: 10, name: 'Foot pedal' }) }),
      args: (ids) => ({ id: randomUUID(), items: [{ partId: ids.part, qty: 11 }] }),
      local: { refused: 'validation', message: 'Only 10 of Foot pedal in stock' },
    },
    {
      name: 'eleven of a part with 11 in stock (in stock)',
      as: 'cathy',
      threshold: 'stock > 10',
      setup: async (s) => ({
        part: await s.part({ stock: 11 }),
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids) => ({
        id: randomUUID(),
        chairId: ids.chair,
        items: [{ partId: ids.part, qty: 11 }],
      }),
      local: 'ok',
    },
    {
      name: 'a part out of stock (0)',
      as: 'cathy',
      threshold: 'stock 0',
      setup: async (s) => ({ part: await s.part({ stock: 0, name: 'Headrest' }) }),
      args: (ids) => ({ id: randomUUID(), items: [{ partId: ids.part, qty: 1 }] }),
      local: { refused: 'validation', message: 'Only 0 of Headrest in stock' },
    },
    {
      name: 'the same part twice is one line (5 + 5 of 10)',
      as: 'cathy',
      setup: async (s) => ({
        part: await s.part({ stock: 10 }),
        other: await s.part({ stock: 3 }),
      }),
      args: (ids) => ({
        id: randomUUID(),
        items: [
          { partId: ids.part, qty: 5 },
          { partId: ids.other, qty: 1 },
          { partId: ids.part, qty: 5 },
        ],
      }),
      local: 'ok',
    },
    {
      name: 'the same part twice over the stock (6 + 5 of 10)',
      as: 'cathy',
      setup: async (s) => ({ part: await s.part({ stock: 10, name: 'Armrest' }) }),
      args: (ids) => ({
        id: randomUUID(),
        items: [
          { partId: ids.part, qty: 6 },
          { partId: ids.part, qty: 5 },
        ],
      }),
      local: { refused: 'validation', message: 'Only 10 of Armrest in stock' },
    },
    {
      name: 'an empty cart',
      as: 'cathy',
      args: () => ({ id: randomUUID(), items: [] }),
      local: { refused: 'validation', message: 'Cart is empty' },
    },
  ],
  'profile.update': [
    {
      name: "a customer's practice with only a name (type DENTAL by default)",
      as: 'cathy',
      args: () => ({
        name: ' Cathy Customer ',
        email: cast.cathy.email,
        phone: ' 0113 496 0000 ',
        practice: { name: ' Smile Studio ', address: '  ', phone: '' },
      }),
      local: 'ok',
    },
    {
      name: 'an empty practice clears it; absent phone is kept',
      as: 'cathy',
      args: () => ({
        name: 'Cathy Customer',
        email: cast.cathy.email,
        address: '',
        practice: { name: '' },
      }),
      local: 'ok',
    },
    {
      name: "an engineer's details: lists trimmed, blanks dropped",
      as: 'eve',
      args: () => ({
        name: 'Eve Engineer',
        email: cast.eve.email,
        engineer: {
          location: ' Leeds ',
          emergencyPhone: '   ',
          coverageAreas: [' LS1 ', ' ', 'LS2'],
          specializations: ['S30'],
          skillSets: [' hydraulics '],
        },
      }),
      local: 'ok',
    },
    {
      name: 'an engineer list with only blanks',
      as: 'eve',
      args: () => ({
        name: 'Eve Engineer',
        email: cast.eve.email,
        engineer: {
          location: 'Leeds',
          coverageAreas: [' '],
          specializations: ['S30'],
          skillSets: ['x'],
        },
      }),
      local: { refused: 'validation', message: 'Coverage areas are required' },
    },
    {
      name: 'a customer sending engineer details',
      as: 'cathy',
      args: () => ({
        name: 'Cathy Customer',
        email: cast.cathy.email,
        engineer: {
          location: 'Leeds',
          coverageAreas: ['a'],
          specializations: ['b'],
          skillSets: ['c'],
        },
      }),
      local: { refused: 'validation', message: 'Only an engineer profile has engineer details' },
    },
    {
      name: 'an engineer sending practice details',
      as: 'eve',
      args: () => ({ name: 'Eve Engineer', email: cast.eve.email, practice: { name: 'Mine' } }),
      local: { refused: 'validation', message: 'Only a customer profile has practice details' },
    },
    {
      name: "another user's e-mail address",
      as: 'carl',
      args: () => ({ name: 'Carl Customer', email: cast.cathy.email }),
      local: 'ok',
      server: { refused: 'conflict', message: 'This email address is already in use' },
      why: "E-mail uniqueness is the server's: a customer's mirror does not hold other users' addresses.",
    },
  ],

  // --- Admin --------------------------------------------------------------------------------
  'user.create': [
    {
      name: 'a customer with a practice; e-mail trimmed and lower-cased',
      as: 'adam',
      args: () => ({
        id: randomUUID(),
        name: ' Dana Dentist ',
        email: `Dana.${randomUUID().slice(0, 8)}@Example.COM`,
        role: 'CUSTOMER',
        phone: ' 0113 ',
        address: '',
        practice: { name: ' Dana Dental ', type: 'MEDICAL' },
      }),
      local: 'ok',
    },
    {
      name: 'an engineer with a location; lists trimmed',
      as: 'adam',
      args: () => ({
        id: randomUUID(),
        name: 'Ezra Engineer',
        email: `ezra.${randomUUID().slice(0, 8)}@example.com`,
        role: 'ENGINEER',
        engineer: { location: ' York ', coverageAreas: [' YO1 ', ''], specializations: [] },
      }),
      local: 'ok',
    },
    {
      name: 'a customer whose practice has no name gets none',
      as: 'adam',
      args: () => ({
        id: randomUUID(),
        name: 'Nina',
        email: `nina.${randomUUID().slice(0, 8)}@example.com`,
        role: 'CUSTOMER',
        practice: { name: '  ', type: 'CLINIC' },
        engineer: { location: 'York', coverageAreas: [], specializations: [] },
      }),
      local: 'ok',
    },
    {
      name: 'an invalid e-mail address',
      as: 'adam',
      args: () => ({ id: randomUUID(), name: 'Nina', email: 'nina@', role: 'CUSTOMER' }),
      local: { refused: 'validation', message: 'Please enter a valid email address' },
    },
    {
      name: 'an e-mail address in use',
      as: 'adam',
      args: () => ({
        id: randomUUID(),
        name: 'Cathy again',
        email: cast.cathy.email,
        role: 'CUSTOMER',
      }),
      local: { refused: 'conflict', message: 'A user with this email already exists' },
    },
  ],
  'user.update': [
    {
      name: 'name trimmed, e-mail lower-cased, phone; address left out is kept',
      as: 'adam',
      setup: async (s) => ({ user: await s.user() }),
      args: (ids) => ({
        userId: ids.user,
        name: ' Dora Edited ',
        email: 'Dora.Edited@Example.com',
        phone: ' 0113 555 ',
      }),
      local: 'ok',
    },
    {
      name: 'another live user has the e-mail',
      as: 'adam',
      setup: async (s) => {
        const other = await s.user();
        await db.query(`update public.users set email = 'taken.parity@example.com' where id = $1`, [
          other,
        ]);
        return { user: await s.user(), other };
      },
      args: (ids) => ({ userId: ids.user, name: 'Dora', email: 'taken.parity@example.com' }),
      local: { refused: 'conflict', message: 'A user with this email already exists' },
    },
    {
      name: 'a blank name',
      as: 'adam',
      setup: async (s) => ({ user: await s.user() }),
      args: (ids) => ({ userId: ids.user, name: ' ', email: 'dora@example.com' }),
      local: { refused: 'validation', message: 'Name is required' },
    },
  ],
  'user.delete': [
    {
      name: 'a directory user',
      as: 'adam',
      setup: async (s) => ({ user: await s.user() }),
      args: (ids) => ({ userId: ids.user }),
      local: 'ok',
    },
    {
      name: 'my own account',
      as: 'adam',
      args: () => ({ userId: cast.adam.id }),
      local: { refused: 'validation', message: 'You cannot delete your own account' },
    },
    {
      name: 'a user already deleted',
      as: 'adam',
      setup: async (s) => ({ user: await s.user({ deleted: true }) }),
      args: (ids) => ({ userId: ids.user }),
      local: 'ok',
      server: { refused: 'not_found', message: 'User not found' },
      why: NOT_THE_MIRROR,
    },
  ],
  'user.setRole': [
    {
      name: 'a customer becomes an engineer',
      as: 'adam',
      setup: async (s) => ({ user: await s.user() }),
      args: (ids) => ({ userId: ids.user, role: 'ENGINEER' }),
      local: 'ok',
    },
    {
      name: 'my own role',
      as: 'adam',
      args: () => ({ userId: cast.adam.id, role: 'CUSTOMER' }),
      local: { refused: 'validation', message: 'You cannot change your own role' },
    },
  ],
  'chair.add': [
    {
      name: 'a chair with a configuration',
      as: 'adam',
      args: () => ({
        id: randomUUID(),
        serialNumber: ` ADD-${randomUUID().slice(0, 8)} `,
        model: 'U500',
        configuration: {
          deliverySystem: 'Hanging Delivery',
          instrumentOption: 'Option 1',
          assistantChairside: 'European Ambidextrous',
          lighting: 'U500 LED Light',
          footControl: 'Pedal',
          upholsteryType: 'Sewn',
          upholsteryColor: 'S16',
          monitorBracket: 'No Monitor Bracket',
        },
      }),
      local: 'ok',
    },
    {
      name: 'a serial number that exists',
      as: 'adam',
      setup: async (s) => {
        const chair = await s.chair();
        return { chair, serial: await s.serialOf(chair) };
      },
      args: (ids) => ({ id: randomUUID(), serialNumber: ids.serial, model: 'S30' }),
      local: { refused: 'conflict', message: 'Serial number already exists' },
    },
    {
      name: 'no model',
      as: 'adam',
      args: () => ({ id: randomUUID(), serialNumber: 'X-1', model: '' }),
      local: { refused: 'validation', message: 'Model is required' },
    },
    {
      name: 'a blank serial number',
      as: 'adam',
      args: () => ({ id: randomUUID(), serialNumber: '  ', model: 'S30' }),
      local: { refused: 'validation', message: 'Serial number is required' },
    },
  ],
  'chair.assignOwner': [
    {
      name: 'a REGISTERED chair to another customer',
      as: 'adam',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids) => ({ chairId: ids.chair, ownerUserId: cast.carl.id }),
      local: 'ok',
    },
    {
      name: 'a REGISTERED chair to Unassigned',
      as: 'adam',
      setup: async (s) => ({
        chair: await s.chair({ status: 'REGISTERED', owner: cast.cathy.id }),
      }),
      args: (ids) => ({ chairId: ids.chair, ownerUserId: null }),
      local: 'ok',
    },
    {
      name: 'an IN_STOCK chair',
      as: 'adam',
      setup: async (s) => ({ chair: await s.chair() }),
      args: (ids) => ({ chairId: ids.chair, ownerUserId: cast.carl.id }),
      local: { refused: 'conflict', message: 'Only registered chairs can be reassigned' },
    },
  ],
  'part.add': [
    {
      name: 'price 0 and stock 0',
      as: 'adam',
      threshold: 'price ≥ 0, stock ≥ 0 (0)',
      args: () => ({
        id: randomUUID(),
        name: ' Seat cover ',
        partCode: 'SC-1',
        model: 'U500',
        price: 0,
        stock: 0,
      }),
      local: 'ok',
    },
    {
      name: 'a price with half a penny rounds up (12.345 → 12.35)',
      as: 'adam',
      args: () => ({ id: randomUUID(), name: 'Valve', price: 12.345, stock: 11, diagramUrl: null }),
      local: 'ok',
    },
    {
      name: 'a negative price',
      as: 'adam',
      threshold: 'price ≥ 0 (-0.01)',
      args: () => ({ id: randomUUID(), name: 'Valve', price: -0.01, stock: 1 }),
      local: { refused: 'validation', message: 'Price must be 0 or more' },
    },
    {
      name: 'a negative stock',
      as: 'adam',
      threshold: 'stock ≥ 0 (-1)',
      args: () => ({ id: randomUUID(), name: 'Valve', price: 1, stock: -1 }),
      local: { refused: 'validation', message: 'Stock must be 0 or more' },
    },
  ],
  'part.update': [
    {
      name: 'fields left out keep their stored values',
      as: 'adam',
      setup: async (s) => ({ part: await s.part() }),
      args: (ids) => ({ partId: ids.part, name: ' Pump v2 ', price: 99.99, stock: 3 }),
      local: 'ok',
    },
    {
      name: 'optional fields cleared',
      as: 'adam',
      setup: async (s) => ({ part: await s.part() }),
      args: (ids) => ({
        partId: ids.part,
        name: 'Pump',
        partCode: '',
        model: null,
        diagramUrl: null,
        price: 1,
        stock: 1,
      }),
      local: 'ok',
    },
    {
      name: 'a deleted part',
      as: 'adam',
      setup: async (s) => ({ part: await s.part({ deleted: true }) }),
      args: (ids) => ({ partId: ids.part, name: 'Pump', price: 1, stock: 1 }),
      local: 'ok',
      server: { refused: 'not_found', message: 'Part not found' },
      why: NOT_THE_MIRROR,
    },
  ],
  'partRequest.setStatus': [
    {
      name: 'PENDING → QUOTED',
      as: 'adam',
      setup: async (s) => ({ request: await s.partRequest() }),
      args: (ids) => ({ partRequestId: ids.request, status: 'QUOTED' }),
      local: 'ok',
    },
    {
      name: 'ORDERED → FULFILLED',
      as: 'adam',
      setup: async (s) => ({ request: await s.partRequest({ status: 'ORDERED' }) }),
      args: (ids) => ({ partRequestId: ids.request, status: 'FULFILLED' }),
      local: 'ok',
    },
    {
      name: 'QUOTED → CANCELLED',
      as: 'adam',
      setup: async (s) => ({ request: await s.partRequest({ status: 'QUOTED' }) }),
      args: (ids) => ({ partRequestId: ids.request, status: 'CANCELLED' }),
      local: 'ok',
    },
    {
      name: 'PENDING → ORDERED skips the quote',
      as: 'adam',
      setup: async (s) => ({ request: await s.partRequest() }),
      args: (ids) => ({ partRequestId: ids.request, status: 'ORDERED' }),
      local: { refused: 'conflict', message: 'A pending part request cannot be marked ordered' },
    },
    {
      name: 'FULFILLED → CANCELLED',
      as: 'adam',
      setup: async (s) => ({ request: await s.partRequest({ status: 'FULFILLED' }) }),
      args: (ids) => ({ partRequestId: ids.request, status: 'CANCELLED' }),
      local: { refused: 'conflict', message: 'This part request is already fulfilled' },
    },
  ],
  'part.delete': [
    {
      name: 'a part',
      as: 'adam',
      setup: async (s) => ({ part: await s.part() }),
      args: (ids) => ({ partId: ids.part }),
      local: 'ok',
    },
  ],
  'training.add': [
    {
      name: 'an FAQ',
      as: 'adam',
      args: () => ({
        id: randomUUID(),
        title: ' Daily cleaning ',
        type: 'FAQ',
        content: 'Wipe down',
        url: null,
      }),
      local: 'ok',
    },
    {
      name: 'a blank title',
      as: 'adam',
      args: () => ({ id: randomUUID(), title: ' ', type: 'PDF' }),
      local: { refused: 'validation', message: 'Title is required' },
    },
  ],
  'training.update': [
    {
      name: 'the url left out is kept',
      as: 'adam',
      setup: async (s) => ({ training: await s.training() }),
      args: (ids) => ({
        trainingId: ids.training,
        title: 'Care, v2',
        type: 'VIDEO',
        content: 'Notes',
      }),
      local: 'ok',
    },
  ],
  'training.delete': [
    {
      name: 'a resource',
      as: 'adam',
      setup: async (s) => ({ training: await s.training() }),
      args: (ids) => ({ trainingId: ids.training }),
      local: 'ok',
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Running one case
// ---------------------------------------------------------------------------------------------
async function runCase(name: MutationName, c: Case): Promise<void> {
  const actor = cast[c.as];
  const seeder = new Seeder();
  const setupWorld: World = { cast, now: new Date() };
  const ids = c.setup ? await c.setup(seeder, setupWorld) : {};
  const mirror = await openMirror(actor, seeder);
  try {
    const now = new Date();
    const world: World = { cast, now };
    const args = c.args(ids, world);

    let local: Outcome;
    let touches: string[] = [];
    try {
      const entry = await performMutation(mirror, actor.id, name, args as never, { now });
      touches = entry.touches;
      local = 'ok';
    } catch (error) {
      if (error instanceof MutationRejected) {
        local = { refused: error.errorClass, message: error.message };
      } else if (error instanceof ZodError) {
        local = { refused: 'validation', message: error.issues[0]?.message };
      } else throw error;
    }

    const outcome = await callOp(actor, name, args);
    const server: Outcome =
      outcome.error === null
        ? 'ok'
        : { refused: outcome.error.details as RejectionClass, message: outcome.error.message };

    expectOutcome(local, c.local, 'local');
    expectOutcome(server, c.server ?? c.local, 'server');
    if (c.server !== undefined) expect(c.why, 'a difference must say why').toBeTruthy();
    if (local !== 'ok' || server !== 'ok' || c.why) return;

    // Same resulting rows: every row either side wrote.
    const keys = new Set(touches);
    for (const [serverTable, rows] of Object.entries(outcome.data ?? {})) {
      const localTable = SERVER_TO_LOCAL[serverTable];
      if (!localTable) continue;
      for (const row of rows as { id: string }[]) keys.add(rowKey(localTable, row.id));
    }
    expect(keys.size, 'the mutation wrote some row').toBeGreaterThan(0);
    for (const key of keys) {
      const at = key.indexOf(':');
      const tableName = key.slice(0, at) as EntityTable;
      const id = key.slice(at + 1);
      const mine = (await mirror[tableName].get(id)) as EntityTables[EntityTable] | undefined;
      const theirs = await serverRow(tableName, id);
      expect(normalise(mine ?? null, now), key).toEqual(normalise(theirs ?? null, now));
    }

    if (c.derive) {
      const id = c.derive.id(ids);
      const mine = (await mirror[c.derive.table].get(id)) as unknown as Row;
      const theirs = (await serverRow(c.derive.table, id))!;
      expect(c.derive.value(mine, now), 'local derived').toEqual(c.derive.expected);
      expect(c.derive.value(theirs, now), 'server derived').toEqual(c.derive.expected);
    }
  } finally {
    mirror.close();
  }
}

// ---------------------------------------------------------------------------------------------
beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  cast = await signUpTicketDeskCast(running.url);
});

afterAll(async () => {
  await closeOpsBackend(db, running);
});

describe('mutation parity: local effect and guarded operation', () => {
  it('the table covers all 35 mutations', () => {
    expect(Object.keys(table).sort()).toEqual([...MUTATION_NAMES].sort());
    expect(MUTATION_NAMES).toHaveLength(35);
    for (const cases of Object.values(table)) expect(cases.length).toBeGreaterThan(0);
  });

  for (const name of MUTATION_NAMES) {
    describe(name, () => {
      for (const c of table[name]) {
        const label = c.why ? `${c.name} (differs: ${c.why})` : c.name;
        it(label, () => runCase(name, c));
      }
    });
  }
});
