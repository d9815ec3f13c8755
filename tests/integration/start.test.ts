// `npm start`'s server process: starts on the port it is given, prints its URL, serves the app.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('the start command', () => {
  it('prints its URL and serves the built app and its backend there', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', DATA_DIR: mkdtempSync(join(tmpdir(), 'start-')) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /running at (http:\/\/\S+?)\/?\s/.exec(out);
        if (match?.[1]) resolve(match[1]);
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
});
