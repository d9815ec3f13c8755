// The demo backend of the cross-engine files: a copy of the migrated database seeded with the demo
// data, served with the built app from dist/ on one port for the whole file. The network is cut by
// stopping the server (neither engine's driver can take a page offline as Chromium's can), and
// restored by starting it again on the same port: the same origin, so the same service worker,
// mirror and session.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { seedDemoData } from '../../server/seed/demo-data';
import { openMigratedPglite } from '../setup/migrated-pglite';

export interface EnginesBackend {
  db: Database;
  /** The server's address (the same after a restart). */
  url: string;
  /** Stops the server, closing every connection: to the browser, the network is gone. */
  cut(): Promise<void>;
  /** Starts the server again on the same port. */
  restore(): Promise<void>;
}

/** Starts the backend before the file's tests and stops it after them. */
export function enginesBackendForThisFile(): EnginesBackend {
  let server: RunningServer | undefined;
  let port = 0;
  const backend = {} as EnginesBackend;
  const start = async () => {
    server = await startServer({ db: backend.db, distDir: 'dist', port });
    port = Number(new URL(server.url).port);
    backend.url = server.url;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    running?.server.closeAllConnections();
    await running?.close();
  };
  beforeAll(async () => {
    backend.db = await openMigratedPglite();
    await seedDemoData(backend.db);
    backend.cut = stop;
    backend.restore = start;
    await start();
  });
  // A test that failed with the network cut leaves it restored for the next.
  afterEach(async () => {
    if (!server) await start();
  });
  afterAll(async () => {
    await stop();
    await backend.db?.close();
  });
  return backend;
}
