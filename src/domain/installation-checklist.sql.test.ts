// The installation checklist exists twice: here for the wizard and as a text[] constant in the
// installation.complete operation's migration. This keeps the two identical.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checklistItemIds } from './installation-checklist';

// A string, not new URL(): the unit project runs under jsdom, whose URL is not Node's.
const here = path.dirname(fileURLToPath(import.meta.url));
const migration = readFileSync(
  path.resolve(here, '../../supabase/migrations/20261123000006_chairs.sql'),
  'utf8',
);

/** The quoted ids inside private.installation_checklist_item_ids()'s array literal. */
function sqlChecklistIds(): string[] {
  const match =
    /function private\.installation_checklist_item_ids\(\)[\s\S]*?array\[([\s\S]*?)\]::text\[\]/.exec(
      migration,
    );
  if (!match?.[1]) throw new Error('installation_checklist_item_ids() not found in the migration');
  return [...match[1].matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

describe('installation checklist in SQL', () => {
  it('lists exactly the item ids of the TypeScript checklist, in the same order', () => {
    expect(sqlChecklistIds()).toEqual(checklistItemIds());
  });

  it('holds nothing but quoted ids and commas between the brackets', () => {
    const match = /installation_checklist_item_ids\(\)[\s\S]*?array\[([\s\S]*?)\]::text\[\]/.exec(
      migration,
    );
    const leftover = (match?.[1] ?? 'missing').replace(/'[^']*'/g, '').replace(/[\s,]/g, '');
    expect(leftover).toBe('');
  });
});
