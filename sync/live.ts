/**
 * The engine's view of live updates (issue 28): while the device is online and signed in, it joins
 * the user's Realtime topics and hears pokes, each naming the server tables that changed where
 * this user can see them. Rows still come only through the pull: a poke only says "pull these
 * now". The supabase-js implementation is in supabase-live.ts; tests pass fakes.
 */
export interface LiveListener {
  /** The database committed changes to these tables (server names) that concern this user. */
  poke(tables: readonly string[]): void;
  /** A topic was joined, or joined again after a lost connection: what happened meanwhile is unknown. */
  joined(): void;
  /** Who of the field team is online now (vendors only), each time it changes. */
  presence?(userIds: readonly string[]): void;
}

export interface LiveConnection {
  /** Closes the socket, keeping the topics to join again on resume (the device went offline). */
  pause(): void;
  /** Opens the socket again; the topics are joined again (each join reported). */
  resume(): void;
  /** Leaves the topics for good and closes the socket (the user signed out). */
  close(): void;
}

export interface LivePort {
  open(listener: LiveListener): LiveConnection;
}

/** The tables a poke's payload names, or none when it is not a poke. */
export function pokedTables(payload: unknown): string[] {
  const tables = (payload as { tables?: unknown } | null)?.tables;
  return Array.isArray(tables) ? tables.filter((t): t is string => typeof t === 'string') : [];
}
