// Serves the built PWA (dist/) on the server's origin.
//  - Compressed: text files go out as brotli or gzip, whichever the browser accepts (br first),
//    with Vary: Accept-Encoding. Files are read and compressed once (brotli at its best quality,
//    gzip level 9), in the background as soon as the handler is created, and kept in memory
//    until the file changes on disk (a rebuild).
//  - Cached: hashed assets (assets/<name>-<hash>.<ext>, workbox-<hash>.js) for a year, immutable;
//    index.html, the service worker and the manifest are always revalidated so updates are seen;
//    every response has an ETag, and a matching If-None-Match gets 304.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

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

/** Types worth compressing (images and fonts already are). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Below this, compression saves less than the header costs. */
const MIN_COMPRESS_BYTES = 1024;

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
/** Vite's hashed output (assets/name-Hash8.ext) and Workbox's runtime (workbox-hex8.js). */
const HASHED = /^(assets\/.+-[\w-]{8}\.[a-z0-9]+|workbox-[0-9a-f]{8}\.js)$/i;

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to send, from an Accept-Encoding header: brotli, else gzip, else none. Honors
 * q-values (q=0 refuses) and `*`.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    accepted.set(token, Number.isFinite(quality) ? quality : 0);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

interface Representation {
  body: Buffer;
  etag: string;
}

interface CachedFile {
  identity: Representation;
  /** Compressed forms, absent when the file is not worth compressing. */
  br?: Promise<Representation>;
  gzip?: Promise<Representation>;
}

function cacheControl(name: string): string {
  if (NO_CACHE.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function createStaticHandler(root: string) {
  const base = resolve(root);
  const cache = new Map<string, { version: string; file: Promise<CachedFile> }>();

  /** The file's representations, read and compressed once per version on disk. */
  function load(file: string, info: { mtimeMs: number; size: number }): Promise<CachedFile> {
    const version = `${info.mtimeMs}:${info.size}`;
    const cached = cache.get(file);
    if (cached?.version === version) return cached.file;
    const loading = (async (): Promise<CachedFile> => {
      const body = await readFile(file);
      const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
      const entry: CachedFile = { identity: { body, etag: `"${tag}"` } };
      if (COMPRESSIBLE.has(extname(file)) && body.length >= MIN_COMPRESS_BYTES) {
        entry.br = brotli(body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          },
        }).then((compressed) => ({ body: compressed, etag: `"${tag}-br"` }));
        entry.gzip = gzipAsync(body, { level: 9 }).then((compressed) => ({
          body: compressed,
          etag: `"${tag}-gz"`,
        }));
        // Awaited only when asked for; a failure shows then (and is retried after a rebuild).
        entry.br.catch(() => undefined);
        entry.gzip.catch(() => undefined);
      }
      return entry;
    })();
    const slot = { version, file: loading };
    cache.set(file, slot);
    loading.catch(() => {
      if (cache.get(file) === slot) cache.delete(file);
    });
    return loading;
  }

  // Warm the cache: compress the build now rather than on the first visitor's request.
  void (async () => {
    const files = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const dirent of files) {
      if (!dirent.isFile()) continue;
      const file = join(dirent.parentPath, dirent.name);
      if (!COMPRESSIBLE.has(extname(file))) continue;
      const info = await stat(file).catch(() => null);
      if (info) await load(file, info).catch(() => undefined);
    }
  })();

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
    const name = file
      .slice(base.length + 1)
      .split(sep)
      .join('/');
    const entry = await load(file, info);
    const encoding = entry.br ? negotiateEncoding(req.headers['accept-encoding']) : 'identity';
    const representation =
      encoding === 'br'
        ? await entry.br!
        : encoding === 'gzip'
          ? await entry.gzip!
          : entry.identity;
    const headers: Record<string, string | number> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': cacheControl(name),
      etag: representation.etag,
    };
    if (entry.br) headers.vary = 'Accept-Encoding';
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && matchesEtag(ifNoneMatch, representation.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['content-length'] = representation.body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : representation.body);
  };
}

/** If-None-Match: `*` or a list of (possibly weak) entity tags. */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
