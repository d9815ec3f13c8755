// The backend and browser the demo-data e2e suites share: an in-memory database, migrated and
// seeded with the demo accounts and records, served with the built app from dist/, and one
// headless Chromium. Close it in reverse order: browser, server, database.
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { migrate, openDatabase, type Database } from '../../server/db/database';
import { seedDemoData } from '../../server/seed/demo-data';
import { demoAccount, type DemoRole } from '../../src/domain/demo-accounts';

import { launchOptions } from './browser';
import { signIn } from './steps';

export interface DemoBackend {
  db: Database;
  server: RunningServer;
  browser: Browser;
}

/** Opens and seeds the demo database, starts the server on dist/ and launches Chromium. */
export async function startDemoBackend(): Promise<DemoBackend> {
  const db = await openDatabase({});
  await migrate(db);
  await seedDemoData(db);
  const server = await startServer({ db, distDir: 'dist' });
  const browser = await chromium.launch(launchOptions());
  return { db, server, browser };
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
export function demoBackendForThisFile(): DemoBackend {
  const backend = {} as DemoBackend;
  beforeAll(async () => {
    Object.assign(backend, await startDemoBackend());
  });
  afterAll(() => stopDemoBackend(backend));
  return backend;
}

/** Signs `page` in as the demo account of `role` and waits for the role's home (`home`). */
export async function signInDemo(
  page: Page,
  backend: DemoBackend,
  role: DemoRole,
  home: string,
): Promise<void> {
  await signIn(page, backend.server.url, demoAccount(role), home);
}
