// The local server as an outsider finds it: each request that once answered 500, ran unbounded
// or was wider than the product, sent exactly as it was found (issue "Harden the backend").
import { request } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isLoopback, startServer, type RunningServer } from '../../server/app';
import { LOCAL_DEMO_JWT_SECRET } from '../../server/auth';
import type { Database } from '../../server/db/database';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;
const ANON = 'local-anon-key';

beforeAll(async () => {
  db = await openTestDatabase();
  // Reuse interval 0: a rotated refresh token presented again is reuse at once.
  running = await startServer({ db, auth: { refreshReuseIntervalSeconds: 0 } });
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

function call(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('apikey', ANON);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${running.url}${path}`, { ...init, headers });
}

interface Session {
  access_token: string;
  refresh_token: string;
}

let counter = 0;
async function signUp(password = 'correct-horse'): Promise<{ email: string; session: Session }> {
  const email = `hardening.${Date.now()}.${counter++}@example.com`;
  const res = await call('/auth/v1/signup', {
    method: 'POST',
    body: JSON.stringify({ email, password, data: { name: 'Hardy', role: 'CUSTOMER' } }),
  });
  expect(res.status).toBe(200);
  return { email, session: (await res.json()) as Session };
}

function signIn(email: string, password: string): Promise<Response> {
  return call('/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
}

function refresh(token: string): Promise<Response> {
  return call('/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    body: JSON.stringify({ refresh_token: token }),
  });
}

describe('malformed input is a 4xx, never a 500', () => {
  it.each(['/rest/v1/%ZZ', '/rest/v1/%', '/rest/v1/%ff%fe', '/rest/v1/rpc/%ZZ'])(
    'GET %s answers 400 with a PostgREST error',
    async (path) => {
      const res = await call(path, { method: path.includes('rpc') ? 'POST' : 'GET' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PGRST100' });
    },
  );

  it('reads a target that starts with two slashes as a path, never as a host', async () => {
    // Found by the fuzz test: '//host[' made the URL parser throw, answered 500.
    const targets = [
      '//pDWNDs[Gh?email=%00&order=%ED%A0%80',
      '//[',
      '//rest/v1/parts',
      '//auth/v1/token?grant_type=password',
      '//storage/v1/object/service-photos/x',
    ];
    for (const target of targets) {
      const status = await new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(running.url);
        request({ hostname, port, path: target, method: 'GET' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
      // The app's page (the router's fallback) or a 4xx: an answer, never a 500.
      expect(status, target).toBeGreaterThanOrEqual(200);
      expect(status, target).toBeLessThan(500);
    }
  });

  it('refuses a JSON body nested 5,000 deep', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const path of ['/rest/v1/rpc/sync_pull', '/auth/v1/signup', '/rest/v1/parts']) {
      const res = await call(path, { method: 'POST', body: deep });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(JSON.stringify(body)).toContain('nests deeper than 32 levels');
    }
  });

  it('does not serve trigger functions through /rpc, signed in or not', async () => {
    const { session } = await signUp();
    for (const fn of ['set_updated_at', 'guard_user_update']) {
      for (const token of [undefined, session.access_token]) {
        const res = await call(`/rest/v1/rpc/${fn}`, { method: 'POST', body: '{}', token });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'PGRST202' });
      }
    }
  });

  it('refuses a NUL byte in an e-mail or refresh token, and logs no hash or password', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const signInNul = await call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: JSON.stringify({ email: 'a\u0000@b.c', password: 'whatever-secret' }),
      });
      expect(signInNul.status).toBe(400);
      expect(await signInNul.json()).toMatchObject({ error_code: 'validation_failed' });
      const refreshNul = await refresh('\u0000');
      expect(refreshNul.status).toBe(400);
      const signUpNul = await call('/auth/v1/signup', {
        method: 'POST',
        body: JSON.stringify({ email: 'nul\u0000@b.c', password: 'my-secret-pass' }),
      });
      expect(signUpNul.status).toBe(400);
      const logged = errors.mock.calls.flat().map(String).join('\n');
      expect(logged).not.toMatch(/\$2[aby]\$/);
      expect(logged).not.toContain('my-secret-pass');
    } finally {
      errors.mockRestore();
    }
  });

  it('answers 401 to a token whose sub is not a uuid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(LOCAL_DEMO_JWT_SECRET));
    const user = await call('/auth/v1/user', { token: forged });
    expect(user.status).toBe(401);
    const rest = await call('/rest/v1/parts', { token: forged });
    expect(rest.status).toBe(401);
  });

  it('answers 400 to sync_pull with a with_total that is not a boolean', async () => {
    const { session } = await signUp();
    const res = await call('/rest/v1/rpc/sync_pull', {
      method: 'POST',
      token: session.access_token,
      body: JSON.stringify({ table_name: 'parts', with_total: 'abc' }),
    });
    expect(res.status).toBe(400);
  });

  it('refuses an UPDATE or DELETE without a filter, as safeupdate does', async () => {
    const { session } = await signUp();
    const before = await db.query<{ n: number }>('select count(*)::int as n from public.users');
    const del = await call('/rest/v1/users', { method: 'DELETE', token: session.access_token });
    expect(del.status).toBe(400);
    expect(await del.json()).toMatchObject({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
    });
    const patch = await call('/rest/v1/users', {
      method: 'PATCH',
      token: session.access_token,
      body: JSON.stringify({ phone: '0' }),
    });
    expect(patch.status).toBe(400);
    expect(await patch.json()).toMatchObject({ message: 'UPDATE requires a WHERE clause' });
    const after = await db.query<{ n: number }>('select count(*)::int as n from public.users');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('brute force is held off', () => {
  it('answers 429 with Retry-After after 10 wrong passwords for one e-mail', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 10; i++) expect((await signIn(email, `wrong-${i}`)).status).toBe(400);
    const limited = await signIn(email, 'correct-horse');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await limited.json()) as { msg: string; error_code: string };
    expect(body.error_code).toBe('over_request_rate_limit');
    expect(body.msg).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  it('answers 429 after 5 sign-up attempts for one e-mail', async () => {
    const email = `repeat.${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('/auth/v1/signup', {
        method: 'POST',
        body: JSON.stringify({ email, password: 'correct-horse' }),
      });
      statuses.push(res.status);
    }
    // The first creates the account, the next four are refused as duplicates, then the limit.
    expect(statuses).toEqual([200, 422, 422, 422, 422, 429]);
  });

  it('answers 429 to one address after 30 failed sign-ins across e-mails', async () => {
    const server = await startServer({ db });
    try {
      const attempt = (i: number) =>
        fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', apikey: ANON },
          body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'guessing' }),
        });
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await attempt(i)).status);
      expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await server.close();
    }
  });
});

describe('secrets', () => {
  it('refuses to listen beyond loopback with the demo secret', async () => {
    await expect(startServer({ db, host: '0.0.0.0', port: 0 })).rejects.toThrow(
      /refusing to listen on 0\.0\.0\.0 with the public demo JWT secret/,
    );
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('0.0.0.0')).toBe(false);
  });

  it('signs with JWT_SECRET when given: demo-secret tokens are refused', async () => {
    const secret = 'a-real-secret-of-at-least-thirty-two-characters';
    const server = await startServer({ db, jwtSecret: secret });
    try {
      const { session } = await signUp();
      const res = await fetch(`${server.url}/rest/v1/parts`, {
        headers: { apikey: ANON, authorization: `Bearer ${session.access_token}` },
      });
      expect(res.status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe('passwords', () => {
  it('refuses a password over 72 bytes at sign-up', async () => {
    const res = await call('/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: `long.${Date.now()}@example.com`, password: 'é'.repeat(37) }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error_code: 'weak_password',
      msg: 'Password must be at most 72 bytes',
    });
  });

  it('never signs in with a longer password that shares the first 72 bytes', async () => {
    const { email } = await signUp('é'.repeat(36));
    expect((await signIn(email, 'é'.repeat(36) + 'DIFFERENT')).status).toBe(400);
    expect((await signIn(email, 'é'.repeat(36))).status).toBe(200);
  });
});

describe('headers', () => {
  it('sends the security headers on the app and the APIs', async () => {
    for (const path of ['/', '/rest/v1/parts', '/auth/v1/user']) {
      const res = await call(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Scripts from the app only; WebAssembly (the label scanner's) compiles, JavaScript eval not.
      expect(res.headers.get('content-security-policy')).toContain(
        "script-src 'self' 'wasm-unsafe-eval';",
      );
      expect(res.headers.get('content-security-policy')).not.toContain("'unsafe-eval'");
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toContain('microphone=()');
    }
  });

  it('grants CORS to its own origin and configured ones, not to any origin', async () => {
    const own = new URL(running.url).origin;
    const mine = await call('/rest/v1/parts', { headers: { origin: own } });
    expect(mine.headers.get('access-control-allow-origin')).toBe(own);
    const evil = await call('/rest/v1/parts', { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const server = await startServer({ db, allowedOrigins: ['https://app.example'] });
    try {
      const res = await fetch(`${server.url}/rest/v1/parts`, {
        headers: { apikey: ANON, origin: 'https://app.example' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    } finally {
      await server.close();
    }
  });
});

describe('sessions', () => {
  it('revokes the whole family when a rotated refresh token is reused', async () => {
    const { session } = await signUp();
    const first = await refresh(session.refresh_token);
    expect(first.status).toBe(200);
    const next = (await first.json()) as Session;
    const reuse = await refresh(session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error_code: 'refresh_token_already_used' });
    // The thief's reuse also ends the legitimate holder's newer token.
    expect((await refresh(next.refresh_token)).status).toBe(400);
  });

  it('treats a reuse within the interval as a retry of a lost answer', async () => {
    const server = await startServer({ db });
    try {
      const { session } = await signUp();
      const post = (token: string) =>
        fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', apikey: ANON },
          body: JSON.stringify({ refresh_token: token }),
        });
      expect((await post(session.refresh_token)).status).toBe(200);
      const retry = await post(session.refresh_token);
      expect(retry.status).toBe(200);
      const next = (await retry.json()) as Session;
      expect((await post(next.refresh_token)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('expires refresh tokens', async () => {
    const server = await startServer({ db, auth: { refreshTokenTtlSeconds: 1 } });
    try {
      const { email } = await signUp();
      const signedIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: ANON },
        body: JSON.stringify({ email, password: 'correct-horse' }),
      });
      const session = (await signedIn.json()) as Session;
      await new Promise((r) => setTimeout(r, 1500));
      const res = await refresh(session.refresh_token);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        error_code: 'session_expired',
        msg: 'Invalid Refresh Token: Session Expired',
      });
    } finally {
      await server.close();
    }
  });

  it('signs out one session (local), the others (others) or all (global)', async () => {
    const { email, session: a } = await signUp();
    const b = (await (await signIn(email, 'correct-horse')).json()) as Session;
    const c = (await (await signIn(email, 'correct-horse')).json()) as Session;
    const local = await call('/auth/v1/logout?scope=local', {
      method: 'POST',
      token: a.access_token,
    });
    expect(local.status).toBe(204);
    expect((await refresh(a.refresh_token)).status).toBe(400);
    const others = await call('/auth/v1/logout?scope=others', {
      method: 'POST',
      token: b.access_token,
    });
    expect(others.status).toBe(204);
    expect((await refresh(c.refresh_token)).status).toBe(400);
    const bNext = await refresh(b.refresh_token);
    expect(bNext.status).toBe(200);
    const bSession = (await bNext.json()) as Session;
    expect(
      (await call('/auth/v1/logout', { method: 'POST', token: bSession.access_token })).status,
    ).toBe(204);
    expect((await refresh(bSession.refresh_token)).status).toBe(400);
  });

  it('changes a password only with the current one, and signs out the other sessions', async () => {
    const { email, session: here } = await signUp();
    const elsewhere = (await (await signIn(email, 'correct-horse')).json()) as Session;
    const change = (body: object) =>
      call('/auth/v1/user', {
        method: 'PUT',
        token: here.access_token,
        body: JSON.stringify(body),
      });
    const missing = await change({ password: 'battery-staple' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ msg: 'Current password is required' });
    const wrong = await change({ password: 'battery-staple', current_password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ msg: 'Current password is incorrect' });
    const ok = await change({ password: 'battery-staple', current_password: 'correct-horse' });
    expect(ok.status).toBe(200);
    expect((await signIn(email, 'correct-horse')).status).toBe(400);
    expect((await signIn(email, 'battery-staple')).status).toBe(200);
    expect((await refresh(elsewhere.refresh_token)).status).toBe(400);
    expect((await refresh(here.refresh_token)).status).toBe(200);
  });
});
