/**
 * Refusals a local effect (src/data/effects) and its guarded operation (supabase/migrations)
 * both make, with SPEC's wording (§5, §8 Other errors). Spelled once here; the effects import them
 * and tests/integration/mutation-parity.test.ts checks the server says the same.
 */
export const CHAIR_NOT_FOUND = 'Chair not found';
export const PART_NOT_FOUND = 'Part not found';
export const TEST_SHEET_ALREADY_SUBMITTED =
  'A test sheet has already been submitted for this chair';
export const CHECKLIST_INCOMPLETE = 'Every checklist item must be ticked';
