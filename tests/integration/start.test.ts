// `npm start`'s server process: starts on the port it is given, prints its URL, serves the app.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/domain/demo-accounts';

let child: ChildProcess | undefined;
let out = '';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('the start command', () => {
  it('prints its URL and serves the built app and its backend there', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')) },
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
});
