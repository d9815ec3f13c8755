// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from './app';
import { negotiateEncoding } from './static';

let running: RunningServer;
let distDir: string;

/** A script big enough to compress, as Vite names a hashed chunk. */
const SCRIPT = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;\n`).join(''),
);
const SCRIPT_PATH = '/assets/index-Ab12_-Cd.js';
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4096)]);
const INDEX = `<!doctype html><title>app</title>${'<!-- padding -->'.repeat(100)}`;

beforeAll(async () => {
  const dir = (distDir = mkdtempSync(join(tmpdir(), 'dist-')));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting();');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"app"}');
  writeFileSync(join(dir, 'assets', 'index-Ab12_-Cd.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'a.js'), 'console.log(1)');
  writeFileSync(join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  // A WebAssembly module's header (magic and version), padded to be worth compressing.
  writeFileSync(join(dir, 'assets', 'zxing_reader-Ab12Cd34.wasm'), WASM);
  running = await startServer({ distDir: dir });
});
afterAll(() => running.close());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch would decode it and drop the evidence). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    const req = request(`${running.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static serving', () => {
  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${running.url}${SCRIPT_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
  it('never marks an unhashed file immutable', async () => {
    const res = await fetch(`${running.url}/assets/a.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toContain('immutable');
  });
  it.each(['/', '/index.html', '/sw.js', '/manifest.webmanifest'])(
    'has %s revalidated on every load',
    async (path) => {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );
  it('serves WebAssembly as application/wasm, which a streaming compile requires', async () => {
    const res = await get('/assets/zxing_reader-Ab12Cd34.wasm', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['cache-control']).toContain('immutable');
    // Compressed like the scripts: the decoder is the largest file a scan loads.
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).equals(WASM)).toBe(true);
  });
  it('falls back to index.html for unknown paths', async () => {
    const res = await fetch(`${running.url}/some/where`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
  it('never serves files outside the build', async () => {
    const res = await fetch(`${running.url}/..%2f..%2fetc%2fpasswd`);
    expect(await res.text()).not.toContain('root:');
  });
  it('refuses writes', async () => {
    const res = await fetch(`${running.url}/index.html`, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('compression', () => {
  it('sends brotli when the browser accepts it, and the body decodes to the file', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
  });
  it('sends gzip to a browser without brotli, and the body decodes to the file', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.body).equals(SCRIPT)).toBe(true);
  });
  it('compresses index.html too, also when it answers an unknown path', async () => {
    const res = await get('/some/where', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });
  it('sends the file as it is without Accept-Encoding', async () => {
    const res = await get(SCRIPT_PATH);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.equals(SCRIPT)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(SCRIPT.length);
  });
  it('honours q=0 and identity-only requests', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await get(SCRIPT_PATH, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(SCRIPT)).toBe(true);
  });
  it('leaves images and tiny files alone', async () => {
    for (const path of ['/icon.png', '/assets/a.js']) {
      const res = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });
  it('answers HEAD with the headers of the encoded body and no body', async () => {
    const res = await get(SCRIPT_PATH, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });
  it("moves a served file's brotli form to the best quality, same content and tag", async () => {
    const brotliAt = (quality: number) =>
      brotliCompressSync(SCRIPT, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: quality,
          [zlib.BROTLI_PARAM_SIZE_HINT]: SCRIPT.length,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        },
      });
    const fast = brotliAt(5);
    const best = brotliAt(zlib.BROTLI_MAX_QUALITY);
    const smallest = best.length < fast.length ? best : fast;
    const first = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    // The best quality is made in the background: asked again until it is served (vi.waitFor).
    const later = await vi.waitFor(
      async () => {
        const served = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
        expect(served.body.equals(smallest)).toBe(true);
        return served;
      },
      { interval: 20 },
    );
    expect(later.headers.etag).toBe(first.headers.etag);
  });
  it('negotiates by preference and q-values', () => {
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('BR;q=0.5, gzip;q=1')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
  });
});

describe('revalidation', () => {
  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    const first = await get(SCRIPT_PATH, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    // Weak: the compressed bytes depend on the quality (see the next test), the content does not.
    expect(etag).toMatch(/^W\/"[\w-]+-br"$/);
    const again = await get(SCRIPT_PATH, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toContain('immutable');
    // The gzip body is another representation: its own tag, so the br one does not match it.
    const gzip = await get(SCRIPT_PATH, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
  });
  it('serves a file changed on disk (a rebuild) as it is now', async () => {
    const before = await get('/manifest.webmanifest');
    writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"app, rebuilt"}');
    const after = await get('/manifest.webmanifest');
    expect(after.body.toString()).toBe('{"name":"app, rebuilt"}');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
  it('revalidates index.html cheaply', async () => {
    const first = await get('/index.html');
    const again = await get('/index.html', { 'if-none-match': `W/${String(first.headers.etag)}` });
    expect(again.status).toBe(304);
  });
});
