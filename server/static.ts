// Serves the built PWA (dist/) on the server's origin. Hashed assets are cached for a year;
// index.html, the service worker and the manifest are always revalidated so updates are seen.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

export function createStaticHandler(root: string) {
  const base = resolve(root);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
      return;
    }
    const relative = normalize(pathname).replace(/^([/\\])+/, '');
    let file = join(base, relative);
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden');
      return;
    }
    let info = await stat(file).catch(() => null);
    if (!info || info.isDirectory()) {
      // Hash routing means every navigation is index.html.
      file = join(base, 'index.html');
      info = await stat(file).catch(() => null);
      if (!info) {
        res
          .writeHead(404, { 'content-type': 'text/plain' })
          .end('Build the app first: npm run build');
        return;
      }
    }
    const name = file.slice(base.length + 1);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': NO_CACHE.has(name)
        ? 'no-cache'
        : name.startsWith('assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
