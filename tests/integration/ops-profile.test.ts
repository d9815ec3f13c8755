// The profile.update guarded operation (supabase/migrations/20261123000008_users.sql):
// every signed-in role edits its own row; practice for customers, engineer details for engineers
// (certifications, availability and metrics stay with the supervisor); no role changes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { callOp, rowOf, signUpActor, type Actor, type RpcOutcome } from './actors';
import { closeOpsBackend, expectRefusedAs, openOpsBackend } from './ops-harness';

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  phone: string | null;
  address: string | null;
  profile_picture_url: string | null;
  practice: Record<string, unknown> | null;
  engineer: Record<string, unknown> | null;
  updated_at: string;
}

const supervisorManaged = {
  certifications: [
    {
      name: 'Sigma Chair Service',
      issuer: 'Chairside Academy',
      dateObtained: '2024-03-01',
      expiryDate: '2027-03-01',
      certificateNumber: 'CS-001',
    },
  ],
  availability: [{ dayOfWeek: 1, isAvailable: true, startTime: '08:00', endTime: '16:30' }],
  performanceMetrics: {
    averageResolutionTime: 5.5,
    completionRate: 92,
    customerSatisfactionScore: 4.7,
  },
};

let db: Database;
let running: RunningServer;
let alice: Actor;
let bob: Actor;
let eve: Actor;
let ada: Actor;
let vic: Actor;

beforeAll(async () => {
  ({ db, running } = await openOpsBackend());
  [alice, bob, eve, ada, vic] = await Promise.all([
    signUpActor(running.url, 'CUSTOMER', 'Alice Customer'),
    signUpActor(running.url, 'CUSTOMER', 'Bob Customer'),
    signUpActor(running.url, 'ENGINEER', 'Eve Engineer'),
    signUpActor(running.url, 'ADMIN', 'Ada Admin'),
    signUpActor(running.url, 'VENDOR', 'Vic Vendor'),
  ]);
  await db.query(`update public.users set engineer = $2::jsonb where id = $1`, [
    eve.id,
    JSON.stringify({
      location: 'Leeds',
      coverageAreas: ['Leeds'],
      specializations: ['S30'],
      emergencyPhone: '07700 900999',
      skillSets: ['Hydraulics'],
      ...supervisorManaged,
    }),
  ]);
});

afterAll(() => closeOpsBackend(db, running));

async function userRow(id: string): Promise<UserRow> {
  const { rows } = await db.query<{ row: UserRow }>(
    `select to_jsonb(u) as row from public.users u where u.id = $1`,
    [id],
  );
  return rows[0]!.row;
}

function userOf(outcome: RpcOutcome): UserRow {
  return rowOf(outcome, 'users') as unknown as UserRow;
}

/** The args a profile form sends for `actor`, with overrides. */
function profileArgs(actor: Actor, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: actor.name, email: actor.email, ...extra };
}

const engineerFields = {
  location: 'Manchester',
  emergencyPhone: '07700 900555',
  coverageAreas: ['Manchester', ' Salford ', ''],
  specializations: ['U500', 'S30'],
  skillSets: ['Electrics', 'Pneumatics'],
};

describe('profile.update for a customer', () => {
  it('updates the own row: trimmed name, email, phone, address and picture', async () => {
    const email = `alice.new.${Date.now()}@example.com`;
    const out = await callOp(alice, 'profile.update', {
      name: '  Alice Smith ',
      email,
      phone: '0113 496 0000',
      address: '1 High Street, Leeds',
      profilePictureUrl: 'https://example.com/alice.png',
    });
    expect(out.error).toBeNull();
    const row = userOf(out);
    expect(row).toMatchObject({
      id: alice.id,
      name: 'Alice Smith',
      email,
      role: 'CUSTOMER',
      phone: '0113 496 0000',
      address: '1 High Street, Leeds',
      profile_picture_url: 'https://example.com/alice.png',
    });
    expect(await userRow(alice.id)).toEqual(row);
    alice = { ...alice, email, name: 'Alice Smith' };
  });

  it('stores an empty picture URL as null and refuses a non-http URL', async () => {
    const cleared = await callOp(
      alice,
      'profile.update',
      profileArgs(alice, { profilePictureUrl: '' }),
    );
    expect(userOf(cleared).profile_picture_url).toBeNull();
    const stored = await userRow(alice.id);
    for (const profilePictureUrl of ['javascript:alert(1)', 'ftp://example.com/a.png', 'picture']) {
      expectRefusedAs(
        await callOp(alice, 'profile.update', profileArgs(alice, { profilePictureUrl })),
        400,
        'validation',
        'Please enter a valid URL',
      );
    }
    expect(await userRow(alice.id)).toEqual(stored);
  });

  it('saves a practice with DENTAL as the default type once any field is filled', async () => {
    const out = await callOp(
      alice,
      'profile.update',
      profileArgs(alice, { practice: { name: 'Smile Studio', address: '', phone: '' } }),
    );
    expect(userOf(out).practice).toEqual({
      name: 'Smile Studio',
      type: 'DENTAL',
      address: null,
      phone: null,
    });
    const typed = await callOp(
      alice,
      'profile.update',
      profileArgs(alice, {
        practice: { name: 'Paws', type: 'VETERINARY', address: '2 Low Road', phone: '0113' },
      }),
    );
    expect(userOf(typed).practice).toEqual({
      name: 'Paws',
      type: 'VETERINARY',
      address: '2 Low Road',
      phone: '0113',
    });
  });

  it('saves no practice when every practice field is empty', async () => {
    const out = await callOp(
      alice,
      'profile.update',
      profileArgs(alice, { practice: { name: ' ', type: 'CLINIC', address: '', phone: '' } }),
    );
    expect(userOf(out).practice).toBeNull();
  });

  it('leaves fields that are not sent as they were', async () => {
    await callOp(alice, 'profile.update', profileArgs(alice, { phone: '0200', address: 'Here' }));
    const out = await callOp(alice, 'profile.update', profileArgs(alice));
    expect(userOf(out)).toMatchObject({ phone: '0200', address: 'Here' });
  });

  it('refuses an unknown practice type', async () => {
    expectRefusedAs(
      await callOp(
        alice,
        'profile.update',
        profileArgs(alice, { practice: { name: 'X', type: 'HOSPITAL' } }),
      ),
      400,
      'validation',
      'Practice type must be DENTAL, MEDICAL, VETERINARY or CLINIC',
    );
  });

  it('requires a name and a valid email', async () => {
    const stored = await userRow(alice.id);
    for (const name of ['', '   ', undefined, 42]) {
      expectRefusedAs(
        await callOp(alice, 'profile.update', profileArgs(alice, { name })),
        400,
        'validation',
        'Name is required',
      );
    }
    for (const email of ['', 'alice', 'alice@', 'a..b@example.com', 'a@b', undefined, 7]) {
      expectRefusedAs(
        await callOp(alice, 'profile.update', profileArgs(alice, { email })),
        400,
        'validation',
        'Valid email is required',
      );
    }
    expect(await userRow(alice.id)).toEqual(stored);
  });

  it("refuses another user's email address", async () => {
    expectRefusedAs(
      await callOp(alice, 'profile.update', profileArgs(alice, { email: bob.email })),
      409,
      'conflict',
      'This email address is already in use',
    );
  });

  it('changes only the caller’s row', async () => {
    const bobBefore = await userRow(bob.id);
    const out = await callOp(alice, 'profile.update', profileArgs(alice, { phone: '0999' }));
    expect(userOf(out).id).toBe(alice.id);
    expect(await userRow(bob.id)).toEqual(bobBefore);
  });

  it('refuses engineer details on a customer profile', async () => {
    expectRefusedAs(
      await callOp(alice, 'profile.update', profileArgs(alice, { engineer: engineerFields })),
      400,
      'validation',
      'Only an engineer profile has engineer details',
    );
  });

  it('answers ill-typed args with 400, not 500', async () => {
    for (const extra of [
      { phone: 12 },
      { address: ['x'] },
      { profilePictureUrl: false },
      { practice: 'Smile Studio' },
      { practice: { name: 5 } },
    ]) {
      expectRefusedAs(
        await callOp(alice, 'profile.update', profileArgs(alice, extra)),
        400,
        'validation',
      );
    }
    for (const args of [5, ['Alice'], null]) {
      const { status, error } = await alice.client.rpc('profile_update', {
        mutation_id: randomUUID(),
        args,
      });
      expect(status).toBe(400);
      expect(error?.details).toBe('validation');
    }
  });
});

describe('profile.update and roles', () => {
  it('refuses any role key, for a customer and for an administrator alike', async () => {
    for (const [actor, role] of [
      [alice, 'ADMIN'],
      [alice, 'CUSTOMER'],
      [ada, 'CUSTOMER'],
    ] as const) {
      const before = await userRow(actor.id);
      expectRefusedAs(
        await callOp(actor, 'profile.update', profileArgs(actor, { role })),
        403,
        'forbidden',
        'Only an administrator can change a role',
      );
      expect(await userRow(actor.id)).toEqual(before);
    }
  });

  it('lets an admin and a vendor edit their own contact details', async () => {
    for (const actor of [ada, vic]) {
      const out = await callOp(actor, 'profile.update', profileArgs(actor, { phone: '0800 000' }));
      expect(out.error).toBeNull();
      expect(userOf(out)).toMatchObject({ id: actor.id, role: actor.role, phone: '0800 000' });
    }
  });

  it('refuses a practice on an admin or vendor profile but accepts a null one', async () => {
    for (const actor of [ada, vic, eve]) {
      expectRefusedAs(
        await callOp(actor, 'profile.update', profileArgs(actor, { practice: { name: 'X' } })),
        400,
        'validation',
        'Only a customer profile has practice details',
      );
    }
    const out = await callOp(vic, 'profile.update', profileArgs(vic, { practice: null }));
    expect(userOf(out).practice).toBeNull();
  });

  it('refuses a deleted user', async () => {
    const gone = await signUpActor(running.url, 'CUSTOMER', 'Gone Customer');
    await db.query(`update public.users set deleted_at = now() where id = $1`, [gone.id]);
    const before = await userRow(gone.id);
    expectRefusedAs(
      await callOp(gone, 'profile.update', profileArgs(gone, { name: 'Back Again' })),
      403,
      'forbidden',
    );
    expect(await userRow(gone.id)).toEqual(before);
  });

  it('returns the first result on replay and changes nothing', async () => {
    const id = randomUUID();
    const first = await callOp(bob, 'profile.update', profileArgs(bob, { phone: '111' }), id);
    expect(first.error).toBeNull();
    await callOp(bob, 'profile.update', profileArgs(bob, { phone: '222' }));
    const stored = await userRow(bob.id);
    const again = await callOp(bob, 'profile.update', profileArgs(bob, { phone: '111' }), id);
    expect(again.error).toBeNull();
    expect(again.data).toEqual(first.data);
    expect(await userRow(bob.id)).toEqual(stored);
    expect(stored.phone).toBe('222');
  });
});

describe('profile.update for an engineer', () => {
  it('merges location, coverage, specializations, skills and emergency phone, keeping certifications, availability and metrics', async () => {
    const out = await callOp(eve, 'profile.update', profileArgs(eve, { engineer: engineerFields }));
    expect(out.error).toBeNull();
    expect(userOf(out).engineer).toEqual({
      location: 'Manchester',
      emergencyPhone: '07700 900555',
      coverageAreas: ['Manchester', 'Salford'],
      specializations: ['U500', 'S30'],
      skillSets: ['Electrics', 'Pneumatics'],
      ...supervisorManaged,
    });
    expect((await userRow(eve.id)).engineer).toEqual(userOf(out).engineer);
  });

  it('keeps the emergency phone when it is not sent', async () => {
    const { emergencyPhone: _kept, ...withoutPhone } = engineerFields;
    const out = await callOp(
      eve,
      'profile.update',
      profileArgs(eve, { engineer: { ...withoutPhone, location: 'York' } }),
    );
    expect(userOf(out).engineer).toMatchObject({
      location: 'York',
      emergencyPhone: '07700 900555',
      ...supervisorManaged,
    });
  });

  it('keeps the engineer details when only contact fields are sent', async () => {
    const before = (await userRow(eve.id)).engineer;
    const out = await callOp(eve, 'profile.update', profileArgs(eve, { phone: '0161' }));
    expect(userOf(out).engineer).toEqual(before);
    expect(userOf(out).phone).toBe('0161');
  });

  it('refuses certifications, availability or metrics from the engineer', async () => {
    const before = await userRow(eve.id);
    for (const key of ['certifications', 'availability', 'performanceMetrics'] as const) {
      expectRefusedAs(
        await callOp(
          eve,
          'profile.update',
          profileArgs(eve, { engineer: { ...engineerFields, [key]: supervisorManaged[key] } }),
        ),
        403,
        'forbidden',
        'Certifications, availability and metrics are managed by your supervisor',
      );
    }
    expect(await userRow(eve.id)).toEqual(before);
  });

  it('requires location, coverage areas, specializations and skill sets', async () => {
    const before = await userRow(eve.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ location: '  ' }, 'Location is required'],
      [{ location: undefined }, 'Location is required'],
      [{ coverageAreas: [] }, 'Coverage areas are required'],
      [{ coverageAreas: [' ', ''] }, 'Coverage areas are required'],
      [{ coverageAreas: 'Leeds' }, 'Coverage areas are required'],
      [{ specializations: [] }, 'Specializations are required'],
      [{ specializations: [1, 2] }, 'Specializations are required'],
      [{ skillSets: [] }, 'Skill sets are required'],
      [{ skillSets: undefined }, 'Skill sets are required'],
    ];
    for (const [extra, message] of cases) {
      expectRefusedAs(
        await callOp(
          eve,
          'profile.update',
          profileArgs(eve, { engineer: { ...engineerFields, ...extra } }),
        ),
        400,
        'validation',
        message,
      );
    }
    expect(await userRow(eve.id)).toEqual(before);
  });

  it('refuses unknown engineer fields and a non-object', async () => {
    expectRefusedAs(
      await callOp(
        eve,
        'profile.update',
        profileArgs(eve, { engineer: { ...engineerFields, rating: 5 } }),
      ),
      400,
      'validation',
      'Unknown engineer field: rating',
    );
    expectRefusedAs(
      await callOp(eve, 'profile.update', profileArgs(eve, { engineer: 'Manchester' })),
      400,
      'validation',
    );
  });
});
