// The local stand-in for the hosted backend, on one origin with the built PWA.
// This stage serves the app; auth (/auth/v1) and tables (/rest/v1) mount here as they land.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthHandler } from './auth';
import { createRestHandler } from './rest';
import type { Database } from './db/database';
import { createStaticHandler } from './static';

export interface RunningServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startServer(
  options: {
    port?: number;
    host?: string;
    distDir?: string;
    /** When given, the auth (/auth/v1) and REST (/rest/v1) APIs are mounted on this database. */
    db?: Database;
    /** JWT signing secret; defaults to the local demo secret in ./auth. */
    jwtSecret?: string;
  } = {},
): Promise<RunningServer> {
  const serveStatic = createStaticHandler(options.distDir ?? 'dist');
  const handleAuth = options.db
    ? createAuthHandler({ db: options.db, jwtSecret: options.jwtSecret })
    : undefined;
  const handleRest = options.db
    ? createRestHandler({ db: options.db, jwtSecret: options.jwtSecret })
    : undefined;
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (handleRest && (pathname === '/rest/v1' || pathname.startsWith('/rest/v1/'))) {
      void handleRest(req, res);
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
  const host = options.host ?? '127.0.0.1';
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
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
