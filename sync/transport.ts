/**
 * The sync engine's only view of the backend: call a Postgres function through PostgREST's
 * /rest/v1/rpc. Pushes call the guarded operations; pulls call public.sync_pull. The supabase-js
 * implementation lives in supabase-transport.ts; tests pass fakes.
 */
import type { BackendResponse } from './classify';

export interface Transport {
  rpc(fn: string, params: Record<string, unknown>): Promise<BackendResponse>;
}

/** The session side the engine needs: refresh an expired token, and who is signed in. */
export interface AuthPort {
  /**
   * Who the current session belongs to: their id; 'offline' when an expired token could not be
   * refreshed for lack of network (keep working, retry later); null when nobody is signed in.
   */
  currentUserId(): Promise<string | 'offline' | null>;
  /** 'ok' after a refresh, 'offline' when it could not be tried, 'refused' when sign-in is needed. */
  refresh(): Promise<'ok' | 'offline' | 'refused'>;
  /** The browser is online again: forget refreshes that failed only for lack of network. */
  networkReturned?(): void;
}
