import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it('matches any field, ignoring case and surrounding spaces', () => {
    expect(matchesSearch('  riverSIDE ', ['Chair S30-1', 'Riverside Dental'])).toBe(true);
    expect(matchesSearch('oak', ['Chair S30-1', null, undefined])).toBe(false);
  });
  it('matches everything when the search is blank', () => {
    expect(matchesSearch('   ', [])).toBe(true);
  });
});
