// One schema per input (issue 13): every SPEC validation message is spelled exactly once in
// src/domain, and never again in the local effects (src/data/effects), which import the domain's
// constants. A second copy of a message anywhere in those files fails this test.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..', '..');

/** SPEC §5 Validation rules (and the §8 refusals the rules name), as the app words them. */
const SPEC_MESSAGES = [
  // Sign-up, login
  'Name is required',
  'Please enter a valid email address',
  'Password must be at least 6 characters',
  'Please confirm your password',
  "Passwords don't match",
  // Register chair, warranty activation, test sheet, extension
  'Chair not found',
  'Serial number is required',
  'Delivery date is required',
  'Warranty must be activated within 14 days of delivery',
  'Serial number not found in inventory',
  // Ticket
  'Title is required',
  'Description must be at least 10 characters',
  'Priority is required',
  // Service request
  'Please select a chair',
  'Preferred date is required',
  'Preferred date cannot be in the past',
  'Preferred time is required',
  // Profiles
  'Valid email is required',
  'Please enter a valid URL',
  'Location is required',
  'Coverage areas are required',
  'Specializations are required',
  'Skill sets are required',
  // Add user, add chair
  'Role is required',
  'Model is required',
  'Serial number already exists',
  'Choose a colour offered for this upholstery type',
  // Cart
  'Cart is empty',
  // Service notes, resolve, add part
  'Time spent must be 0 or more',
  'Please provide a resolution description',
  'Please select a part',
  'Part not found',
  // Installation acceptance
  'Customer name is required',
  'Signature is required',
  'Please sign in the box',
  'Every checklist item must be ticked',
] as const;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Occurrences of `message` as a whole string literal ('…', "…" or `…`) in a file. */
function literalCount(source: string, message: string): number {
  let count = 0;
  for (const quote of ["'", '"', '`']) {
    const escaped = quote === "'" ? message.replace(/'/g, "\\'") : message;
    count += source.split(`${quote}${escaped}${quote}`).length - 1;
  }
  return count;
}

function occurrences(dir: string, message: string): string[] {
  return sourceFiles(join(root, dir)).flatMap((file) => {
    const n = literalCount(readFileSync(file, 'utf8'), message);
    return Array.from({ length: n }, () => relative(root, file));
  });
}

describe('SPEC validation messages', () => {
  it.each(SPEC_MESSAGES)('"%s" is spelled exactly once in src/domain', (message) => {
    expect(occurrences('src/domain', message)).toHaveLength(1);
  });

  it.each(SPEC_MESSAGES)('"%s" is not re-spelled in src/data/effects', (message) => {
    expect(occurrences('src/data/effects', message)).toEqual([]);
  });

  it('counts a second copy (the check can fail)', () => {
    const twice = `const a = 'Title is required';\nconst b = "Title is required";`;
    expect(literalCount(twice, 'Title is required')).toBe(2);
    expect(literalCount(`x = 'Passwords don\\'t match'`, "Passwords don't match")).toBe(1);
  });
});
