// Serves the built PWA (dist/) on the server's origin.
//  - Compressed: text files go out as brotli or gzip, whichever the browser accepts (br first),
//    with Vary: Accept-Encoding. A file is compressed the first time it is asked for, quickly
//    (brotli 5, gzip 9: milliseconds), and kept in memory until it changes on disk (a rebuild);
//    a served file's brotli form is then redone at brotli's best quality in the background
//    (seconds for the entry chunk, about 10% smaller), so later visitors get that. Nothing is
//    compressed for a server that never serves the app (the test suites start many).
//  - Cached: hashed assets (assets/<name>-<hash>.<ext>, workbox-<hash>.js) for a year, immutable;
//    index.html, the service worker and the manifest are always revalidated so updates are seen;
//    every response has an ETag (weak for compressed forms, whose bytes depend on the quality),
//    and a matching If-None-Match gets 304.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { requestUrl } from './http-util';

/** The type each kind of file is served with (tests/e2e/pwa.test.ts holds the build's to it). */
export const CONTENT_TYPES: Record<string, string> = {
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
  // The label scanner's decoder: a streaming compile (WebAssembly.compileStreaming) accepts only
  // this type, and every engine otherwise logs its refusal and falls back to a slower path.
  '.wasm': 'application/wasm',
};

/** Types worth compressing (images and fonts already are; WebAssembly halves under brotli). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.wasm',
]);
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

/** One version of a file on disk, with its compressed forms once asked for. */
interface CachedFile {
  identity: Representation;
  /** Whether the file is worth compressing. */
  compressible: boolean;
  br?: Promise<Representation>;
  gzip?: Promise<Representation>;
}

const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: quality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    },
  });

/** The compressed form of `entry` in `encoding`, made on first use. */
function compressed(entry: CachedFile, encoding: 'br' | 'gzip'): Promise<Representation> {
  const existing = entry[encoding];
  if (existing) return existing;
  const { body, etag } = entry.identity;
  const weakTag = `W/${etag.slice(0, -1)}-${encoding}"`;
  const made = (encoding === 'br' ? brotliAt(body, 5) : gzipAsync(body, { level: 9 })).then(
    (bytes) => ({ body: bytes, etag: weakTag }),
  );
  entry[encoding] = made;
  made.then(
    (fast) => {
      if (encoding !== 'br') return;
      // Asked for once, so worth brotli's best: swap it in when ready and smaller (same tag,
      // same content).
      brotliAt(body, zlib.BROTLI_MAX_QUALITY).then(
        (bytes) => {
          if (bytes.length < fast.body.length)
            entry.br = Promise.resolve({ body: bytes, etag: weakTag });
        },
        () => undefined,
      );
    },
    () => {
      if (entry[encoding] === made) entry[encoding] = undefined;
    },
  );
  return made;
}

/** At most this many files are kept (a long-running server sees rebuilds with new names). */
const MAX_FILES = 256;
/** Files read so far, by absolute path, shared by the handlers of this process. */
const files = new Map<string, { version: string; entry: Promise<CachedFile> }>();

/** The file's cached entry, read again when it changed on disk. */
function load(file: string, info: { mtimeMs: number; size: number }): Promise<CachedFile> {
  const version = `${info.mtimeMs}:${info.size}`;
  const cached = files.get(file);
  if (cached?.version === version) return cached.entry;
  const entry = readFile(file).then((body): CachedFile => {
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    return {
      identity: { body, etag: `"${tag}"` },
      compressible: COMPRESSIBLE.has(extname(file)) && body.length >= MIN_COMPRESS_BYTES,
    };
  });
  const slot = { version, entry };
  files.delete(file);
  files.set(file, slot);
  if (files.size > MAX_FILES) files.delete(files.keys().next().value!);
  entry.catch(() => {
    if (files.get(file) === slot) files.delete(file);
  });
  return entry;
}

function cacheControl(name: string): string {
  if (NO_CACHE.has(name)) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function createStaticHandler(root: string) {
  const base = resolve(root);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let pathname: string;
    try {
      pathname = decodeURIComponent(requestUrl(req).pathname);
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
    const encoding = entry.compressible
      ? negotiateEncoding(req.headers['accept-encoding'])
      : 'identity';
    const representation =
      encoding === 'identity' ? entry.identity : await compressed(entry, encoding);
    const headers: Record<string, string | number> = {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': cacheControl(name),
      etag: representation.etag,
    };
    if (entry.compressible) headers.vary = 'Accept-Encoding';
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

/** If-None-Match: `*` or a list of entity tags, compared weakly (as RFC 9110 says for it). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
