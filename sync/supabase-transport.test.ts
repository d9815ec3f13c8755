// @vitest-environment jsdom
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { supabaseAuth, supabaseTransport } from './supabase-transport';

/** A client whose auth holds supabase-js's cached refresh failure (auth-js lastRefreshFailure). */
function clientWithCachedFailure(error: { name: string; status?: number }) {
  const auth = {
    lastRefreshFailure: { refreshToken: 'r', result: { data: {}, error }, expiresAt: Date.now() },
    getSession: vi.fn(),
    refreshSession: vi.fn(),
  };
  return { client: { auth } as unknown as SupabaseClient, auth };
}

describe('supabaseAuth.networkReturned', () => {
  it('forgets a refresh that failed for lack of network, so the next one is really tried', () => {
    const { client, auth } = clientWithCachedFailure({
      name: 'AuthRetryableFetchError',
      status: 0,
    });
    supabaseAuth(client).networkReturned?.();
    expect(auth.lastRefreshFailure).toBeNull();
  });

  it('keeps a refusal: a revoked session stays revoked when the network returns', () => {
    const { client, auth } = clientWithCachedFailure({ name: 'AuthApiError', status: 400 });
    supabaseAuth(client).networkReturned?.();
    expect(auth.lastRefreshFailure).not.toBeNull();
  });
});

describe('supabaseTransport while the browser reports no network', () => {
  it('sends nothing and answers as a network failure (transient); online, it calls again', async () => {
    const abortSignal = vi.fn(async () => ({ data: { rows: [] }, error: null, status: 200 }));
    const rpc = vi.fn(() => ({ abortSignal }));
    const transport = supabaseTransport({ rpc } as unknown as SupabaseClient);
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await transport.rpc('sync_pull', { table_name: 'users' })).toEqual({
        status: 0,
        data: null,
        error: { message: 'The device is offline' },
      });
      expect(rpc).not.toHaveBeenCalled();
      onLine.mockReturnValue(true);
      expect((await transport.rpc('sync_pull', { table_name: 'users' })).status).toBe(200);
      expect(rpc).toHaveBeenCalledTimes(1);
    } finally {
      onLine.mockRestore();
    }
  });
});
