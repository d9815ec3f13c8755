// Every row-level security policy reads the caller's role and id through init-plans
// (`(select current_user_role())`, `(select auth.uid())`), evaluated once per statement rather
// than once per row, so a pull page over a large table stays cheap.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openTestDatabase } from './test-database';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

const count = (text: string, needle: string) => text.split(needle).length - 1;

it('wraps every role and user lookup in the public policies as an init-plan', async () => {
  const { rows } = await db.query<{ policyname: string; expr: string }>(
    `select policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
       from pg_policies where schemaname = 'public'`,
  );
  expect(rows.length).toBeGreaterThan(25);
  const unwrapped = rows
    .filter(
      (p) =>
        count(p.expr, 'current_user_role()') !== count(p.expr, 'SELECT current_user_role()') ||
        count(p.expr, 'auth.uid()') !== count(p.expr, 'SELECT auth.uid()'),
    )
    .map((p) => p.policyname);
  expect(unwrapped).toEqual([]);
  expect(rows.some((p) => p.expr.includes('SELECT current_user_role()'))).toBe(true);
});
