// Admin guarded operations (SPEC §2 Admin routes, §5 Add user / Add chair, §6 ADMIN) through
// supabase-js against the local server: every rule and message, refusals for the other roles,
// exactly-once replays, and claiming of an admin-created user by signing up with that e-mail.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { rpcName, type MutationName } from '../../src/domain/mutations';
import { callOp, rowOf, signUpActor, type Actor, type RpcOutcome } from './actors';
import { createTestClient } from './supabase-client';
import { closeOpsBackend, openOpsBackend } from './ops-harness';

let db: Database;
let running: RunningServer;
let admin: Actor;
let customer: Actor;
let engineer: Actor;
let vendor: Actor;
const tag = `${Date.now()}`;
let seq = 0;

function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}.${seq}.${tag}@example.com`;
}

function expectRefusal(
  outcome: RpcOutcome,
  errorClass: 'conflict' | 'validation' | 'forbidden' | 'not_found',
  message: string,
): void {
  const status = { conflict: 409, validation: 400, forbidden: 403, not_found: 404 }[errorClass];
  expect(outcome.data).toBeNull();
  expect(outcome.status).toBe(status);
  expect(outcome.error).toEqual({ code: `PT${status}`, message, details: errorClass });
}

/** A digest of every table the admin operations write, to prove a call changed nothing. */
async function digest(): Promise<string> {
  const { rows } = await db.query<{ d: string }>(
    `select md5(
       coalesce((select string_agg(u::text, '|' order by u.id) from public.users u), '') ||
       coalesce((select string_agg(c::text, '|' order by c.id) from public.chairs c), '') ||
       coalesce((select string_agg(p::text, '|' order by p.id) from public.parts p), '') ||
       coalesce((select string_agg(t::text, '|' order by t.id) from public.training_resources t), '')
     ) as d`,
  );
  return rows[0]?.d ?? '';
}

async function userRow(id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select * from public.users where id = $1`,
    [id],
  );
  return rows[0];
}

async function seedChair(status: 'IN_STOCK' | 'DELIVERED' | 'REGISTERED', owner: string | null) {
  const id = randomUUID();
  seq += 1;
  await db.query(
    `insert into public.chairs (id, serial_number, model, model_name, status, owner_user_id)
     values ($1, $2, 'S30', 'S30 Sigma', $3, $4)`,
    [id, `SEED-${seq}-${tag}`, status, owner],
  );
  return id;
}

async function seedPart(deleted = false): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.parts (id, name, part_code, model, price, stock, deleted_at)
     values ($1, 'Seed pump', 'SP-1', 'S30', 10, 2, case when $2 then now() end)`,
    [id, deleted],
  );
  return id;
}

async function seedTraining(deleted = false): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into public.training_resources (id, title, type, url, content, deleted_at)
     values ($1, 'Seed video', 'VIDEO', 'https://example.com/v', null, case when $2 then now() end)`,
    [id, deleted],
  );
  return id;
}

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  admin = await signUpActor(running.url, 'ADMIN', 'Ada Admin');
  customer = await signUpActor(running.url, 'CUSTOMER', 'Cora Customer');
  engineer = await signUpActor(running.url, 'ENGINEER', 'Eve Engineer');
  vendor = await signUpActor(running.url, 'VENDOR', 'Vic Vendor');
});

afterAll(() => closeOpsBackend(db, running));

// ---------------------------------------------------------------------------------------------
// Every operation: a valid call per op, refused for every other role and replayed exactly once.
// ---------------------------------------------------------------------------------------------
interface OpCase {
  name: MutationName;
  args: () => Promise<Record<string, unknown>>;
}

const opCases: OpCase[] = [
  {
    name: 'user.create',
    args: async () => ({
      id: randomUUID(),
      name: 'Nina New',
      email: uniqueEmail('nina'),
      role: 'CUSTOMER',
    }),
  },
  {
    name: 'user.delete',
    args: async () => {
      const id = randomUUID();
      await db.query(`insert into public.users (id, email, name) values ($1, $2, 'Del Me')`, [
        id,
        uniqueEmail('del'),
      ]);
      return { userId: id };
    },
  },
  {
    name: 'user.setRole',
    args: async () => {
      const id = randomUUID();
      await db.query(`insert into public.users (id, email, name) values ($1, $2, 'Role Me')`, [
        id,
        uniqueEmail('role'),
      ]);
      return { userId: id, role: 'ENGINEER' };
    },
  },
  {
    name: 'chair.add',
    args: async () => ({ id: randomUUID(), serialNumber: `ADD-${randomUUID()}`, model: 'U500' }),
  },
  {
    name: 'chair.assignOwner',
    args: async () => ({ chairId: await seedChair('REGISTERED', null), ownerUserId: customer.id }),
  },
  {
    name: 'part.add',
    args: async () => ({ id: randomUUID(), name: 'Valve', price: 12.5, stock: 4 }),
  },
  {
    name: 'part.update',
    args: async () => ({ partId: await seedPart(), name: 'Valve v2', price: 13, stock: 5 }),
  },
  { name: 'part.delete', args: async () => ({ partId: await seedPart() }) },
  {
    name: 'training.add',
    args: async () => ({
      id: randomUUID(),
      title: 'Intro',
      type: 'PDF',
      url: 'https://x.test/a.pdf',
    }),
  },
  {
    name: 'training.update',
    args: async () => ({ trainingId: await seedTraining(), title: 'Renamed', type: 'VIDEO' }),
  },
  { name: 'training.delete', args: async () => ({ trainingId: await seedTraining() }) },
];

const nonAdminRoles = ['CUSTOMER', 'ENGINEER', 'VENDOR'] as const;
const refusalCases = opCases.flatMap((op) =>
  nonAdminRoles.map((role) => ({ op: op.name, role, args: op.args })),
);

describe('every admin operation', () => {
  it.each(refusalCases)(
    'refuses $op for a $role and changes nothing',
    async ({ op, role, args }) => {
      const actor = { CUSTOMER: customer, ENGINEER: engineer, VENDOR: vendor }[role];
      const a = await args();
      const before = await digest();
      const outcome = await callOp(actor, op, a);
      expectRefusal(outcome, 'forbidden', 'You do not have permission to do this');
      expect(await digest()).toBe(before);
    },
  );

  it.each(opCases)('replays $name with the same id: same result, nothing changed', async (op) => {
    const a = await op.args();
    const mutationId = randomUUID();
    const first = await callOp(admin, op.name, a, mutationId);
    expect(first.error).toBeNull();
    expect(first.status).toBe(200);
    const after = await digest();
    const second = await callOp(admin, op.name, a, mutationId);
    expect(second.error).toBeNull();
    expect(second.data).toEqual(first.data);
    expect(await digest()).toBe(after);
  });

  it.each(opCases)('refuses $name for anon callers', async (op) => {
    const anon = createTestClient(running.url);
    const { error, status } = await anon.rpc(rpcName(op.name), {
      mutation_id: randomUUID(),
      args: await op.args(),
    });
    expect(error).not.toBeNull();
    expect([401, 403, 404]).toContain(status);
  });
});

describe('concurrent admins', () => {
  it('add the same serial number at once: one chair is added, the other call gets a conflict', async () => {
    const otherAdmin = await signUpActor(running.url, 'ADMIN', 'Abe Admin');
    const serialNumber = `SN-RACE-${randomUUID()}`;
    const outcomes = await Promise.all([
      callOp(admin, 'chair.add', { id: randomUUID(), serialNumber, model: 'S30' }),
      callOp(otherAdmin, 'chair.add', { id: randomUUID(), serialNumber, model: 'U500' }),
    ]);
    expect(outcomes.filter((o) => o.error === null)).toHaveLength(1);
    const loser = outcomes.find((o) => o.error !== null);
    expectRefusal(loser!, 'conflict', 'Serial number already exists');
    const { rows } = await db.query(`select id from public.chairs where serial_number = $1`, [
      serialNumber,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('create users with the same e-mail at once: one is created, the other gets a conflict', async () => {
    const otherAdmin = await signUpActor(running.url, 'ADMIN', 'Abby Admin');
    const email = uniqueEmail('race');
    const outcomes = await Promise.all([
      callOp(admin, 'user.create', { id: randomUUID(), name: 'R1', email, role: 'CUSTOMER' }),
      callOp(otherAdmin, 'user.create', { id: randomUUID(), name: 'R2', email, role: 'ENGINEER' }),
    ]);
    expect(outcomes.filter((o) => o.error === null)).toHaveLength(1);
    const loser = outcomes.find((o) => o.error !== null);
    expectRefusal(loser!, 'conflict', 'A user with this email already exists');
    const { rows } = await db.query(`select id from public.users where email = $1`, [email]);
    expect(rows).toHaveLength(1);
  });
});

describe('references to users', () => {
  it('follow an id change: every foreign key to users(id) is ON UPDATE CASCADE', async () => {
    const { rows } = await db.query<{ conname: string; confupdtype: string }>(
      `select conname, confupdtype from pg_constraint
        where contype = 'f' and confrelid = 'public.users'::regclass order by conname`,
    );
    expect(rows.map((r) => r.conname)).toEqual(
      expect.arrayContaining([
        'chairs_owner_user_id_fkey',
        'installations_engineer_user_id_fkey',
        'part_requests_user_id_fkey',
        'service_requests_customer_user_id_fkey',
        'service_requests_engineer_user_id_fkey',
        'support_tickets_customer_user_id_fkey',
        'support_tickets_engineer_user_id_fkey',
      ]),
    );
    for (const r of rows) expect(r.confupdtype, r.conname).toBe('c');
  });
});

// ---------------------------------------------------------------------------------------------
// user.create
// ---------------------------------------------------------------------------------------------
describe('user.create', () => {
  it('creates a directory user with the client id, a normalised e-mail and a DENTAL practice by default', async () => {
    const id = randomUUID();
    const email = uniqueEmail('Paula.Practice');
    const outcome = await callOp(admin, 'user.create', {
      id,
      name: '  Paula Practice  ',
      email: `  ${email.toUpperCase()} `,
      role: 'CUSTOMER',
      phone: '01234 567890',
      address: '1 High Street',
      practice: { name: 'Bright Smiles', type: undefined },
    });
    expect(outcome.error).toBeNull();
    const row = rowOf(outcome, 'users');
    expect(row).toMatchObject({
      id,
      name: 'Paula Practice',
      email: email.toLowerCase(),
      role: 'CUSTOMER',
      phone: '01234 567890',
      address: '1 High Street',
      practice: { name: 'Bright Smiles', type: 'DENTAL' },
      engineer: null,
      deleted_at: null,
    });
    expect(await userRow(id)).toMatchObject({ email: email.toLowerCase(), role: 'CUSTOMER' });
    const { rows } = await db.query(`select 1 from auth.users where id = $1`, [id]);
    expect(rows).toEqual([]);
  });

  it('keeps a given practice type', async () => {
    const outcome = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'Vet Owner',
      email: uniqueEmail('vet'),
      role: 'CUSTOMER',
      practice: { name: 'Paws', type: 'VETERINARY' },
    });
    expect(rowOf(outcome, 'users').practice).toEqual({ name: 'Paws', type: 'VETERINARY' });
  });

  it.each([
    ['a customer without a practice name', 'CUSTOMER', { name: '   ', type: 'MEDICAL' }],
    ['an engineer, even with a practice name', 'ENGINEER', { name: 'Clinic', type: 'CLINIC' }],
    ['an admin, even with a practice name', 'ADMIN', { name: 'Clinic', type: 'CLINIC' }],
  ])('attaches no practice for %s', async (_label, role, practice) => {
    const outcome = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'No Practice',
      email: uniqueEmail('nopractice'),
      role,
      practice,
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'users').practice).toBeNull();
  });

  it('attaches engineer details for an engineer with a location, lists trimmed and empties dropped', async () => {
    const outcome = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'Ellis Engineer',
      email: uniqueEmail('ellis'),
      role: 'ENGINEER',
      engineer: {
        location: '  Leeds ',
        coverageAreas: [' Leeds', '', 'York  ', '   '],
        specializations: ['S30 hydraulics ', ' '],
      },
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'users')).toMatchObject({
      role: 'ENGINEER',
      practice: null,
      engineer: {
        location: 'Leeds',
        coverageAreas: ['Leeds', 'York'],
        specializations: ['S30 hydraulics'],
      },
    });
  });

  it.each([
    ['an engineer without a location', 'ENGINEER'],
    ['a customer, even with a location', 'CUSTOMER'],
  ])('attaches no engineer details for %s', async (label, role) => {
    const outcome = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'No Details',
      email: uniqueEmail('nodetails'),
      role,
      engineer: {
        location: label.includes('without') ? '  ' : 'Leeds',
        coverageAreas: ['Leeds'],
        specializations: ['U500'],
      },
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'users').engineer).toBeNull();
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a missing e-mail', { email: undefined }, 'Please enter a valid email address'],
    ['an invalid e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['an e-mail of the wrong type', { email: 42 }, 'Please enter a valid email address'],
    ['a missing role', { role: undefined }, 'Role is required'],
    ['an unknown role', { role: 'SUPERUSER' }, 'Role is required'],
    ['a missing id', { id: undefined }, 'A user id is required'],
    ['an id that is not a UUID', { id: 'abc' }, 'A user id is required'],
    [
      'an unknown practice type',
      { practice: { name: 'P', type: 'ZOO' } },
      'Practice type must be DENTAL, MEDICAL, VETERINARY or CLINIC',
    ],
  ])('refuses %s', async (_label, patch, message) => {
    const args = {
      id: randomUUID(),
      name: 'Val Id',
      email: uniqueEmail('val'),
      role: 'CUSTOMER',
      ...patch,
    };
    const before = await digest();
    expectRefusal(await callOp(admin, 'user.create', args), 'validation', message);
    expect(await digest()).toBe(before);
  });

  it('refuses a duplicate e-mail, whatever its case, among non-deleted users', async () => {
    const email = uniqueEmail('dup');
    const first = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'Dup One',
      email,
      role: 'CUSTOMER',
    });
    expect(first.error).toBeNull();
    const before = await digest();
    const second = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'Dup Two',
      email: email.toUpperCase(),
      role: 'ENGINEER',
    });
    expectRefusal(second, 'conflict', 'A user with this email already exists');
    expect(await digest()).toBe(before);

    // The same address of a signed-up user is a duplicate too.
    expectRefusal(
      await callOp(admin, 'user.create', {
        id: randomUUID(),
        name: 'Copy',
        email: customer.email,
        role: 'CUSTOMER',
      }),
      'conflict',
      'A user with this email already exists',
    );

    // Once the first is deleted its address is free again.
    const del = await callOp(admin, 'user.delete', { userId: rowOf(first, 'users').id });
    expect(del.error).toBeNull();
    const third = await callOp(admin, 'user.create', {
      id: randomUUID(),
      name: 'Dup Three',
      email,
      role: 'CUSTOMER',
    });
    expect(third.error).toBeNull();
    expect(rowOf(third, 'users').email).toBe(email);
  });

  it('refuses an id that already exists', async () => {
    expectRefusal(
      await callOp(admin, 'user.create', {
        id: customer.id,
        name: 'Clash',
        email: uniqueEmail('clash'),
        role: 'CUSTOMER',
      }),
      'conflict',
      'A user with this id already exists',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Claiming: the person signs up with the admin-given e-mail.
// ---------------------------------------------------------------------------------------------
describe('claiming an admin-created user at sign-up', () => {
  it('moves the directory row, its chair and ticket to the new account, keeping the admin role and details', async () => {
    const directoryId = randomUUID();
    const email = uniqueEmail('carla');
    const created = await callOp(admin, 'user.create', {
      id: directoryId,
      name: 'Carla Claimed',
      email: email.replace('carla', 'Carla'),
      role: 'CUSTOMER',
      phone: '0700 000000',
      practice: { name: 'Bright Smiles', type: 'VETERINARY' },
    });
    expect(created.error).toBeNull();
    const chairId = await seedChair('REGISTERED', directoryId);
    const ticketId = randomUUID();
    await db.query(
      `insert into public.support_tickets (id, title, customer_user_id, chair_id)
       values ($1, 'Squeaky chair', $2, $3)`,
      [ticketId, directoryId, chairId],
    );

    const signUp = await createTestClient(running.url).auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { name: 'Someone Else', role: 'ENGINEER' } },
    });
    expect(signUp.error).toBeNull();
    const newId = signUp.data.user?.id ?? '';
    expect(newId).not.toBe(directoryId);

    const person = createTestClient(running.url);
    const signIn = await person.auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(newId);

    const me = await person.from('users').select('*').eq('id', newId).single();
    expect(me.error).toBeNull();
    expect(me.data).toMatchObject({
      id: newId,
      email,
      name: 'Carla Claimed',
      role: 'CUSTOMER',
      phone: '0700 000000',
      practice: { name: 'Bright Smiles', type: 'VETERINARY' },
    });
    const role = await person.rpc('current_user_role');
    expect(role.data).toBe('CUSTOMER');
    const chairs = await person.from('chairs').select('id, owner_user_id');
    expect(chairs.data).toEqual([{ id: chairId, owner_user_id: newId }]);
    const tickets = await person.from('support_tickets').select('id, customer_user_id');
    expect(tickets.data).toEqual([{ id: ticketId, customer_user_id: newId }]);
    expect(await userRow(directoryId)).toBeUndefined();
  });

  it("keeps the admin's role even when self-sign-up is forced to CUSTOMER", async () => {
    await db.query(
      `update public.app_settings set value = 'true'::jsonb where key = 'signup_customer_only'`,
    );
    try {
      const email = uniqueEmail('ezra');
      const created = await callOp(admin, 'user.create', {
        id: randomUUID(),
        name: 'Ezra Engineer',
        email,
        role: 'ENGINEER',
        engineer: { location: 'Hull', coverageAreas: ['Hull'], specializations: ['U500'] },
      });
      expect(created.error).toBeNull();
      const person = createTestClient(running.url);
      const signUp = await person.auth.signUp({
        email,
        password: 'correct-horse',
        options: { data: { name: 'Ezra', role: 'CUSTOMER' } },
      });
      expect(signUp.error).toBeNull();
      const role = await person.rpc('current_user_role');
      expect(role.data).toBe('ENGINEER');
      const me = await person
        .from('users')
        .select('name, engineer')
        .eq('id', signUp.data.user?.id ?? '')
        .single();
      expect(me.data).toEqual({
        name: 'Ezra Engineer',
        engineer: { location: 'Hull', coverageAreas: ['Hull'], specializations: ['U500'] },
      });
    } finally {
      await db.query(
        `update public.app_settings set value = 'false'::jsonb where key = 'signup_customer_only'`,
      );
    }
  });

  it('does not revive a deleted directory user: the person gets a fresh account', async () => {
    const directoryId = randomUUID();
    const email = uniqueEmail('gone');
    expect(
      (await callOp(admin, 'user.create', { id: directoryId, name: 'Gone', email, role: 'ADMIN' }))
        .error,
    ).toBeNull();
    expect((await callOp(admin, 'user.delete', { userId: directoryId })).error).toBeNull();
    const person = createTestClient(running.url);
    const signUp = await person.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { name: 'Fresh', role: 'CUSTOMER' } },
    });
    expect(signUp.error).toBeNull();
    const role = await person.rpc('current_user_role');
    expect(role.data).toBe('CUSTOMER');
    expect(await userRow(directoryId)).toMatchObject({ role: 'ADMIN', name: 'Gone' });
    expect((await userRow(directoryId))?.deleted_at).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// user.delete and user.setRole
// ---------------------------------------------------------------------------------------------
describe('user.delete', () => {
  it('soft-deletes, after which that user reads nothing and may not act', async () => {
    const victim = await signUpActor(running.url, 'CUSTOMER', 'Doomed Customer');
    await seedChair('REGISTERED', victim.id);
    await seedPart();
    const before = await victim.client.from('chairs').select('id');
    expect(before.data).toHaveLength(1);

    const outcome = await callOp(admin, 'user.delete', { userId: victim.id });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'users')).toMatchObject({ id: victim.id, role: 'CUSTOMER' });
    expect(rowOf(outcome, 'users').deleted_at).not.toBeNull();
    expect((await userRow(victim.id))?.deleted_at).not.toBeNull();

    const role = await victim.client.rpc('current_user_role');
    expect(role.data).toBeNull();
    for (const table of ['users', 'chairs', 'parts', 'training_resources', 'support_tickets']) {
      const { data, error } = await victim.client.from(table).select('id');
      expect(error, table).toBeNull();
      expect(data, table).toEqual([]);
    }
    expectRefusal(
      await callOp(victim, 'part.add', { id: randomUUID(), name: 'Sneaky', price: 1, stock: 1 }),
      'forbidden',
      'Your account is not active',
    );
  });

  it('refuses to delete your own account', async () => {
    const before = await digest();
    expectRefusal(
      await callOp(admin, 'user.delete', { userId: admin.id }),
      'validation',
      'You cannot delete your own account',
    );
    expect(await digest()).toBe(before);
  });

  it.each([
    ['an unknown user', async () => randomUUID()],
    [
      'an already deleted user',
      async () => {
        const id = randomUUID();
        await db.query(
          `insert into public.users (id, email, name, deleted_at) values ($1, $2, 'X', now())`,
          [id, uniqueEmail('x')],
        );
        return id;
      },
    ],
  ])('answers User not found for %s', async (_label, makeId) => {
    expectRefusal(
      await callOp(admin, 'user.delete', { userId: await makeId() }),
      'not_found',
      'User not found',
    );
  });

  it('refuses a malformed user id without a server error', async () => {
    expectRefusal(
      await callOp(admin, 'user.delete', { userId: 'nope' }),
      'validation',
      'User not found',
    );
  });
});

describe('user.setRole', () => {
  it("changes another user's role", async () => {
    const target = await signUpActor(running.url, 'CUSTOMER', 'Promo Ted');
    const outcome = await callOp(admin, 'user.setRole', { userId: target.id, role: 'VENDOR' });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'users')).toMatchObject({ id: target.id, role: 'VENDOR' });
    const role = await target.client.rpc('current_user_role');
    expect(role.data).toBe('VENDOR');
  });

  it('refuses to change your own role', async () => {
    expectRefusal(
      await callOp(admin, 'user.setRole', { userId: admin.id, role: 'CUSTOMER' }),
      'validation',
      'You cannot change your own role',
    );
    expect((await userRow(admin.id))?.role).toBe('ADMIN');
  });

  it.each([
    ['an unknown user', { userId: randomUUID(), role: 'ADMIN' }, 'not_found', 'User not found'],
    ['an unknown role', { role: 'OWNER' }, 'validation', 'Role is required'],
  ] as const)('refuses %s', async (_label, patch, errorClass, message) => {
    const args: Record<string, unknown> = { userId: customer.id, role: 'ENGINEER' };
    Object.assign(args, patch);
    expectRefusal(await callOp(admin, 'user.setRole', args), errorClass, message);
    expect((await userRow(customer.id))?.role).toBe('CUSTOMER');
  });

  it('answers User not found for a deleted user', async () => {
    const id = randomUUID();
    await db.query(
      `insert into public.users (id, email, name, deleted_at) values ($1, $2, 'Y', now())`,
      [id, uniqueEmail('y')],
    );
    expectRefusal(
      await callOp(admin, 'user.setRole', { userId: id, role: 'ADMIN' }),
      'not_found',
      'User not found',
    );
    expect((await userRow(id))?.role).toBe('CUSTOMER');
  });
});

// ---------------------------------------------------------------------------------------------
// chair.add and chair.assignOwner
// ---------------------------------------------------------------------------------------------
describe('chair.add', () => {
  const configuration = {
    deliverySystem: 'Hanging Delivery',
    instrumentOption: 'Option One',
    assistantChairside: 'Standard',
    lighting: 'V1 4300K',
    footControl: 'Pedal',
    upholsteryType: 'Formed',
    upholsteryColor: 'H3',
    monitorBracket: 'No Monitor Bracket',
  };

  it.each([
    ['S30', 'S30 Sigma'],
    ['U500', 'U500 Ambidextrous'],
  ])(
    'adds a %s to inventory as IN_STOCK with model name %s and the configuration as given',
    async (model, modelName) => {
      const id = randomUUID();
      const serial = `SN-${model}-${randomUUID()}`;
      const outcome = await callOp(admin, 'chair.add', {
        id,
        serialNumber: `  ${serial} `,
        model,
        configuration,
      });
      expect(outcome.error).toBeNull();
      expect(rowOf(outcome, 'chairs')).toMatchObject({
        id,
        serial_number: serial,
        model,
        model_name: modelName,
        configuration,
        status: 'IN_STOCK',
        owner_user_id: null,
        warranty: null,
      });
    },
  );

  it('adds a chair without a configuration', async () => {
    const outcome = await callOp(admin, 'chair.add', {
      id: randomUUID(),
      serialNumber: `SN-${randomUUID()}`,
      model: 'S30',
    });
    expect(rowOf(outcome, 'chairs').configuration).toBeNull();
  });

  it.each([
    ['a missing serial number', { serialNumber: undefined }, 'Serial number is required'],
    ['a blank serial number', { serialNumber: '   ' }, 'Serial number is required'],
    ['a missing model', { model: undefined }, 'Model is required'],
    ['an unknown model', { model: 'X9' }, 'Model is required'],
    [
      'a configuration that is not an object',
      { configuration: 'deluxe' },
      'Configuration must be an object',
    ],
  ])('refuses %s', async (_label, patch, message) => {
    const before = await digest();
    const args = { id: randomUUID(), serialNumber: `SN-${randomUUID()}`, model: 'S30', ...patch };
    expectRefusal(await callOp(admin, 'chair.add', args), 'validation', message);
    expect(await digest()).toBe(before);
  });

  it('refuses a serial number that already exists', async () => {
    const serial = `SN-DUP-${randomUUID()}`;
    expect(
      (await callOp(admin, 'chair.add', { id: randomUUID(), serialNumber: serial, model: 'S30' }))
        .error,
    ).toBeNull();
    const before = await digest();
    expectRefusal(
      await callOp(admin, 'chair.add', { id: randomUUID(), serialNumber: serial, model: 'U500' }),
      'conflict',
      'Serial number already exists',
    );
    expectRefusal(
      await callOp(admin, 'chair.add', {
        id: randomUUID(),
        serialNumber: serial.toLowerCase(),
        model: 'U500',
      }),
      'conflict',
      'Serial number already exists',
    );
    expect(await digest()).toBe(before);
  });
});

describe('chair.assignOwner', () => {
  it('reassigns a registered chair to a customer, then to Unassigned', async () => {
    const other = await signUpActor(running.url, 'CUSTOMER', 'Otto Owner');
    const chairId = await seedChair('REGISTERED', customer.id);
    const to = await callOp(admin, 'chair.assignOwner', { chairId, ownerUserId: other.id });
    expect(to.error).toBeNull();
    expect(rowOf(to, 'chairs')).toMatchObject({
      id: chairId,
      owner_user_id: other.id,
      status: 'REGISTERED',
    });
    const seen = await other.client.from('chairs').select('id').eq('id', chairId);
    expect(seen.data).toEqual([{ id: chairId }]);

    const none = await callOp(admin, 'chair.assignOwner', { chairId, ownerUserId: null });
    expect(none.error).toBeNull();
    expect(rowOf(none, 'chairs')).toMatchObject({ owner_user_id: null, status: 'REGISTERED' });
  });

  it.each(['IN_STOCK', 'DELIVERED'] as const)('refuses a %s chair', async (status) => {
    const chairId = await seedChair(status, null);
    const before = await digest();
    expectRefusal(
      await callOp(admin, 'chair.assignOwner', { chairId, ownerUserId: customer.id }),
      'conflict',
      'Only registered chairs can be reassigned',
    );
    expect(await digest()).toBe(before);
  });

  it.each([
    ['an engineer', () => engineer.id],
    ['an unknown user', () => randomUUID()],
  ])('refuses %s as owner with Customer not found', async (_label, owner) => {
    const chairId = await seedChair('REGISTERED', customer.id);
    expectRefusal(
      await callOp(admin, 'chair.assignOwner', { chairId, ownerUserId: owner() }),
      'not_found',
      'Customer not found',
    );
  });

  it('refuses a deleted customer as owner', async () => {
    const id = randomUUID();
    await db.query(
      `insert into public.users (id, email, name, deleted_at) values ($1, $2, 'Z', now())`,
      [id, uniqueEmail('z')],
    );
    const chairId = await seedChair('REGISTERED', customer.id);
    expectRefusal(
      await callOp(admin, 'chair.assignOwner', { chairId, ownerUserId: id }),
      'not_found',
      'Customer not found',
    );
  });

  it('refuses an unknown chair', async () => {
    expectRefusal(
      await callOp(admin, 'chair.assignOwner', { chairId: randomUUID(), ownerUserId: null }),
      'not_found',
      'Chair not found',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Parts catalogue
// ---------------------------------------------------------------------------------------------
describe('parts', () => {
  it('adds a part with the client id', async () => {
    const id = randomUUID();
    const outcome = await callOp(admin, 'part.add', {
      id,
      name: ' Hydraulic pump ',
      partCode: 'HP-9',
      model: 'U500',
      diagramUrl: 'https://x.test/hp.png',
      price: 99.5,
      stock: 0,
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'parts')).toMatchObject({
      id,
      name: 'Hydraulic pump',
      part_code: 'HP-9',
      model: 'U500',
      diagram_url: 'https://x.test/hp.png',
      stock: 0,
      deleted_at: null,
    });
    expect(Number(rowOf(outcome, 'parts').price)).toBe(99.5);
  });

  it('updates a part; fields left out keep their values', async () => {
    const partId = await seedPart();
    const outcome = await callOp(admin, 'part.update', {
      partId,
      name: 'Seed pump II',
      price: 0,
      stock: 7,
      model: null,
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'parts')).toMatchObject({
      id: partId,
      name: 'Seed pump II',
      stock: 7,
      model: null,
      part_code: 'SP-1',
    });
    expect(Number(rowOf(outcome, 'parts').price)).toBe(0);
  });

  it('soft-deletes a part', async () => {
    const partId = await seedPart();
    const outcome = await callOp(admin, 'part.delete', { partId });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'parts').deleted_at).not.toBeNull();
    const { rows } = await db.query<{ deleted_at: string | null }>(
      `select deleted_at from public.parts where id = $1`,
      [partId],
    );
    expect(rows[0]?.deleted_at).not.toBeNull();
  });

  it.each([
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '  ' }, 'Name is required'],
    ['a negative price', { price: -0.01 }, 'Price must be 0 or more'],
    ['a price that is not a number', { price: 'cheap' }, 'Price must be 0 or more'],
    ['a missing price', { price: undefined }, 'Price must be 0 or more'],
    ['a negative stock', { stock: -1 }, 'Stock must be 0 or more'],
    ['a stock that is not a number', { stock: 'lots' }, 'Stock must be 0 or more'],
    ['a fractional stock', { stock: 1.5 }, 'Stock must be a whole number'],
    ['an unknown model', { model: 'Z1' }, 'Model must be S30 or U500'],
  ])('refuses %s on add and update', async (_label, patch, message) => {
    const partId = await seedPart();
    const before = await digest();
    const fields = { name: 'Valve', price: 1, stock: 1, ...patch };
    expectRefusal(
      await callOp(admin, 'part.add', { id: randomUUID(), ...fields }),
      'validation',
      message,
    );
    expectRefusal(await callOp(admin, 'part.update', { partId, ...fields }), 'validation', message);
    expect(await digest()).toBe(before);
  });

  it.each([
    ['an unknown part', async () => randomUUID()],
    ['a deleted part', async () => seedPart(true)],
  ])('answers Part not found for %s', async (_label, makeId) => {
    const partId = await makeId();
    const before = await digest();
    expectRefusal(
      await callOp(admin, 'part.update', { partId, name: 'N', price: 1, stock: 1 }),
      'not_found',
      'Part not found',
    );
    expectRefusal(await callOp(admin, 'part.delete', { partId }), 'not_found', 'Part not found');
    expect(await digest()).toBe(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Training resources
// ---------------------------------------------------------------------------------------------
describe('training resources', () => {
  it.each(['VIDEO', 'PDF', 'FAQ'])('adds a %s resource with the client id', async (type) => {
    const id = randomUUID();
    const outcome = await callOp(admin, 'training.add', {
      id,
      title: '  Daily care ',
      type,
      url: type === 'FAQ' ? null : 'https://x.test/r',
      content: type === 'FAQ' ? 'Wipe daily.' : null,
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'training_resources')).toMatchObject({
      id,
      title: 'Daily care',
      type,
      url: type === 'FAQ' ? null : 'https://x.test/r',
      content: type === 'FAQ' ? 'Wipe daily.' : null,
      deleted_at: null,
    });
  });

  it('updates a resource; fields left out keep their values', async () => {
    const trainingId = await seedTraining();
    const outcome = await callOp(admin, 'training.update', {
      trainingId,
      title: 'FAQ now',
      type: 'FAQ',
      content: 'Answer',
    });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'training_resources')).toMatchObject({
      id: trainingId,
      title: 'FAQ now',
      type: 'FAQ',
      content: 'Answer',
      url: 'https://example.com/v',
    });
  });

  it('soft-deletes a resource', async () => {
    const trainingId = await seedTraining();
    const outcome = await callOp(admin, 'training.delete', { trainingId });
    expect(outcome.error).toBeNull();
    expect(rowOf(outcome, 'training_resources').deleted_at).not.toBeNull();
  });

  it.each([
    ['a missing title', { title: undefined }, 'Title is required'],
    ['a blank title', { title: ' ' }, 'Title is required'],
    ['a missing type', { type: undefined }, 'Type must be VIDEO, PDF or FAQ'],
    ['an unknown type', { type: 'AUDIO' }, 'Type must be VIDEO, PDF or FAQ'],
  ])('refuses %s on add and update', async (_label, patch, message) => {
    const trainingId = await seedTraining();
    const before = await digest();
    const fields = { title: 'T', type: 'PDF', ...patch };
    expectRefusal(
      await callOp(admin, 'training.add', { id: randomUUID(), ...fields }),
      'validation',
      message,
    );
    expectRefusal(
      await callOp(admin, 'training.update', { trainingId, ...fields }),
      'validation',
      message,
    );
    expect(await digest()).toBe(before);
  });

  it.each([
    ['an unknown resource', async () => randomUUID()],
    ['a deleted resource', async () => seedTraining(true)],
  ])('answers Training resource not found for %s', async (_label, makeId) => {
    const trainingId = await makeId();
    const before = await digest();
    expectRefusal(
      await callOp(admin, 'training.update', { trainingId, title: 'N', type: 'PDF' }),
      'not_found',
      'Training resource not found',
    );
    expectRefusal(
      await callOp(admin, 'training.delete', { trainingId }),
      'not_found',
      'Training resource not found',
    );
    expect(await digest()).toBe(before);
  });
});
