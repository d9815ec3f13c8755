/**
 * Transport and AuthPort over supabase-js. A network failure or timeout surfaces as status 0,
 * which classify() treats as transient.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { PHOTO_BUCKET } from '../src/domain/photos';
import type { RemotePhotos } from '../src/data/photos';
import type { PhotoStore } from './photo-upload';
import type { AuthPort, Transport } from './transport';

const REQUEST_TIMEOUT_MS = 20_000;

/** Whether the browser says there is no network. */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export function supabaseTransport(
  client: SupabaseClient,
  timeoutMs = REQUEST_TIMEOUT_MS,
  /**
   * When a request is not even tried. The service worker passes `() => false`: the browser fires
   * its sync because the network is back, and the worker's navigator.onLine can still say
   * otherwise for a moment (seen in Chromium), so it tries.
   */
  offline: () => boolean = browserOffline,
): Transport {
  return {
    async rpc(fn, params) {
      // The browser says there is no network: a request would only fail (and fill the console
      // with its error). Answered as the network failure it would be; the 'online' event brings
      // the next pass.
      if (offline()) {
        return { status: 0, data: null, error: { message: 'The device is offline' } };
      }
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
    networkReturned() {
      // supabase-js answers a refresh that failed with the same failure for the next 60 s without
      // trying (lastRefreshFailure, auth-js 2.x). A failure for lack of network says nothing once
      // the network is back: without this, a token that expired offline kept the queue waiting
      // and the status 'Offline' for a minute after the device was back online.
      const auth = client.auth as unknown as {
        lastRefreshFailure?: {
          result?: { error?: { name: string; status?: number } | null };
        } | null;
      };
      const failed = auth.lastRefreshFailure?.result?.error;
      if (failed && isRetryable(failed)) auth.lastRefreshFailure = null;
    },
  };
}

/** AuthRetryableFetchError: the network, not the token, failed. */
function isRetryable(error: { name: string; status?: number }): boolean {
  return error.name === 'AuthRetryableFetchError' || error.status === 0;
}

/** Storage's answer as the status it carries: StorageApiError has one; a network failure has 0. */
function storageStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/** Service photos over supabase-js's storage client: upload for the engine, list and download for reports. */
export function supabasePhotoStore(client: SupabaseClient): PhotoStore & RemotePhotos {
  const bucket = () => client.storage.from(PHOTO_BUCKET);
  return {
    async upload(path, blob, contentType) {
      try {
        // Bytes with their type (a raw body), never replacing an object already there.
        const { error } = await bucket().upload(path, await blob.arrayBuffer(), {
          contentType,
          upsert: false,
        });
        return error
          ? { status: storageStatus(error), data: null, error: { message: error.message } }
          : { status: 200, data: null, error: null };
      } catch (error) {
        return { status: 0, data: null, error: { message: String(error) } };
      }
    },
    async list(folder) {
      const { data, error } = await bucket().list(folder, { limit: 1000 });
      if (error) throw error;
      return data.map((entry) => entry.name);
    },
    async download(path) {
      const { data, error } = await bucket().download(path);
      if (error) throw error;
      return data;
    },
  };
}
