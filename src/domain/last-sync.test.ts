import { describe, expect, it } from 'vitest';
import { lastSyncText } from './last-sync';

const now = new Date('2026-03-01T15:30:00');

describe('lastSyncText', () => {
  it('says when nothing was synced yet', () => {
    expect(lastSyncText(null, now)).toBe('Not synced yet');
  });
  it('reads recent syncs relatively, on both sides of a minute and an hour', () => {
    expect(lastSyncText(new Date('2026-03-01T15:29:01').toISOString(), now)).toBe(
      'Synced just now',
    );
    expect(lastSyncText(new Date('2026-03-01T15:29:00').toISOString(), now)).toBe(
      'Synced 1 min ago',
    );
    expect(lastSyncText(new Date('2026-03-01T15:28:00').toISOString(), now)).toBe(
      'Synced 2 min ago',
    );
    expect(lastSyncText(new Date('2026-03-01T14:30:01').toISOString(), now)).toBe(
      'Synced 59 min ago',
    );
    expect(lastSyncText(new Date('2026-03-01T14:30:00').toISOString(), now)).toBe(
      'Synced at 14:30',
    );
  });
  it('adds the date before today', () => {
    expect(lastSyncText(new Date('2026-02-27T09:05:00').toISOString(), now)).toBe(
      'Synced Feb 27, 09:05',
    );
  });
});
