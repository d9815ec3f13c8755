import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import { supabaseAuth } from './supabase-transport';

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
