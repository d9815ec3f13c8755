// Benchmark: a peer side by side (issue 19). RxDB from the npm registry, over its Dexie storage,
// replicating the same tables from the same local server into IndexedDB in headless Chromium with
// its own Supabase replication plugin, unchanged, next to this project's first sync (pullAll) and
// raw Dexie bulkPut of the same rows as the ceiling, all in the same run. Timings are printed,
// never asserted; the row counts each client ends with are.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_TABLES, SERVER_TABLE } from '../../src/domain/entities';
import { PAGE_SIZE } from '../../sync/pull';
import { launchOptions } from '../e2e/browser';
import type { BenchApi, PeerApi, PeerIndexes } from './harness/api';
import * as harness from './harness/backend';
import { num, rate, table } from './harness/backend';

const PASSWORD = 'correct-horse-battery';
const TARGET_RATIO = 1.5;

let harnessDir: string;
let browser: Browser;
let backend: harness.Backend;
const contexts: BrowserContext[] = [];

async function openPage(file: string, namespace: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page]', error));
  await page.goto(`${backend.server.url}/${file}`);
  await page.waitForFunction((ns) => ns in window, namespace);
  return page;
}

const bench = async <K extends keyof BenchApi>(
  page: Page,
  name: K,
  ...args: Parameters<BenchApi[K]>
) =>
  (await harness.callIn<BenchApi>(page, 'bench', name, args)) as Awaited<ReturnType<BenchApi[K]>>;

const peer = async <K extends keyof PeerApi>(
  page: Page,
  name: K,
  ...args: Parameters<PeerApi[K]>
) => (await harness.callIn<PeerApi>(page, 'peer', name, args)) as Awaited<ReturnType<PeerApi[K]>>;

beforeAll(async () => {
  harnessDir = await mkdtemp(path.join(tmpdir(), 'chairside-peer-bench-'));
  await harness.buildHarness(harnessDir, ['peer']);
  backend = await harness.openBackend('full', harness.FULL, harnessDir);
  browser = await chromium.launch(launchOptions());
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await backend?.server.close();
  await backend?.db.close();
  if (harnessDir) await rm(harnessDir, { recursive: true, force: true });
});

describe('peer bench', () => {
  it('first sync of the full data set: this project, RxDB, raw bulkPut', async () => {
    // This project: the admin's first sync, then raw bulkPut of the same rows in the same page.
    const ours = await openPage('', 'bench');
    const email = `bench.peer.admin.${Date.now()}@example.com`;
    await bench(ours, 'signUp', email, PASSWORD, 'Bench Peer Admin', 'ADMIN');
    const expected = await harness.serverCounts(backend.db);
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    const byServerTable = Object.fromEntries(
      ENTITY_TABLES.map((t) => [SERVER_TABLE[t], expected[t]]),
    );
    const pulled = await bench(ours, 'pull');
    expect(await bench(ours, 'counts')).toEqual(expected);
    const raw = await bench(ours, 'rawBulkPut', PAGE_SIZE);
    expect(raw.rows).toBe(total);

    // The peer, signed in as the same admin, each run in a fresh browser context.
    const peers: { indexes: PeerIndexes; ms: number; errors: string[] }[] = [];
    for (const indexes of ['app', 'default'] as const) {
      const page = await openPage('peer.html', 'peer');
      const run = await peer(page, 'replicate', email, PASSWORD, PAGE_SIZE, indexes);
      expect(run.counts).toEqual(byServerTable);
      peers.push({ indexes, ms: run.ms, errors: run.errors });
    }

    const rawRate = raw.rows / raw.ms;
    const oursRate = pulled.received / pulled.ms;
    const row = (label: string, rows: number, ms: number, note: string) => [
      label,
      num(rows),
      `${(ms / 1000).toFixed(1)} s`,
      rate(rows, ms),
      `${Math.round((rows / ms / rawRate) * 100)} %`,
      note,
    ];
    const sameIndexes = peers.find((p) => p.indexes === 'app')!;
    table(
      `First sync of ${num(total)} rows (${ENTITY_TABLES.length} tables, admin, pages of ${PAGE_SIZE}) into IndexedDB, headless Chromium, same server, same run`,
      [
        ['client', 'rows', 'time', 'rows/s', 'of raw bulkPut', 'this project ÷ it (target ≥ 1.5)'],
        row('raw Dexie bulkPut (ceiling)', raw.rows, raw.ms, ''),
        row(
          `this project (pullAll, sync_pull, ${pulled.retries} retries)`,
          pulled.received,
          pulled.ms,
          '',
        ),
        ...peers.map((p) =>
          row(
            `RxDB (Dexie storage, replication-supabase, ${p.indexes === 'app' ? "the app's indexes" : 'its default indexes'}${p.errors.length ? `, ${p.errors.length} retried errors` : ''})`,
            total,
            p.ms,
            `${(oursRate / (total / p.ms)).toFixed(2)}×`,
          ),
        ),
      ],
    );
    for (const p of peers)
      for (const error of p.errors.slice(0, 3)) console.log(`  RxDB: ${error}`);
    console.log(
      `  target: this project ≥ ${TARGET_RATIO}× RxDB with the same indexes: ${
        oursRate / (total / sameIndexes.ms) >= TARGET_RATIO ? 'met' : 'not met'
      } in this run`,
    );
  });
});
