// The bench run's header (global set-up of the bench project): what this run's figures were
// measured on, so figures from different builds are never compared. Chromium's version, the
// machine, what IndexedDB reports about itself (quota, usage, persistence, durability hints) and a
// bare IndexedDB probe: rows put with random UUID keys, no index, one transaction, nothing else
// running, at two sizes (a build whose IndexedDB slows as a store grows shows it here first).
// Provided to every bench file (`print-header.ts` prints it at its top); the run's whole time is
// printed at its end next to its 30-minute budget.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FEATURES, launchOptions } from '../../e2e/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bench run's header: browser, machine and IndexedDB, one line each. */
    benchHeader: string;
    /** The bare probe's rate at its largest size: how fast this build's IndexedDB writes. */
    indexedDbRowsPerSecond: number;
  }
}

/** The probe's sizes: 5,000 and 20,000 rows (the slow build put them in 1.1 s and 9.9 s). */
export const PROBE_SIZES = [5_000, 20_000] as const;
/**
 * Below this rate at the probe's largest size, IndexedDB is a slow device's (Chromium 150: 2,100
 * to 2,600 rows/s, 2,386 at load 11; 156: about 14,000 on the same machine idle, 5,926 at load
 * 10): the benches that fill a whole mirror repeat less there, so that the run keeps its 30
 * minutes, and say so.
 */
export const SLOW_INDEXEDDB_ROWS_PER_SECOND = 4_000;

/** Repeats for a bench that fills mirrors: `normal` on a fast IndexedDB, one on a slow one. */
export function repeatsFor(rowsPerSecond: number, normal: number): number {
  return rowsPerSecond < SLOW_INDEXEDDB_ROWS_PER_SECOND ? 1 : normal;
}
const RUN_BUDGET_MS = 30 * 60_000;

export interface IndexedDbReport {
  quotaMb: number | null;
  usageMb: number | null;
  persisted: boolean | null;
  durability: boolean;
  probes: { rows: number; ms: number }[];
}

/** Runs in the page: what IndexedDB says of itself, then the bare probe at each size. */
export async function reportIndexedDb(sizes: readonly number[]): Promise<IndexedDbReport> {
  const estimate = await navigator.storage?.estimate?.();
  const persisted = (await navigator.storage?.persisted?.()) ?? null;
  const mb = (bytes: number | undefined) =>
    bytes === undefined ? null : Math.round(bytes / 1024 / 1024);
  const probes: { rows: number; ms: number }[] = [];
  for (const rows of sizes) {
    const name = `bench-probe-${rows}`;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore('rows', { keyPath: 'id' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const payload = 'x'.repeat(200);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('rows', 'readwrite');
      const store = tx.objectStore('rows');
      for (let i = 0; i < rows; i += 1) {
        store.put({ id: crypto.randomUUID(), updatedAt: new Date().toISOString(), payload });
      }
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    probes.push({ rows, ms: performance.now() - started });
    db.close();
    await new Promise<void>((resolve) => {
      const del = indexedDB.deleteDatabase(name);
      del.onsuccess = del.onerror = del.onblocked = () => resolve();
    });
  }
  return {
    quotaMb: mb(estimate?.quota),
    usageMb: mb(estimate?.usage),
    persisted,
    durability: 'durability' in IDBTransaction.prototype,
    probes,
  };
}

/** The probe's rate at its largest size, rows per second. */
function probeRate(report: IndexedDbReport): number {
  const largest = report.probes[report.probes.length - 1];
  return largest ? largest.rows / (largest.ms / 1000) : 0;
}

/** The header's lines from what was measured. */
export function headerLines(
  browserVersion: string,
  report: IndexedDbReport,
  machine: { node: string; cores: number; load: number[]; features?: string },
): string[] {
  const probes = report.probes
    .map((p) => `${p.rows.toLocaleString('en-GB')} rows in ${Math.round(p.ms)} ms`)
    .join(', ');
  const rates = report.probes
    .map((p) => `${Math.round(p.rows / (p.ms / 1000)).toLocaleString('en-GB')} rows/s`)
    .join(', ');
  return [
    `Bench run: Chromium ${browserVersion}` +
      `${machine.features ? ` (features: ${machine.features})` : ''}, Node ${machine.node}, ` +
      `${machine.cores} cores, ` +
      `load ${machine.load.map((l) => l.toFixed(2)).join(' ')} at the start`,
    `IndexedDB: quota ${report.quotaMb ?? '?'} MB, used ${report.usageMb ?? '?'} MB, ` +
      `persisted ${report.persisted ?? '?'}, durability hints ` +
      `${report.durability ? 'supported' : 'not supported'}`,
    `IndexedDB bare probe (random UUID keys, no index, one transaction): ${probes} (${rates})`,
    ...(probeRate(report) < SLOW_INDEXEDDB_ROWS_PER_SECOND
      ? [
          `A slow device's IndexedDB (under ${SLOW_INDEXEDDB_ROWS_PER_SECOND.toLocaleString('en-GB')} ` +
            'rows/s): the benches that fill whole mirrors sign in once per role and set, not ' +
            'their usual repeats, to keep the run in its 30 minutes',
        ]
      : []),
  ];
}

export default async function setup(project: TestProject): Promise<() => void> {
  const started = Date.now();
  const load = loadavg();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>IndexedDB probe</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch(launchOptions());
  let header: string;
  let rate: number;
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const report = await page.evaluate(reportIndexedDb, PROBE_SIZES);
    rate = probeRate(report);
    header = headerLines(browser.version(), report, {
      node: process.version,
      cores: cpus().length,
      load,
      features: CHROMIUM_FEATURES,
    }).join('\n');
  } finally {
    await browser.close();
    server.close();
  }
  project.provide('benchHeader', header);
  project.provide('indexedDbRowsPerSecond', rate);
  return () => {
    const ms = Date.now() - started;
    const min = Math.floor(ms / 60_000);
    const s = Math.round((ms % 60_000) / 1000);
    console.log(
      `\nnpm run bench ran ${min} min ${s} s (budget ${RUN_BUDGET_MS / 60_000} min` +
        `${ms > RUN_BUDGET_MS ? ': OVER' : ''})`,
    );
  };
}
