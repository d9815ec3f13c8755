// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';

let running: RunningServer;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'assets', 'a.js'), 'console.log(1)');
  running = await startServer({ distDir: dir });
});
afterAll(() => running.close());

describe('static serving', () => {
  it('serves hashed assets with a long cache', async () => {
    const res = await fetch(`${running.url}/assets/a.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toContain('immutable');
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
