// Launch options for Debian's Chromium (never a downloaded browser).
import type { LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium features to turn on (CHROMIUM_FEATURES, comma-separated), e.g. IdbSqliteBackingStore:
 * IndexedDB on SQLite, which Chromium is rolling out in place of LevelDB, for the benches' figures
 * on the other IndexedDB implementation (the bench header says which ran).
 */
export const CHROMIUM_FEATURES = process.env.CHROMIUM_FEATURES ?? '';

export function launchOptions(): LaunchOptions {
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(CHROMIUM_FEATURES ? [`--enable-features=${CHROMIUM_FEATURES}`] : []),
    ],
  };
}
