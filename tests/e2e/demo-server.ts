// The backend and browser the demo-data e2e suites share: an in-memory database, migrated and
// seeded with the demo accounts and records, served with the built app from dist/, and one
// headless Chromium. Close it in reverse order: browser, server, database. A test during which a
// page of that Chromium reported a React recoverable error fails (page-checks.ts).
import { chromium, type Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { seedDemoData } from '../../server/seed/demo-data';
import { openMigratedPglite } from '../setup/migrated-pglite';
import { launchOptions } from './browser';
import { expectNoRecoverableErrors, watchRecoverableErrors } from './page-checks';

export interface DemoBackend {
  db: Database;
  server: RunningServer;
  browser: Browser;
  /** React's recoverable errors the browser's pages reported since the last call. */
  recoverableErrors: () => string[];
}

/**
 * Opens a copy of the migrated database, seeds it, starts the server on dist/ and launches Chromium
 * (with `browserArgs` besides the usual ones: a fake camera, for instance).
 */
export async function startDemoBackend(browserArgs: string[] = []): Promise<DemoBackend> {
  // Seeded here, not in the dump: the demo data's dates count from the moment it is loaded.
  const db = await openMigratedPglite();
  await seedDemoData(db);
  const server = await startServer({ db, distDir: 'dist' });
  const options = launchOptions();
  const browser = await chromium.launch({
    ...options,
    args: [...(options.args ?? []), ...browserArgs],
  });
  return { db, server, browser, recoverableErrors: watchRecoverableErrors(browser) };
}

/** Closes whatever of the demo backend was started: browser, then server, then database. */
export async function stopDemoBackend(backend: Partial<DemoBackend>): Promise<void> {
  await backend.browser?.close();
  await backend.server?.close();
  await backend.db?.close();
}

/**
 * Starts the demo backend before the file's tests and stops it after them. The returned object is
 * filled in by the time the first test runs.
 */
export function demoBackendForThisFile(browserArgs: string[] = []): DemoBackend {
  const backend = {} as DemoBackend;
  beforeAll(async () => {
    Object.assign(backend, await startDemoBackend(browserArgs));
  });
  afterEach(() => expectNoRecoverableErrors(backend.recoverableErrors));
  afterAll(() => stopDemoBackend(backend));
  return backend;
}
