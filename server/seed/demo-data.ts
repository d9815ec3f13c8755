// Loads the local demo data set, supabase/seed.sql (the same file `supabase db reset` loads), once
// on the local server's first start (server/main.ts; skip with DEMO_DATA=0). The data lives in the
// SQL file; this module only decides whether to load it, runs it in one transaction as the
// superuser (never through the guarded operations), and names the fixed ids tests rely on.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { migrationsOwner, SAFEUPDATE_SETTING, type Database } from '../db/database';
import { demoAccount } from '../../src/domain/demo-accounts';

export const SEED_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'supabase',
  'seed.sql',
);

/** public.app_settings key that supabase/seed.sql writes first: the data set is loaded. */
export const DEMO_DATA_SETTING = 'demo_data_loaded';

/** Fixed ids of the four demo accounts' users, as in supabase/seed.sql. */
export const DEMO_USER_IDS = {
  customer: 'de000001-0000-4000-8000-000000000001',
  admin: 'de000001-0000-4000-8000-000000000002',
  engineer: 'de000001-0000-4000-8000-000000000003',
  vendor: 'de000001-0000-4000-8000-000000000004',
} as const;

/** Fixed ids of the chairs the demo customer owns, as in supabase/seed.sql. */
export const DEMO_CHAIR_IDS = {
  riversideActive: 'de000002-0000-4000-8000-000000000001',
  riversideExpiring: 'de000002-0000-4000-8000-000000000002',
  riversidePending: 'de000002-0000-4000-8000-000000000003',
  riversideExpired: 'de000002-0000-4000-8000-000000000004',
  riversideDelivered: 'de000002-0000-4000-8000-000000000005',
} as const;

/**
 * Serial numbers a customer can activate a warranty for in the demo: stock, and the demo
 * customer's chair delivered a few days before seeding.
 */
export const DEMO_ACTIVATABLE_SERIALS = [
  'S30-25-01001',
  'S30-25-01002',
  'U500-25-00120',
  'S30-25-00944',
  'U500-25-00118',
] as const;

async function alreadyLoaded(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ key: string }>(
    `select key from public.app_settings where key = $1
     union all select email from auth.users where id = $2 or email = $3`,
    [DEMO_DATA_SETTING, DEMO_USER_IDS.admin, demoAccount('ADMIN').email],
  );
  return rows.length > 0;
}

/**
 * Loads supabase/seed.sql unless it was loaded before (its DEMO_DATA_SETTING marker) or a demo
 * account already exists. Every date is relative to `now`. True when this call loaded it.
 */
export async function seedDemoData(db: Database, now: Date = new Date()): Promise<boolean> {
  if (await alreadyLoaded(db)) return false;
  const sql = await readFile(SEED_FILE, 'utf8');
  try {
    // As `supabase db reset` loads it: as the migrations' owner, over a direct connection (no
    // pg-safeupdate).
    const owner = await migrationsOwner(db);
    await db.transaction(async (tx) => {
      await tx.exec(`set local ${SAFEUPDATE_SETTING} = off`);
      await tx.query(`select set_config('demo.seeded_at', $1, true)`, [now.toISOString()]);
      await tx.exec(`set local role "${owner}"`);
      await tx.exec(sql);
    });
    return true;
  } catch (error) {
    // Another start loaded it meanwhile: the seed stopped on its marker and rolled back.
    if (await alreadyLoaded(db)) return false;
    throw error;
  }
}
