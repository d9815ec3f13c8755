// What identifies a device to a person (issue 16, device health): a short name from the browser's
// user agent, such as 'Chrome on Android' or 'Safari on iPad', and the rule for a device that
// needs a look (not synced for over a day, or holding changes the server refused).

/** Browsers, most specific first: Edge, Opera and Samsung Internet also say 'Chrome'. */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** Systems, most specific first: Android also says 'Linux', iPad and iPhone 'like Mac OS X'. */
const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome on Android', 'Safari on iPad', 'Firefox'; 'Unknown device' when nothing is known. */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** A device not heard from for longer than this needs a look. */
export const DEVICE_STALE_MS = 24 * 60 * 60 * 1000;

/** Why a device needs a look, in words, or null when it is fine. */
export function deviceWarning(
  device: { lastSyncAt: string; needsAttentionCount: number },
  now: Date,
): string | null {
  const last = Date.parse(device.lastSyncAt);
  const stale = Number.isNaN(last) || now.getTime() - last > DEVICE_STALE_MS;
  if (stale && device.needsAttentionCount > 0) return 'Not synced for over 24 h · needs attention';
  if (stale) return 'Not synced for over 24 h';
  if (device.needsAttentionCount > 0) return 'Needs attention';
  return null;
}
