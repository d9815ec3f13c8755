// The local stand-in for the hosted backend, on one origin with the built PWA: auth (/auth/v1),
// tables and functions (/rest/v1), files (/storage/v1), and the app itself. Every answer carries the security headers;
// CORS grants only the server's own origin and the configured ones. It refuses to listen beyond
// loopback while signing tokens with the public demo secret.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { LOCAL_DEMO_JWT_SECRET, createAuthHandler, type AuthHandlerOptions } from './auth';
import { createRestHandler } from './rest';
import type { Database } from './db/database';
import { applyResponseHeaders } from './http-util';
import { createStaticHandler } from './static';
import { createStorageHandler } from './storage';
import {
  REALTIME_PATH,
  createRealtimeServer,
  type RealtimeOptions,
  type RealtimeServer,
} from './realtime';

/** Loopback addresses: only this machine can reach a server listening there. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export interface RunningServer {
  url: string;
  server: Server;
  /** The Realtime websocket (when the server has a database). */
  realtime?: RealtimeServer;
  close(): Promise<void>;
}

export async function startServer(
  options: {
    port?: number;
    host?: string;
    distDir?: string;
    /** When given, the auth (/auth/v1) and REST (/rest/v1) APIs are mounted on this database. */
    db?: Database;
    /** JWT signing secret; defaults to the local demo secret in ./auth (loopback only). */
    jwtSecret?: string;
    /** Token lifetimes and rate limits of the auth endpoints. */
    auth?: Omit<AuthHandlerOptions, 'db' | 'jwtSecret'>;
    /** Origins besides the server's own that browsers may call the APIs from. */
    allowedOrigins?: readonly string[];
    /** Where Storage (/storage/v1) keeps its files; a new temporary directory when not given. */
    storageDir?: string;
    /** Realtime's limits (heartbeat timeout, sockets per user, ...). */
    realtime?: Omit<RealtimeOptions, 'db' | 'jwtSecret' | 'allowedOrigins'>;
  } = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const jwtSecret = options.jwtSecret ?? LOCAL_DEMO_JWT_SECRET;
  if (options.db && jwtSecret === LOCAL_DEMO_JWT_SECRET && !isLoopback(host)) {
    throw new Error(
      `refusing to listen on ${host} with the public demo JWT secret: set JWT_SECRET ` +
        '(at least 32 random characters) or listen on 127.0.0.1',
    );
  }
  const serveStatic = createStaticHandler(options.distDir ?? 'dist');
  const handleAuth = options.db
    ? createAuthHandler({ ...options.auth, db: options.db, jwtSecret: options.jwtSecret })
    : undefined;
  const handleRest = options.db
    ? createRestHandler({ db: options.db, jwtSecret: options.jwtSecret })
    : undefined;
  const handleStorage = options.db
    ? createStorageHandler({
        db: options.db,
        jwtSecret: options.jwtSecret,
        dir: options.storageDir ?? mkdtempSync(path.join(tmpdir(), 'chairside-storage-')),
      })
    : undefined;
  const realtime = options.db
    ? await createRealtimeServer({
        ...options.realtime,
        db: options.db,
        jwtSecret,
        allowedOrigins: options.allowedOrigins,
      })
    : undefined;
  const server = createServer((req, res) => {
    applyResponseHeaders(req, res, { allowedOrigins: options.allowedOrigins });
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (handleRest && (pathname === '/rest/v1' || pathname.startsWith('/rest/v1/'))) {
      void handleRest(req, res);
      return;
    }
    if (handleStorage && pathname.startsWith('/storage/v1/')) {
      void handleStorage(req, res);
      return;
    }
    if (handleAuth && (pathname === '/auth/v1' || pathname.startsWith('/auth/v1/'))) {
      void handleAuth(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: 'Method not allowed' }));
      return;
    }
    serveStatic(req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (realtime && pathname === REALTIME_PATH) realtime.handleUpgrade(req, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    server,
    realtime,
    close: async () => {
      await realtime?.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
