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
import type {
  BenchApi,
  BulkPutFigures,
  PeerApi,
  PeerFigures,
  PullFigures,
  TableCounts,
} from './harness/api';
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
  // Three steps, each within the bench's test timeout on a loaded machine; the figures are printed
  // side by side at the end.
  let email = '';
  let ours: Page;
  let expected: TableCounts;
  let total = 0;
  let peerRun: PeerFigures;
  let pulled: PullFigures;
  let raw: BulkPutFigures;

  it('RxDB replicates every table of the full data set, signed in as the admin', async () => {
    // The admin signs up in this project's page; the peer signs in as them in a fresh browser
    // context and goes first; then this project's first sync, then raw bulkPut of the same rows.
    ours = await openPage('', 'bench');
    email = `bench.peer.admin.${Date.now()}@example.com`;
    await bench(ours, 'signUp', email, PASSWORD, 'Bench Peer Admin', 'ADMIN');
    expected = await harness.serverCounts(backend.db);
    total = Object.values(expected).reduce((a, b) => a + b, 0);
    const byServerTable = Object.fromEntries(
      ENTITY_TABLES.map((t) => [SERVER_TABLE[t], expected[t]]),
    );
    const peerPage = await openPage('peer.html', 'peer');
    peerRun = await peer(peerPage, 'replicate', email, PASSWORD, PAGE_SIZE);
    expect(peerRun.counts).toEqual(byServerTable);
    console.log(`  RxDB: ${num(total)} rows in ${(peerRun.ms / 1000).toFixed(1)} s`);
  });

  it("this project's first sync of the same rows, then raw bulkPut of them", async () => {
    expect(email).not.toBe('');
    pulled = await bench(ours, 'pull');
    expect(await bench(ours, 'counts')).toEqual(expected);
    console.log(
      `  this project: ${num(pulled.received)} rows in ${(pulled.ms / 1000).toFixed(1)} s`,
    );
    raw = await bench(ours, 'rawBulkPut', PAGE_SIZE);
    expect(raw.rows).toBe(total);
  });

  it('prints the three side by side', () => {
    expect(raw.rows).toBe(total);
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
        row(
          `RxDB (Dexie storage, replication-supabase, the app's indexes${peerRun.errors.length ? `, ${peerRun.errors.length} retried errors` : ''})`,
          total,
          peerRun.ms,
          `${(oursRate / (total / peerRun.ms)).toFixed(2)}×`,
        ),
      ],
    );
    for (const error of peerRun.errors.slice(0, 3)) console.log(`  RxDB: ${error}`);
    console.log(
      `  target: this project ≥ ${TARGET_RATIO}× RxDB: ${
        oursRate / (total / peerRun.ms) >= TARGET_RATIO ? 'met' : 'not met'
      } in this run`,
    );
  });
});
