// The local auth endpoints (/auth/v1) through supabase-js: sign-up, sign-in, user, refresh
// rotation and sign-out, with the provider messages SPEC §8 maps; plus malformed bodies via fetch.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient } from './supabase-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { LOCAL_DEMO_JWT_SECRET, verifyAccessToken } from '../../server/auth';
import type { Database } from '../../server/db/database';
import { openTestDatabase } from './test-database';

let db: Database;
let running: RunningServer;

function client(): SupabaseClient {
  return createTestClient(running.url);
}

beforeAll(async () => {
  db = await openTestDatabase();
  // Reuse interval 0: a used refresh token is refused at once (the retry window has its own test).
  running = await startServer({ db, auth: { refreshReuseIntervalSeconds: 0 } });
});

afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('local auth through supabase-js', () => {
  const email = `Owner.${Date.now()}@example.com`;
  const password = 'correct-horse';

  it('signs up and returns a session with Supabase claims', async () => {
    const { data, error } = await client().auth.signUp({
      email,
      password,
      options: { data: { name: 'Olivia Owner', role: 'customer' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.user_metadata).toMatchObject({ name: 'Olivia Owner' });
    const claims = await verifyAccessToken(data.session!.access_token, LOCAL_DEMO_JWT_SECRET);
    expect(claims).toMatchObject({
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      iss: `${running.url}/auth/v1`,
    });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
  });

  it('refuses a duplicate sign-up (any case of the e-mail)', async () => {
    const { error } = await client().auth.signUp({ email: email.toUpperCase(), password });
    expect(error?.message).toContain('User already registered');
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
  });

  it('refuses a short password', async () => {
    const { error } = await client().auth.signUp({ email: 'short@example.com', password: '12345' });
    expect(error?.message).toContain('Password should be at least 6 characters');
    expect(error?.code).toBe('weak_password');
  });

  it('refuses a malformed e-mail', async () => {
    const { error } = await client().auth.signUp({ email: 'not-an-email', password });
    expect(error?.status).toBe(400);
    expect(error?.message).toContain('Unable to validate email address');
  });

  it('signs in with the right password and not with a wrong one', async () => {
    const good = await client().auth.signInWithPassword({ email, password });
    expect(good.error).toBeNull();
    expect(good.data.session?.access_token).toBeTruthy();

    const bad = await client().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(bad.error?.message).toBe('Invalid login credentials');
    const unknown = await client().auth.signInWithPassword({
      email: 'nobody@example.com',
      password,
    });
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });

  it('returns the current user for a valid token and 401 otherwise', async () => {
    const supabase = client();
    const { data: signIn } = await supabase.auth.signInWithPassword({ email, password });
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: signIn.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      app_metadata: { provider: 'email' },
    });

    const missing = await fetch(`${running.url}/auth/v1/user`);
    expect(missing.status).toBe(401);
    const forged = await fetch(`${running.url}/auth/v1/user`, {
      headers: { authorization: `Bearer ${signIn.session!.access_token}x` },
    });
    expect(forged.status).toBe(401);
  });

  it('rotates refresh tokens and refuses a used one', async () => {
    const supabase = client();
    const { data: signIn } = await supabase.auth.signInWithPassword({ email, password });
    const oldRefresh = signIn.session!.refresh_token;

    const refreshed = await supabase.auth.refreshSession({ refresh_token: oldRefresh });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).toBeTruthy();
    expect(refreshed.data.session?.refresh_token).not.toBe(oldRefresh);

    const reused = await client().auth.refreshSession({ refresh_token: oldRefresh });
    expect(reused.error?.message).toContain('Invalid Refresh Token');
    expect(reused.data.session).toBeNull();
  });

  it('signs out and then refuses the refresh token', async () => {
    const supabase = client();
    const { data: signIn } = await supabase.auth.signInWithPassword({ email, password });
    const refreshToken = signIn.session!.refresh_token;
    const { error } = await supabase.auth.signOut();
    expect(error).toBeNull();
    const after = await client().auth.refreshSession({ refresh_token: refreshToken });
    expect(after.error?.message).toContain('Invalid Refresh Token');
  });

  it('answers CORS preflight for its own origin', async () => {
    const origin = new URL(running.url).origin;
    const res = await fetch(`${running.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('malformed auth requests', () => {
  it('rejects an oversized body with 413', async () => {
    const res = await fetch(`${running.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413 });
  });

  it('rejects invalid JSON with 400', async () => {
    const res = await fetch(`${running.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()) as { msg?: string }).toHaveProperty('msg');
  });
});
