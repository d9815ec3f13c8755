import { describe, expect, it } from 'vitest';
import { installOfferFor, isIosSafari, markOffered, offeredTo, OFFERED_KEY } from './install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1';
const IPHONE_IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

const browser = (
  userAgent: string,
  patch: { installed?: boolean; prompt?: boolean; touch?: number } = {},
) => ({
  userAgent,
  installed: patch.installed ?? false,
  prompt: patch.prompt ?? false,
  maxTouchPoints: patch.touch ?? 0,
});

describe('installOfferFor', () => {
  it("offers the browser's install where it made an offer", () => {
    expect(installOfferFor(browser(ANDROID_CHROME, { prompt: true, touch: 5 }))).toBe('prompt');
  });

  it('offers nothing once the app runs installed, whatever the browser', () => {
    expect(installOfferFor(browser(ANDROID_CHROME, { prompt: true, installed: true }))).toBeNull();
    expect(installOfferFor(browser(IPHONE_SAFARI, { installed: true, touch: 5 }))).toBeNull();
  });

  it("gives Safari's steps on an iPhone and an iPad, which make no offer", () => {
    expect(installOfferFor(browser(IPHONE_SAFARI, { touch: 5 }))).toBe('ios');
    expect(installOfferFor(browser(IPAD_AS_MAC, { touch: 5 }))).toBe('ios');
  });

  it('offers nothing where the browser neither offers nor has Safari’s Add to Home Screen', () => {
    expect(installOfferFor(browser(IPAD_AS_MAC))).toBeNull(); // a Mac
    expect(installOfferFor(browser(IPHONE_CHROME, { touch: 5 }))).toBeNull();
    expect(installOfferFor(browser(IPHONE_IN_APP, { touch: 5 }))).toBeNull();
    expect(installOfferFor(browser(ANDROID_CHROME, { touch: 5 }))).toBeNull(); // no offer yet
    expect(installOfferFor(browser(FIREFOX))).toBeNull();
  });

  it('tells iOS Safari from the other iOS browsers', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true);
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false);
  });
});

/** A Storage over a map, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('offered once to each role', () => {
  it('remembers each role it was offered to on this device', () => {
    const storage = memoryStorage();
    expect(offeredTo('CUSTOMER', storage)).toBe(false);
    markOffered('CUSTOMER', storage);
    markOffered('CUSTOMER', storage);
    expect(offeredTo('CUSTOMER', storage)).toBe(true);
    expect(offeredTo('ENGINEER', storage)).toBe(false);
    markOffered('ENGINEER', storage);
    expect(JSON.parse(storage.getItem(OFFERED_KEY)!)).toEqual(['CUSTOMER', 'ENGINEER']);
  });

  it('reads what it cannot understand as offered to nobody', () => {
    const storage = memoryStorage();
    storage.setItem(OFFERED_KEY, '{not json');
    expect(offeredTo('CUSTOMER', storage)).toBe(false);
    markOffered('CUSTOMER', storage);
    expect(offeredTo('CUSTOMER', storage)).toBe(true);
  });
});
