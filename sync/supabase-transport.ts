/**
 * Transport and AuthPort over supabase-js. A network failure or timeout surfaces as status 0,
 * which classify() treats as transient.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AuthPort, Transport } from './transport';

const REQUEST_TIMEOUT_MS = 20_000;

export function supabaseTransport(
  client: SupabaseClient,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Transport {
  return {
    async rpc(fn, params) {
      try {
        const { data, error, status } = await client
          .rpc(fn, params)
          .abortSignal(AbortSignal.timeout(timeoutMs));
        return {
          status,
          data,
          error: error
            ? { code: error.code, message: error.message, details: error.details }
            : null,
        };
      } catch (error) {
        return { status: 0, data: null, error: { message: String(error) } };
      }
    },
  };
}

export function supabaseAuth(client: SupabaseClient): AuthPort {
  return {
    async currentUserId() {
      const { data, error } = await client.auth.getSession();
      if (data.session) return data.session.user.id;
      return error && isRetryable(error) ? 'offline' : null;
    },
    async refresh() {
      const { data, error } = await client.auth.refreshSession();
      if (data.session) return 'ok';
      if (!error) return 'refused';
      return isRetryable(error) ? 'offline' : 'refused';
    },
  };
}

/** AuthRetryableFetchError: the network, not the token, failed. */
function isRetryable(error: { name: string; status?: number }): boolean {
  return error.name === 'AuthRetryableFetchError' || error.status === 0;
}
