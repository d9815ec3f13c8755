// The local stand-in for Supabase Realtime (issue 28): the websocket at /realtime/v1/websocket that
// supabase-js's RealtimeClient speaks, Phoenix channel frames (protocol 2.0.0, arrays; 1.0.0,
// objects), with what this product uses of it: private channels authorised by the RLS policies on
// realtime.messages (as hosted Realtime Authorization: the policies run as the joining user with
// realtime.topic() set, in a transaction rolled back), broadcast from the database
// (realtime.send, signalled with NOTIFY on commit), presence, heartbeats, access-token refresh
// and leave. Refusals carry the hosted service's reasons.
//
// One server process fans each message out to all its sockets: the database's NOTIFY reaches the
// process through one LISTEN (PGlite's in-process listener, or one PostgreSQL connection of its
// own), so it works the same on both.
//
// Hostile input never takes it down: a frame that is not a Phoenix message is ignored and counted,
// a socket that sends too many of them or too many frames a second is closed, frames are capped
// in size, a user has at most `maxSocketsPerUser` sockets with joined channels, a socket at most
// `maxChannelsPerSocket` channels, and a socket silent for `heartbeatTimeoutMs` is closed.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { verifyAccessToken } from './auth';
import type { Database, Queryable } from './db/database';

export const REALTIME_PATH = '/realtime/v1/websocket';
/** The NOTIFY channel realtime.send signals (server/db/supabase-bootstrap.sql). */
export const BROADCAST_CHANNEL = 'realtime_broadcast';

export interface RealtimeOptions {
  db: Database;
  jwtSecret: string;
  /** Origins besides the server's own that browsers may open the socket from. */
  allowedOrigins?: readonly string[];
  /** A socket that sends nothing (not even a heartbeat) for this long is closed (default 60 s). */
  heartbeatTimeoutMs?: number;
  /** Sockets one user may hold with joined channels at once (default 10). */
  maxSocketsPerUser?: number;
  /** Channels one socket may join (default 100, as hosted). */
  maxChannelsPerSocket?: number;
  /** Frames a socket may send in one second before it is closed (default 100, as hosted). */
  maxFramesPerSecond?: number;
  /** Sockets the server holds at once (default 10,000). */
  maxSockets?: number;
  /** Largest frame accepted, in bytes (default 64 KiB). */
  maxFrameBytes?: number;
}

export interface RealtimeStats {
  sockets: number;
  channels: number;
  /** Broadcast frames written to sockets since the start. */
  delivered: number;
  /** Messages received from the database since the start. */
  messages: number;
  /** Frames ignored as malformed since the start. */
  malformed: number;
}

export interface RealtimeServer {
  /** Takes an HTTP upgrade for REALTIME_PATH; anything else is refused. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): RealtimeStats;
  close(): Promise<void>;
}

type Claims = Awaited<ReturnType<typeof verifyAccessToken>>;

interface Policies {
  broadcastRead: boolean;
  broadcastWrite: boolean;
  presenceRead: boolean;
  presenceWrite: boolean;
}

interface Channel {
  conn: Connection;
  /** The topic as the client names it ('realtime:user:…'). */
  topic: string;
  /** The topic as policies and realtime.send name it ('user:…'). */
  name: string;
  joinRef: string | null;
  private: boolean;
  self: boolean;
  claims: Claims | null;
  policies: Policies;
  presenceKey: string;
  tracked: { ref: string; meta: Record<string, unknown> } | null;
}

interface Connection {
  ws: WebSocket;
  vsn: '1.0.0' | '2.0.0';
  channels: Map<string, Channel>;
  lastSeen: number;
  windowStart: number;
  framesInWindow: number;
  malformed: number;
  /** The user whose channels this socket holds (the first verified token's subject). */
  userId: string | null;
}

type Message = [string | null, string | null, string, string, Record<string, unknown>];

const MAX_MALFORMED_PER_SOCKET = 100;
const TOKEN_SWEEP_MS = 1_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export async function createRealtimeServer(options: RealtimeOptions): Promise<RealtimeServer> {
  const {
    db,
    jwtSecret,
    heartbeatTimeoutMs = 60_000,
    maxSocketsPerUser = 10,
    maxChannelsPerSocket = 100,
    maxFramesPerSecond = 100,
    maxSockets = 10_000,
    maxFrameBytes = 64 * 1024,
  } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes });
  const connections = new Set<Connection>();
  /** Joined channels by topic name: whom a broadcast or a presence change reaches. */
  const byTopic = new Map<string, Set<Channel>>();
  const counters = { delivered: 0, messages: 0, malformed: 0 };
  let refSeq = 0;
  const nextRef = () => String(++refSeq);

  const stopListening = await db.listen(BROADCAST_CHANNEL, (text) => {
    const message = parseNotification(text);
    if (!message) return;
    counters.messages += 1;
    for (const channel of byTopic.get(message.topic) ?? []) {
      if (!channel.policies.broadcastRead || channel.private !== message.private) continue;
      push(channel.conn, [
        channel.joinRef,
        null,
        channel.topic,
        'broadcast',
        {
          type: 'broadcast',
          event: message.event,
          payload: message.payload,
        },
      ]);
      counters.delivered += 1;
    }
  });

  // Stored messages are only for authorisation's sake here; hosted Supabase drops them after a few
  // days, this after an hour. As hosted Realtime, it makes the day partitions a send needs (from
  // yesterday to three days ahead) when it starts and again with each prune.
  const prune = () =>
    db
      .exec(
        `select realtime.chairside_ensure_partitions();
         delete from realtime.messages where inserted_at < now() - interval '1 hour'`,
      )
      .catch(() => undefined);
  void prune();
  const pruneTimer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruneTimer.unref();

  const sweepTimer = setInterval(
    () => {
      const now = Date.now();
      for (const conn of connections) {
        if (now - conn.lastSeen > heartbeatTimeoutMs) {
          conn.ws.terminate();
          continue;
        }
        for (const channel of conn.channels.values()) {
          const exp = channel.claims?.exp;
          if (exp !== undefined && exp * 1000 <= now) {
            closeChannel(channel, `Token has expired ${Math.round(now / 1000 - exp)} seconds ago`);
          }
        }
      }
    },
    Math.min(TOKEN_SWEEP_MS, Math.max(50, Math.floor(heartbeatTimeoutMs / 2))),
  );
  sweepTimer.unref();

  function send(conn: Connection, frame: Message): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const [join_ref, ref, topic, event, payload] = frame;
    conn.ws.send(
      JSON.stringify(conn.vsn === '2.0.0' ? frame : { join_ref, ref, topic, event, payload }),
    );
  }
  const push = send;

  function reply(
    conn: Connection,
    [joinRef, ref, topic]: Message,
    status: 'ok' | 'error',
    response: Record<string, unknown> = {},
  ): void {
    send(conn, [joinRef, ref, topic, 'phx_reply', { status, response }]);
  }

  function presenceState(name: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const channel of byTopic.get(name) ?? []) {
      if (!channel.tracked) continue;
      (state[channel.presenceKey] ??= { metas: [] }).metas.push({
        ...channel.tracked.meta,
        phx_ref: channel.tracked.ref,
      });
    }
    return state;
  }

  function presenceDiff(
    name: string,
    key: string,
    joins: Record<string, unknown>[],
    leaves: Record<string, unknown>[],
  ): void {
    const diff = {
      joins: joins.length ? { [key]: { metas: joins } } : {},
      leaves: leaves.length ? { [key]: { metas: leaves } } : {},
    };
    for (const channel of byTopic.get(name) ?? []) {
      if (channel.policies.presenceRead) {
        push(channel.conn, [channel.joinRef, null, channel.topic, 'presence_diff', diff]);
      }
    }
  }

  function untrack(channel: Channel): void {
    const gone = channel.tracked;
    if (!gone) return;
    channel.tracked = null;
    presenceDiff(channel.name, channel.presenceKey, [], [{ ...gone.meta, phx_ref: gone.ref }]);
  }

  function removeChannel(channel: Channel): void {
    const { conn } = channel;
    if (conn.channels.get(channel.topic) !== channel) return;
    conn.channels.delete(channel.topic);
    const set = byTopic.get(channel.name);
    set?.delete(channel);
    if (set?.size === 0) byTopic.delete(channel.name);
    untrack(channel);
  }

  /** Closes a channel from the server's side, telling the client why (as hosted does). */
  function closeChannel(channel: Channel, message: string): void {
    push(channel.conn, [
      channel.joinRef,
      null,
      channel.topic,
      'system',
      {
        message,
        status: 'error',
        extension: 'system',
        channel: channel.name,
      },
    ]);
    push(channel.conn, [channel.joinRef, null, channel.topic, 'phx_close', {}]);
    removeChannel(channel);
  }

  function socketsOf(userId: string): number {
    let n = 0;
    for (const conn of connections) if (conn.userId === userId && conn.channels.size > 0) n += 1;
    return n;
  }

  async function claimsOf(token: unknown): Promise<Claims | null | 'expired' | 'invalid'> {
    // No token, or the anon key (the local one is not a JWT): the anon role.
    if (typeof token !== 'string' || token.split('.').length !== 3) return null;
    try {
      return await verifyAccessToken(token, jwtSecret);
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid';
    }
  }

  async function authorize(name: string, claims: Claims | null): Promise<Policies> {
    const found: Policies = {
      broadcastRead: false,
      broadcastWrite: false,
      presenceRead: false,
      presenceWrite: false,
    };
    const rollback = new Error('rollback');
    await db
      .transaction(async (tx) => {
        // As hosted Realtime does: a broadcast and a presence message on the topic, then the
        // user's policies read them and try to write one, and everything is rolled back.
        await tx.exec('set local role supabase_realtime_admin');
        await tx.query(
          `insert into realtime.messages (topic, extension, private)
           values ($1, 'broadcast', true), ($1, 'presence', true)`,
          [name],
        );
        await tx.exec(
          `set local role ${claims?.role === 'authenticated' ? 'authenticated' : 'anon'}`,
        );
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('realtime.topic', $2, true)`,
          [JSON.stringify(claims ?? { role: 'anon' }), name],
        );
        const read = await tx.query<{ extension: string }>(
          `select distinct extension from realtime.messages where topic = $1`,
          [name],
        );
        const readable = new Set(read.rows.map((r) => r.extension));
        found.broadcastRead = readable.has('broadcast');
        found.presenceRead = readable.has('presence');
        found.broadcastWrite = await canInsert(tx, name, 'broadcast');
        found.presenceWrite = await canInsert(tx, name, 'presence');
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return found;
  }

  async function canInsert(tx: Queryable, name: string, extension: string): Promise<boolean> {
    await tx.exec('savepoint realtime_write_check');
    try {
      await tx.query(
        `insert into realtime.messages (topic, extension, private) values ($1, $2, true)`,
        [name, extension],
      );
      await tx.exec('release savepoint realtime_write_check');
      return true;
    } catch {
      await tx.exec('rollback to savepoint realtime_write_check');
      return false;
    }
  }

  async function join(conn: Connection, message: Message): Promise<void> {
    const [joinRef, , topic, , payload] = message;
    const config = isObject(payload.config) ? payload.config : {};
    const name = topic.slice('realtime:'.length);
    if (!topic.startsWith('realtime:') || name === '' || name.length > 255) {
      reply(conn, message, 'error', { reason: 'TopicNameInvalid: the topic is not valid' });
      return;
    }
    const previous = conn.channels.get(topic);
    if (!previous && conn.channels.size >= maxChannelsPerSocket) {
      reply(conn, message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }
    if (config.private !== true) {
      reply(conn, message, 'error', {
        reason: 'PrivateOnly: This project only allows private channels',
      });
      return;
    }
    const changes = config.postgres_changes;
    if (Array.isArray(changes) && changes.length > 0) {
      reply(conn, message, 'error', {
        reason: 'Postgres changes are not served here: use broadcast from the database',
      });
      return;
    }
    const claims = await claimsOf(payload.access_token);
    if (claims === 'expired' || claims === 'invalid') {
      reply(conn, message, 'error', {
        reason:
          claims === 'expired'
            ? 'InvalidJWTToken: Token has expired'
            : 'InvalidJWTToken: Invalid token',
      });
      return;
    }
    if (claims) {
      if (conn.userId && conn.userId !== claims.sub) {
        reply(conn, message, 'error', {
          reason: 'InvalidJWTToken: This socket belongs to another user',
        });
        return;
      }
      if (!conn.userId && socketsOf(claims.sub) >= maxSocketsPerUser) {
        reply(conn, message, 'error', {
          reason: 'ConnectionRateLimitReached: Too many connections for this user',
        });
        return;
      }
    }
    const policies = await authorize(name, claims);
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (!policies.broadcastRead) {
      reply(conn, message, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
      });
      return;
    }
    // Joining a topic again replaces the channel (as Phoenix does with a duplicate join).
    if (previous) removeChannel(previous);
    if (claims) conn.userId = claims.sub;
    const presence = isObject(config.presence) ? config.presence : {};
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    const channel: Channel = {
      conn,
      topic,
      name,
      joinRef,
      private: true,
      self: broadcast.self === true,
      claims,
      policies,
      presenceKey:
        typeof presence.key === 'string' && presence.key !== ''
          ? presence.key
          : crypto.randomUUID(),
      tracked: null,
    };
    conn.channels.set(topic, channel);
    let set = byTopic.get(name);
    if (!set) byTopic.set(name, (set = new Set()));
    set.add(channel);
    reply(conn, message, 'ok', { postgres_changes: [] });
    if (policies.presenceRead) {
      push(conn, [joinRef, null, topic, 'presence_state', presenceState(name)]);
    }
  }

  async function refreshToken(channel: Channel, message: Message): Promise<void> {
    const claims = await claimsOf(message[4].access_token);
    if (claims === 'expired') {
      closeChannel(channel, 'Token has expired');
      return;
    }
    if (claims === 'invalid' || (claims && channel.claims && claims.sub !== channel.claims.sub)) {
      closeChannel(channel, 'Invalid token');
      return;
    }
    // The same user with a fresh token keeps the channel; a change of role is authorised again.
    if (claims?.role !== channel.claims?.role || !claims) {
      const policies = await authorize(channel.name, claims);
      if (!policies.broadcastRead) {
        closeChannel(
          channel,
          `You do not have permissions to read from this Channel topic: ${channel.name}`,
        );
        return;
      }
      channel.policies = policies;
    }
    channel.claims = claims;
  }

  function track(channel: Channel, message: Message): void {
    const body = message[4];
    if (!channel.policies.presenceWrite) {
      reply(channel.conn, message, 'error', {
        reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${channel.name}`,
      });
      return;
    }
    if (body.event === 'untrack') {
      untrack(channel);
      reply(channel.conn, message, 'ok');
      return;
    }
    const meta = isObject(body.payload) ? body.payload : {};
    if (JSON.stringify(meta).length > 4096) {
      reply(channel.conn, message, 'error', { reason: 'Presence payload too large' });
      return;
    }
    const before = channel.tracked;
    const ref = nextRef();
    channel.tracked = { ref, meta };
    reply(channel.conn, message, 'ok');
    presenceDiff(
      channel.name,
      channel.presenceKey,
      [{ ...meta, phx_ref: ref, ...(before ? { phx_ref_prev: before.ref } : {}) }],
      before ? [{ ...before.meta, phx_ref: before.ref }] : [],
    );
  }

  function clientBroadcast(channel: Channel, message: Message): void {
    if (!channel.policies.broadcastWrite) {
      reply(channel.conn, message, 'error', {
        reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${channel.name}`,
      });
      return;
    }
    const body = message[4];
    for (const other of byTopic.get(channel.name) ?? []) {
      if (other === channel && !channel.self) continue;
      if (!other.policies.broadcastRead) continue;
      push(other.conn, [other.joinRef, null, other.topic, 'broadcast', body]);
      counters.delivered += 1;
    }
    reply(channel.conn, message, 'ok');
  }

  async function handle(conn: Connection, message: Message): Promise<void> {
    const [, , topic, event] = message;
    if (topic === 'phoenix' && event === 'heartbeat') {
      reply(conn, message, 'ok');
      return;
    }
    if (event === 'phx_join') {
      await join(conn, message);
      return;
    }
    const channel = conn.channels.get(topic);
    if (!channel) {
      reply(conn, message, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (event) {
      case 'phx_leave':
        removeChannel(channel);
        reply(conn, message, 'ok');
        return;
      case 'access_token':
        await refreshToken(channel, message);
        return;
      case 'presence':
        track(channel, message);
        return;
      case 'broadcast':
        clientBroadcast(channel, message);
        return;
      default:
        reply(conn, message, 'error', { reason: `Unknown event ${event.slice(0, 40)}` });
    }
  }

  function onFrame(conn: Connection, data: RawData, isBinary: boolean): void {
    const now = Date.now();
    conn.lastSeen = now;
    if (now - conn.windowStart >= 1000) {
      conn.windowStart = now;
      conn.framesInWindow = 0;
    }
    conn.framesInWindow += 1;
    if (conn.framesInWindow > maxFramesPerSecond) {
      conn.ws.close(1008, 'Too many messages');
      return;
    }
    const message = isBinary ? null : parseFrame(data.toString(), conn.vsn);
    if (!message) {
      counters.malformed += 1;
      conn.malformed += 1;
      if (conn.malformed > MAX_MALFORMED_PER_SOCKET) conn.ws.close(1008, 'Malformed messages');
      return;
    }
    // Frames of one socket are handled in order, one at a time (a join's authorisation is async).
    queue.set(
      conn,
      (queue.get(conn) ?? Promise.resolve()).then(() =>
        handle(conn, message).catch((error: unknown) => {
          console.error('realtime: a frame failed', error instanceof Error ? error.message : error);
          reply(conn, message, 'error', { reason: 'Internal error' });
        }),
      ),
    );
  }
  const queue = new WeakMap<Connection, Promise<void>>();

  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const vsn =
      new URL(req.url ?? '/', 'http://x').searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    const now = Date.now();
    const conn: Connection = {
      ws,
      vsn,
      channels: new Map(),
      lastSeen: now,
      windowStart: now,
      framesInWindow: 0,
      malformed: 0,
      userId: null,
    };
    connections.add(conn);
    ws.on('message', (data, isBinary) => onFrame(conn, data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      connections.delete(conn);
      for (const channel of [...conn.channels.values()]) removeChannel(channel);
    });
  });

  return {
    handleUpgrade(req, socket, head) {
      const origin = req.headers.origin;
      const host = req.headers.host;
      const own = host ? [`http://${host}`, `https://${host}`] : [];
      if (origin && !own.includes(origin) && !options.allowedOrigins?.includes(origin)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\n\r\n');
        return;
      }
      if (connections.size >= maxSockets) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    stats() {
      let channels = 0;
      for (const conn of connections) channels += conn.channels.size;
      return { sockets: connections.size, channels, ...counters };
    },
    async close() {
      clearInterval(sweepTimer);
      clearInterval(pruneTimer);
      for (const conn of connections) conn.ws.terminate();
      connections.clear();
      byTopic.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await stopListening().catch(() => undefined);
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Phoenix message, or null when the frame is not one. */
function parseFrame(text: string, vsn: '1.0.0' | '2.0.0'): Message | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  let parts: unknown[];
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length !== 5) return null;
    parts = value;
  } else {
    if (!isObject(value)) return null;
    parts = [value.join_ref ?? null, value.ref ?? null, value.topic, value.event, value.payload];
  }
  const [joinRef, ref, topic, event, payload] = parts;
  const refOk = (r: unknown) => r === null || (typeof r === 'string' && r.length <= 64);
  if (!refOk(joinRef) || !refOk(ref)) return null;
  if (typeof topic !== 'string' || topic.length > 300) return null;
  if (typeof event !== 'string' || event.length > 100) return null;
  if (!isObject(payload)) return null;
  return [joinRef as string | null, ref as string | null, topic, event, payload];
}

function parseNotification(
  text: string,
): { topic: string; event: string; private: boolean; payload: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!isObject(value) || typeof value.topic !== 'string' || typeof value.event !== 'string') {
      return null;
    }
    return {
      topic: value.topic,
      event: value.event,
      private: value.private !== false,
      payload: value.payload ?? {},
    };
  } catch {
    return null;
  }
}
