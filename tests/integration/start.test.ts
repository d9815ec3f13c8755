// `npm start`'s server process: starts on the port it is given, prints its URL, serves the app.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/domain/demo-accounts';

let child: ChildProcess | undefined;
let out = '';
let dataDir = '';

/** Runs the start command to its end; resolves with its exit code and what it printed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const run = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', DEMO_DATA: '0', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    run.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    run.on('exit', (code) => resolve({ code, stderr }));
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

afterAll(() => {
  child?.kill('SIGTERM');
});

// Each start is a new process on a new data directory: TypeScript compiled by tsx, PGlite's initdb
// and every migration before it listens (52 s for the first beside `stress-ng --cpu 2`, where the
// project's 60 s limit failed the next one). Four minutes is a hang's limit, not a slow machine's.
const START = { timeout: 240_000 };

describe('the start command', START, () => {
  it('prints its URL and serves the built app and its backend there', async () => {
    // A data directory that does not exist yet, parents included (a fresh clone has no .data/).
    dataDir = join(mkdtempSync(join(tmpdir(), 'start-')), 'not', 'yet', 'pglite');
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      // PGlite even when the suite runs against PostgreSQL: this is about the data directory.
      env: { ...process.env, DATABASE_URL: '', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lastEmail = DEMO_ACCOUNTS[DEMO_ACCOUNTS.length - 1]!.email;
    const url = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /running at (http:\/\/\S+?)\/?\s/.exec(out);
        // The demo accounts table follows the URL line.
        if (match?.[1] && out.includes(lastEmail)) resolve(match[1]);
      });
      child!.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Chairside Service</title>');
    // The embedded backend answers on the same origin.
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ msg: 'Invalid login credentials' });
  });

  it('prints the local demo accounts after its URL, and they sign in', async () => {
    const table = out.slice(out.indexOf('running at'));
    expect(table).toContain('Local demo accounts');
    for (const account of DEMO_ACCOUNTS) {
      const row = [account.role, account.email, account.password].map(escapeRegExp).join('\\s+');
      expect(table).toMatch(new RegExp(row));
    }
    const url = /running at (http:\/\/\S+?)\/?\s/.exec(out)![1]!;
    const customer = DEMO_ACCOUNTS[0]!;
    const signIn = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(signIn.status).toBe(200);
  });

  it('created its data directory, parents included', () => {
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});

describe('the start command with a place it cannot use', START, () => {
  it('says in one line which data directory it cannot create, and why', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'start-bad-')), 'a-file');
    writeFileSync(file, 'not a directory');
    const { code, stderr } = await runToExit({ PORT: '0', DATA_DIR: join(file, 'pglite') });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Cannot use the data directory .*a-file\/pglite: ENOTDIR/),
    ]);
  });

  it('says in one line which data directory it cannot open, and why', async () => {
    // A directory that exists but holds something other than a database.
    const dir = mkdtempSync(join(tmpdir(), 'start-junk-'));
    writeFileSync(join(dir, 'PG_VERSION'), 'not a version');
    const { code, stderr } = await runToExit({ PORT: '0', DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Cannot open the database in ${escapeRegExp(dir)}: `)),
    ]);
  });

  it('says in one line that its port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const dir = mkdtempSync(join(tmpdir(), 'start-port-'));
      const { code, stderr } = await runToExit({ PORT: String(port), DATA_DIR: dir });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        `Cannot listen on 127.0.0.1:${port}: the port is in use (another \`npm start\`?); set PORT to another port`,
      ]);
    } finally {
      blocker.close();
    }
  });
});
