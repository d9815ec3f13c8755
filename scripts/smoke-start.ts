// The README's first command, run as a newcomer runs it: `npm start` in this checkout with the
// default settings (no PORT, no DATA_DIR), twice on the same data directory (first start, then
// the restart path). Each start must serve the app on http://127.0.0.1:4173/, print the demo
// accounts, sign one in through the auth endpoint and read a table through the REST endpoint;
// any failed step fails the run. Used by .ci/run on its clean clone.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEMO_ACCOUNTS, type DemoAccount } from '../src/domain/demo-accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const URL_ = 'http://127.0.0.1:4173';
const DATA_DIR = path.join(root, '.data', 'pglite');
const ANON_KEY = 'local-anon-key';
const START_TIMEOUT_MS = 5 * 60_000;

function step(text: string): void {
  console.log(`  ✓ ${text}`);
}

async function waitForApp(child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${URL_}/`);
      const body = await res.text();
      if (res.status === 200 && body.includes('<title>Chairside Service</title>')) {
        // The accounts table is printed after the URL line; wait for its last row.
        if (output().includes('Local demo accounts')) return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app was not served on ${URL_}/ within ${START_TIMEOUT_MS / 1000} s`);
}

async function signIn(account: DemoAccount): Promise<string> {
  const res = await fetch(`${URL_}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: ANON_KEY },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await res.json()) as { access_token?: unknown };
  if (res.status !== 200 || typeof body.access_token !== 'string') {
    throw new Error(`sign-in as ${account.email} answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

async function readTable(token: string, table: string): Promise<unknown[]> {
  const res = await fetch(`${URL_}/rest/v1/${table}?select=id`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  if (res.status !== 200 || !Array.isArray(body)) {
    throw new Error(`GET /rest/v1/${table} answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    // npm start runs the build, then node: end the whole process group.
    const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    process.kill(-child.pid!, 'SIGTERM');
  });
}

async function start(label: string, expectFirstStart: boolean): Promise<void> {
  console.log(`npm start (${label})`);
  const env = { ...process.env };
  for (const name of ['PORT', 'DATA_DIR', 'DATABASE_URL', 'HOST', 'DEMO_DATA']) delete env[name];
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  try {
    await waitForApp(child, () => out);
    step(`serves the app on ${URL_}/`);
    if (!existsSync(path.join(DATA_DIR, 'PG_VERSION'))) {
      throw new Error(`no PGlite data directory at ${DATA_DIR}`);
    }
    step(`keeps its data in ${path.relative(root, DATA_DIR)}`);
    const accounts = DEMO_ACCOUNTS;
    const table = out.slice(out.indexOf('Local demo accounts'));
    for (const a of accounts) {
      if (!new RegExp(`${a.role}\\s+${a.email.replace(/\./g, '\\.')}\\s+${a.password}`).test(table))
        throw new Error(`the demo account ${a.email} was not printed:\n${out}`);
    }
    step('prints the four demo accounts');
    const loaded = out.includes('Loaded the demo data set');
    const migrated = out.includes('Applied migrations');
    if (loaded !== expectFirstStart || migrated !== expectFirstStart) {
      throw new Error(
        `${label}: expected ${expectFirstStart ? '' : 'no '}migrations and demo load, ` +
          `printed migrations=${migrated} demo=${loaded}:\n${out}`,
      );
    }
    step(expectFirstStart ? 'applies the migrations and loads the demo data' : 'reuses them');
    const customer = accounts.find((a) => a.role === 'CUSTOMER')!;
    const token = await signIn(customer);
    step(`signs in ${customer.email} through /auth/v1/token`);
    const chairs = await readTable(token, 'chairs');
    if (chairs.length === 0) throw new Error('the demo customer reads no chairs');
    step(`reads ${chairs.length} of the customer's chairs through /rest/v1/chairs`);
  } catch (error) {
    console.error(
      `\nnpm start (${label}) failed: ${(error as Error).message}\n--- its output ---\n${out}`,
    );
    await stop(child);
    process.exit(1);
  }
  await stop(child);
  step('stops on SIGTERM');
}

if (existsSync(DATA_DIR)) {
  console.error(`${DATA_DIR} exists already: run this on a clean clone (as .ci/run does).`);
  process.exit(1);
}
await start('first start on a clean clone', true);
await start('restart on the same data directory', false);
