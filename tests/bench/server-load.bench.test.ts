// Benchmark: the local server under a field day's load and under attack. 100 simulated engineers
// each send 50 guarded mutations (take one ticket, then 49 service-note patches), every one
// delivered twice at once as a flaky network would; exactly-once is checked in the ledger, and
// throughput and latency (p50/p95) are printed, alone and while a sign-in flood runs. Then
// 10,000 generated hostile requests (the fuzz of the integration suite at ten times its size).
// On PGlite, and on PostgreSQL too when DATABASE_URL is set. Figures are printed, not asserted;
// correctness (exactly once, no 5xx) is.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import type { Database } from '../../server/db/database';
import { rpcName } from '../../src/domain/mutations';
import { fuzzServer } from '../integration/fuzz-requests';
import { openTestDatabase, usingPostgres } from '../integration/test-database';

const ENGINEERS = 100;
const MUTATIONS_EACH = 50;
const ANON = 'local-anon-key';
const PASSWORD = 'correct-horse';
const database = usingPostgres ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';

let db: Database;
let running: RunningServer;

interface Engineer {
  id: string;
  token: string;
  ticketId: string;
}

async function post(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${running.url}${path}`, {
    method: 'POST',
    headers: {
      apikey: ANON,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

async function signUp(role: string, i: number): Promise<{ id: string; token: string }> {
  const res = await post('/auth/v1/signup', {
    email: `load.${role.toLowerCase()}.${i}.${Date.now()}@example.com`,
    password: PASSWORD,
    data: { name: `Load ${role} ${i}`, role },
  });
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  if (res.status !== 200) throw new Error(`sign-up ${res.status}: ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

beforeAll(async () => {
  db = await openTestDatabase();
  running = await startServer({
    db,
    // The bench signs up its 100 engineers from one address; the flood below is the attack.
    auth: { rateLimits: { signUpsPerIp: { limit: 10_000, windowMs: 60_000 } } },
  });
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

async function engineersWithTickets(round: string): Promise<Engineer[]> {
  const customer = await signUp('CUSTOMER', 0);
  const engineers: Engineer[] = [];
  for (let i = 0; i < ENGINEERS; i++) {
    const { id, token } = await signUp('ENGINEER', i);
    const ticketId = randomUUID();
    await db.query(
      `insert into public.support_tickets (id, title, description, priority, customer_user_id)
       values ($1, $2, 'Chair will not rise past halfway', 'NORMAL', $3)`,
      [ticketId, `Load ${round} ${i}`, customer.id],
    );
    engineers.push({ id, token, ticketId });
  }
  return engineers;
}

/** One engineer's day: each mutation sent twice at once with the same id. */
async function workDay(engineer: Engineer, latencies: number[], ids: string[]): Promise<number> {
  let fiveHundreds = 0;
  for (let m = 0; m < MUTATIONS_EACH; m++) {
    const name = m === 0 ? 'ticket.take' : 'ticket.updateServiceNotes';
    const args =
      m === 0
        ? { ticketId: engineer.ticketId }
        : { ticketId: engineer.ticketId, patch: { timeSpent: m, workPerformed: `Step ${m}` } };
    const mutationId = randomUUID();
    ids.push(mutationId);
    const started = performance.now();
    const answers = await Promise.all(
      [0, 1].map(() =>
        post(`/rest/v1/rpc/${rpcName(name)}`, { mutation_id: mutationId, args }, engineer.token),
      ),
    );
    latencies.push(performance.now() - started);
    for (const res of answers) {
      await res.arrayBuffer();
      if (res.status >= 500) fiveHundreds += 1;
      else if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
    }
  }
  return fiveHundreds;
}

/** Wrong passwords from one address as fast as it can, until told to stop. */
function signInFlood(stop: { done: boolean }): Promise<{ sent: number; limited: number }> {
  const counts = { sent: 0, limited: 0 };
  const worker = async () => {
    while (!stop.done) {
      const res = await post('/auth/v1/token?grant_type=password', {
        email: `victim${counts.sent % 5}@example.com`,
        password: `guess-${counts.sent}`,
      });
      await res.arrayBuffer();
      counts.sent += 1;
      if (res.status === 429) counts.limited += 1;
    }
  };
  return Promise.all([worker(), worker(), worker(), worker()]).then(() => counts);
}

async function loadRound(label: string, withFlood: boolean): Promise<void> {
  const engineers = await engineersWithTickets(label);
  const latencies: number[] = [];
  const ids: string[] = [];
  const stop = { done: false };
  const flood = withFlood ? signInFlood(stop) : undefined;
  const started = performance.now();
  const fiveHundreds = await Promise.all(engineers.map((e) => workDay(e, latencies, ids)));
  const seconds = (performance.now() - started) / 1000;
  stop.done = true;
  const flooded = await flood;

  const { rows } = await db.query<{ n: number; max: number }>(
    `select count(*)::int as n, coalesce(max(c), 0)::int as max from (
       select count(*) as c from public.applied_mutations where id = any($1::uuid[]) group by id) x`,
    [ids],
  );
  expect(fiveHundreds.reduce((a, b) => a + b, 0)).toBe(0);
  expect(rows[0]).toEqual({ n: ENGINEERS * MUTATIONS_EACH, max: 1 });
  const notes = await db.query<{ n: number }>(
    `select count(*)::int as n from public.support_tickets
      where id = any($1::uuid[]) and (service_notes ->> 'timeSpent')::int = $2`,
    [engineers.map((e) => e.ticketId), MUTATIONS_EACH - 1],
  );
  expect(notes.rows[0]!.n).toBe(ENGINEERS);

  const sorted = [...latencies].sort((a, b) => a - b);
  const unique = ENGINEERS * MUTATIONS_EACH;
  console.log(
    [
      `\n${label} on ${database}: ${ENGINEERS} engineers × ${MUTATIONS_EACH} guarded mutations, each delivered twice`,
      `  ${unique} mutations (${unique * 2} requests) in ${seconds.toFixed(1)} s: ${(unique / seconds).toFixed(0)} mutations/s`,
      `  latency per delivered pair: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`,
      `  ledger: ${rows[0]!.n} ids, each applied exactly once (max ${rows[0]!.max})`,
      flooded
        ? `  meanwhile a sign-in flood sent ${flooded.sent} wrong passwords; ${flooded.limited} answered 429`
        : '  no other traffic',
    ].join('\n'),
  );
}

describe(`the server under load (${database})`, () => {
  it('applies a field day of duplicated mutations exactly once', async () => {
    await loadRound('field day', false);
  });

  it('keeps serving the field day during a sign-in flood', async () => {
    await loadRound('field day + sign-in flood', true);
  });
});

describe(`the server under hostile requests (${database})`, () => {
  it('answers 10,000 hostile requests with no 5xx', async () => {
    // A fresh database: the fuzz hashes every row around each request.
    const fuzzDb = await openTestDatabase();
    const server = await startServer({ db: fuzzDb });
    try {
      const res = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: ANON, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `fuzz.${Date.now()}@example.com`, password: PASSWORD }),
      });
      const { access_token: token } = (await res.json()) as { access_token: string };
      const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
      const report = await fuzzServer({ url: server.url, db: fuzzDb, tokens: [token] }, runs);
      console.log(
        `\nfuzz on ${database}: ${report.requests} generated requests in ${(report.elapsedMs / 1000).toFixed(1)} s ` +
          `(${JSON.stringify(report.byStatus)}); 5xx or no answer: ${report.failures.length}; ` +
          `refusals that changed a row: ${report.changedOnRefusal.length} (reference: 0 and 0)`,
      );
      expect(report.failures).toEqual([]);
      expect(report.changedOnRefusal).toEqual([]);
    } finally {
      await server.close();
      await fuzzDb.close();
    }
  });
});
