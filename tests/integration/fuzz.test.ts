// 1,000 generated hostile and malformed requests against the local server (10,000 in
// `npm run bench`): no 5xx, the server stays up, and no refused request changes a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { signUpActor } from './actors';
import { fuzzServer } from './fuzz-requests';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
let tokens: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({ db });
  const actors = [
    await signUpActor(running.url, 'CUSTOMER', 'Fuzz Customer'),
    await signUpActor(running.url, 'ENGINEER', 'Fuzz Engineer'),
    await signUpActor(running.url, 'ADMIN', 'Fuzz Admin'),
  ];
  tokens = await Promise.all(
    actors.map(async (a) => (await a.client.auth.getSession()).data.session!.access_token),
  );
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('the server under hostile requests', () => {
  it('answers 1,000 generated requests with no 5xx, and refusals change nothing', async () => {
    const runs = Number(process.env.FUZZ_RUNS ?? 1000);
    const report = await fuzzServer({ url: running.url, db, tokens }, runs);
    console.log(
      `fuzz: ${report.requests} requests in ${Math.round(report.elapsedMs)} ms, ${JSON.stringify(report.byStatus)}`,
    );
    expect(report.failures).toEqual([]);
    expect(report.changedOnRefusal).toEqual([]);
    expect(report.requests).toBe(runs);
    // The generator reaches both sides: refusals and requests the server serves.
    expect(report.byStatus['4xx']).toBeGreaterThan(runs / 10);
    expect(report.byStatus['2xx']).toBeGreaterThan(0);
  }, 600_000);
});
