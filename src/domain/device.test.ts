import { describe, expect, it } from 'vitest';
import { deviceName, deviceWarning } from './device';

describe('deviceName', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPad',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-T970) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    ['curl/8.5.0', 'Unknown device'],
    ['', 'Unknown device'],
  ])('%s → %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('deviceWarning', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();

  it('says nothing for a device synced within 24 h with nothing refused', () => {
    expect(deviceWarning({ lastSyncAt: at(23.9), needsAttentionCount: 0 }, now)).toBeNull();
    expect(deviceWarning({ lastSyncAt: at(24), needsAttentionCount: 0 }, now)).toBeNull();
  });

  it('warns when the last sync is over 24 h old, when items need attention, or both', () => {
    expect(deviceWarning({ lastSyncAt: at(24.1), needsAttentionCount: 0 }, now)).toBe(
      'Not synced for over 24 h',
    );
    expect(deviceWarning({ lastSyncAt: at(1), needsAttentionCount: 2 }, now)).toBe(
      'Needs attention',
    );
    expect(deviceWarning({ lastSyncAt: at(48), needsAttentionCount: 1 }, now)).toBe(
      'Not synced for over 24 h · needs attention',
    );
  });

  it('treats an unreadable time as not synced', () => {
    expect(deviceWarning({ lastSyncAt: 'not a time', needsAttentionCount: 0 }, now)).toBe(
      'Not synced for over 24 h',
    );
  });
});
