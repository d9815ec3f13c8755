// GoTrue-compatible auth endpoints for the local stand-in (/auth/v1): sign-up, password and
// refresh-token grants, the current user (read, change password), and logout. Access tokens are
// HS256 JWTs carrying Supabase's claims; passwords are bcrypt hashes in auth.users, computed off
// the event loop; refresh tokens are rotated rows in auth.refresh_tokens, one family per session:
// they expire, and reusing a rotated one revokes its whole family. Sign-in, sign-up and refresh
// are rate limited per IP and per e-mail (429 with Retry-After). Error bodies follow GoTrue's
// `{ code, error_code, msg }` shape so that supabase-js raises the same messages as the hosted
// service. Nothing here logs a password, a hash or a token.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import {
  MAX_PASSWORD_BYTES,
  PASSWORD_TOO_LONG,
  passwordBytes,
} from '../src/domain/schemas/auth.schema';
import { asRole, type Database, type Queryable } from './db/database';
import { HttpError, isRecord, readJson, requestUrl, sendEmpty, sendJson } from './http-util';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';
import {
  DEFAULT_AUTH_RATE_LIMITS,
  createRateLimiter,
  type AuthRateLimits,
  type RateLimiter,
} from './rate-limit';

/**
 * LOCAL DEMO ONLY. The default signing secret of the local stand-in, public in this repository.
 * Never use it for a hosted deployment; pass a real secret (e.g. JWT_SECRET) instead.
 */
export const LOCAL_DEMO_JWT_SECRET = 'local-demo-only-jwt-secret-not-for-production-use';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** A session's refresh token lives this long unused (an engineer can be offline for weeks). */
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 3600;
/** A rotated refresh token presented again this soon is a retry (a lost answer), not theft. */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;
export const MIN_PASSWORD_LENGTH = 6;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  role: string;
  email: string;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  session_id: string;
  exp: number;
  iat: number;
}

interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

const APP_METADATA = { provider: 'email', providers: ['email'] };

function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Verifies an access token's signature and expiry; returns its claims or throws. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessTokenClaims> {
  const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'] });
  if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') {
    throw new Error('Access token lacks sub or role');
  }
  // auth.uid() casts sub to uuid: anything else is not a token this server issued.
  if (!UUID_PATTERN.test(payload.sub)) throw new Error('Access token sub is not a uuid');
  return payload as AccessTokenClaims;
}

function authError(status: number, errorCode: string, msg: string, extra: object = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toUser(row: UserRow) {
  const createdAt = iso(row.created_at);
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    email_confirmed_at: createdAt,
    confirmed_at: createdAt,
    phone: '',
    app_metadata: APP_METADATA,
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: createdAt,
    updated_at: iso(row.updated_at),
    is_anonymous: false,
  };
}

/** A string field of the body; '' when absent. A NUL byte is refused: no database text holds one. */
function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string') return '';
  if (value.includes('\u0000')) {
    throw authError(400, 'validation_failed', `${key} contains a character that is not allowed`);
  }
  return value;
}

/** The password rules of sign-up and password change: SPEC's minimum, bcrypt's 72-byte maximum. */
function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw authError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      { weak_password: { reasons: ['length'] } },
    );
  }
  if (passwordBytes(password) > MAX_PASSWORD_BYTES) {
    throw authError(422, 'weak_password', PASSWORD_TOO_LONG, {
      weak_password: { reasons: ['length'] },
    });
  }
}

/** The caller's address as the socket sees it (the local server is not behind a proxy). */
function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

function tooManyAttempts(seconds: number): HttpError {
  return new HttpError(
    429,
    {
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: `Too many attempts. Try again in ${seconds} seconds.`,
    },
    { 'retry-after': String(seconds) },
  );
}

/** Throws 429 when any of the limiters has spent its window for its key. */
function checkLimits(...checks: [RateLimiter, string][]): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfter(key)));
  if (wait > 0) throw tooManyAttempts(wait);
}

export interface AuthHandlerOptions {
  db: Database;
  jwtSecret?: string;
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** How long a rotated refresh token still counts as a retry; GoTrue's default is 10 s. */
  refreshReuseIntervalSeconds?: number;
  rateLimits?: Partial<AuthRateLimits>;
}

export type AuthHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const USER_COLUMNS = 'id, email, encrypted_password, raw_user_meta_data, created_at, updated_at';

interface RefreshTokenRow {
  user_id: string;
  session_id: string | null;
  revoked: boolean;
  expired: boolean;
  recently_revoked: boolean;
}

/** Handles every request under /auth/v1; the caller routes by prefix. */
export function createAuthHandler(options: AuthHandlerOptions): AuthHandler {
  // GoTrue's own role: it owns auth's tables, and the sign-up trigger runs under it.
  const db = asRole(options.db, 'supabase_auth_admin');
  const secret = options.jwtSecret ?? LOCAL_DEMO_JWT_SECRET;
  const key = secretKey(secret);
  const accessTtl = options.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const refreshTtl = options.refreshTokenTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS;
  const reuseInterval = options.refreshReuseIntervalSeconds ?? REFRESH_REUSE_INTERVAL_SECONDS;
  const limits = { ...DEFAULT_AUTH_RATE_LIMITS, ...options.rateLimits };
  const failedByEmail = createRateLimiter(limits.failedSignInsPerEmail);
  const failedByIp = createRateLimiter(limits.failedSignInsPerIp);
  const signUpsByIp = createRateLimiter(limits.signUpsPerIp);
  const signUpsByEmail = createRateLimiter(limits.signUpsPerEmail);
  const refreshesByIp = createRateLimiter(limits.refreshesPerIp);

  /** A new access token plus a refresh token in `sessionId`'s family (a new family if none). */
  async function issueSession(tx: Queryable, user: UserRow, issuer: string, sessionId?: string) {
    const session = sessionId ?? randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + accessTtl;
    const publicUser = toUser(user);
    const accessToken = await new SignJWT({
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      user_metadata: publicUser.user_metadata,
      app_metadata: APP_METADATA,
      session_id: session,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(key);
    const refreshToken = randomBytes(24).toString('base64url');
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, session_id, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [refreshToken, user.id, session, refreshTtl],
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTtl,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: publicUser,
    };
  }

  async function bearerClaims(req: IncomingMessage): Promise<AccessTokenClaims> {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    try {
      const claims = await verifyAccessToken(match[1], secret);
      if (claims.role !== 'authenticated') throw new Error('not a user token');
      return claims;
    } catch {
      throw authError(
        401,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token is expired or invalid',
      );
    }
  }

  async function userById(id: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where id = $1`,
      [id],
    );
    return rows[0];
  }

  async function signup(req: IncomingMessage, body: Record<string, unknown>, issuer: string) {
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    if (!email) throw authError(422, 'validation_failed', 'To signup, please provide your email');
    if (!password) throw authError(422, 'validation_failed', 'Signup requires a valid password');
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    checkNewPassword(password);
    const ip = clientIp(req);
    checkLimits([signUpsByIp, ip], [signUpsByEmail, email]);
    signUpsByIp.hit(ip);
    signUpsByEmail.hit(email);
    const data = isRecord(body.data) ? body.data : {};
    const metadata = JSON.stringify(data);
    if (metadata.includes('\\u0000')) {
      throw authError(400, 'validation_failed', 'data contains a character that is not allowed');
    }
    const hash = await hashPassword(password);
    try {
      return await db.transaction(async (tx) => {
        // As GoTrue writes a confirmed e-mail sign-up: the user, then its e-mail identity.
        const { rows } = await tx.query<UserRow>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
                                   email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                                   created_at, updated_at, confirmation_token, recovery_token,
                                   email_change_token_new, email_change)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated',
                   $2, $3, now(), $5::jsonb, $4::jsonb, now(), now(), '', '', '', '')
           on conflict (email) where is_sso_user = false do nothing
           returning ${USER_COLUMNS}`,
          [randomUUID(), email, hash, metadata, JSON.stringify(APP_METADATA)],
        );
        const user = rows[0];
        if (!user) throw authError(422, 'user_already_exists', 'User already registered');
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider,
                                        last_sign_in_at, created_at, updated_at)
           values ($1::text, $2::uuid, jsonb_build_object('sub', $1::text, 'email', $3::text,
                                                          'email_verified', true), 'email',
                   now(), now(), now())`,
          [user.id, user.id, email],
        );
        return issueSession(tx, user, issuer);
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      logFailure('signup', error);
      throw authError(500, 'unexpected_failure', 'Database error saving new user');
    }
  }

  async function passwordGrant(
    req: IncomingMessage,
    body: Record<string, unknown>,
    issuer: string,
  ) {
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    const ip = clientIp(req);
    checkLimits([failedByEmail, email], [failedByIp, ip]);
    const { rows } = await db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where email = $1`,
      [email],
    );
    const user = rows[0];
    // Past 72 bytes bcrypt would compare a prefix: such a password never matches.
    const comparable = password !== '' && passwordBytes(password) <= MAX_PASSWORD_BYTES;
    const ok = await verifyPassword(
      comparable ? password : '',
      user?.encrypted_password ?? DUMMY_HASH,
    );
    if (!user || !user.encrypted_password || !ok || !comparable) {
      failedByEmail.hit(email);
      failedByIp.hit(ip);
      throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    failedByEmail.reset(email);
    return db.transaction((tx) => issueSession(tx, user, issuer));
  }

  async function refreshGrant(req: IncomingMessage, body: Record<string, unknown>, issuer: string) {
    const ip = clientIp(req);
    checkLimits([refreshesByIp, ip]);
    refreshesByIp.hit(ip);
    const token = stringField(body, 'refresh_token');
    const invalid = (why: string, code = 'refresh_token_not_found') =>
      authError(400, code, `Invalid Refresh Token: ${why}`);
    if (!token) throw invalid('Refresh Token Not Found');
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<RefreshTokenRow>(
        `select user_id, session_id, revoked,
                expires_at is not null and expires_at <= now() as expired,
                revoked and revoked_at > now() - make_interval(secs => $2) as recently_revoked
           from auth.refresh_tokens where token = $1 for update`,
        [token, reuseInterval],
      );
      const row = rows[0];
      if (!row) return { error: invalid('Refresh Token Not Found') };
      if (row.expired) return { error: invalid('Session Expired', 'session_expired') };
      if (row.revoked && !row.recently_revoked) {
        // A rotated token presented again: it may have been stolen. End its whole session.
        await tx.query(
          `update auth.refresh_tokens set revoked = true, revoked_at = coalesce(revoked_at, now())
            where session_id = $1 or token = $2`,
          [row.session_id, token],
        );
        return { error: invalid('Already Used', 'refresh_token_already_used') };
      }
      if (row.revoked) {
        // A retry within the reuse interval (its answer was lost): carry on the family, if the
        // session is still alive.
        const live = await tx.query(
          `select 1 from auth.refresh_tokens
            where session_id = $1 and not revoked and expires_at > now() limit 1`,
          [row.session_id],
        );
        if (live.rows.length === 0)
          return { error: invalid('Already Used', 'refresh_token_already_used') };
      }
      await tx.query(
        `update auth.refresh_tokens set revoked = true, revoked_at = coalesce(revoked_at, now())
          where token = $1`,
        [token],
      );
      const users = await tx.query<UserRow>(
        `select ${USER_COLUMNS} from auth.users where id = $1`,
        [row.user_id],
      );
      const user = users.rows[0];
      if (!user) return { error: invalid('Refresh Token Not Found') };
      return { session: await issueSession(tx, user, issuer, row.session_id ?? undefined) };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.session;
  }

  /** GoTrue's logout scopes: global (every session, the default), local (this one), others. */
  async function logout(claims: AccessTokenClaims, scope: string | null): Promise<void> {
    const revoke = `update auth.refresh_tokens set revoked = true,
                      revoked_at = coalesce(revoked_at, now())
                    where user_id = $1 and not revoked`;
    if (scope === null || scope === 'global') {
      await db.query(revoke, [claims.sub]);
    } else if (scope === 'local') {
      await db.query(`${revoke} and session_id = $2`, [claims.sub, claims.session_id]);
    } else if (scope === 'others') {
      await db.query(`${revoke} and session_id is distinct from $2`, [
        claims.sub,
        claims.session_id,
      ]);
    } else {
      throw authError(400, 'validation_failed', 'scope must be one of global, local, others');
    }
  }

  /** PUT /user: a new password needs the current one; the other sessions are signed out. */
  async function updateUser(
    req: IncomingMessage,
    claims: AccessTokenClaims,
    body: Record<string, unknown>,
  ) {
    const user = await userById(claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const password = stringField(body, 'password');
    if (body.password !== undefined && !password) {
      throw authError(422, 'validation_failed', 'Password cannot be empty');
    }
    if (password) {
      const current = stringField(body, 'current_password');
      const ip = clientIp(req);
      checkLimits([failedByEmail, user.email], [failedByIp, ip]);
      if (!current) {
        throw authError(400, 'current_password_required', 'Current password is required');
      }
      const ok =
        passwordBytes(current) <= MAX_PASSWORD_BYTES &&
        (await verifyPassword(current, user.encrypted_password ?? DUMMY_HASH));
      if (!ok) {
        failedByEmail.hit(user.email);
        failedByIp.hit(ip);
        throw authError(400, 'invalid_credentials', 'Current password is incorrect');
      }
      checkNewPassword(password);
      if (password === current) {
        throw authError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
    }
    const data = isRecord(body.data) ? JSON.stringify(body.data) : null;
    if (data?.includes('\\u0000')) {
      throw authError(400, 'validation_failed', 'data contains a character that is not allowed');
    }
    const hash = password ? await hashPassword(password) : null;
    const updated = await db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>(
        `update auth.users
            set encrypted_password = coalesce($2, encrypted_password),
                raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || coalesce($3::jsonb, '{}'::jsonb),
                updated_at = now()
          where id = $1
          returning ${USER_COLUMNS}`,
        [claims.sub, hash, data],
      );
      if (hash) {
        await tx.query(
          `update auth.refresh_tokens set revoked = true, revoked_at = coalesce(revoked_at, now())
            where user_id = $1 and not revoked and session_id is distinct from $2`,
          [claims.sub, claims.session_id],
        );
      }
      return rows[0];
    });
    if (!updated)
      throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return toUser(updated);
  }

  async function objectBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    const body = await readJson(req);
    if (!isRecord(body))
      throw authError(400, 'validation_failed', 'Request body must be an object');
    return body;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    const path = url.pathname.replace(/\/+$/, '');
    const issuer = `http://${req.headers.host ?? 'localhost'}/auth/v1`;
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      sendEmpty(res, 204);
      return;
    }
    if (path === '/auth/v1/signup' && method === 'POST') {
      const body = await objectBody(req);
      sendJson(res, 200, await signup(req, body, issuer));
      return;
    }
    if (path === '/auth/v1/token' && method === 'POST') {
      const body = await objectBody(req);
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') {
        sendJson(res, 200, await passwordGrant(req, body, issuer));
      } else if (grant === 'refresh_token') {
        sendJson(res, 200, await refreshGrant(req, body, issuer));
      } else {
        throw authError(400, 'validation_failed', 'unsupported_grant_type');
      }
      return;
    }
    if (path === '/auth/v1/user' && method === 'GET') {
      const claims = await bearerClaims(req);
      const user = await userById(claims.sub);
      if (!user)
        throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      sendJson(res, 200, toUser(user));
      return;
    }
    if (path === '/auth/v1/user' && method === 'PUT') {
      const claims = await bearerClaims(req);
      const body = await objectBody(req);
      sendJson(res, 200, await updateUser(req, claims, body));
      return;
    }
    if (path === '/auth/v1/logout' && method === 'POST') {
      const claims = await bearerClaims(req);
      await readJson(req);
      await logout(claims, url.searchParams.get('scope'));
      sendEmpty(res, 204);
      return;
    }
    if (['/auth/v1/signup', '/auth/v1/token', '/auth/v1/user', '/auth/v1/logout'].includes(path)) {
      throw authError(405, 'method_not_allowed', 'Method not allowed');
    }
    throw authError(404, 'not_found', 'Not found');
  }

  return async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      if (error instanceof HttpError) {
        sendJson(res, error.status, error.body, error.headers);
        return;
      }
      logFailure('auth handler', error);
      if (!res.headersSent) {
        sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Internal error' });
      } else {
        res.end();
      }
    }
  };
}

/** Logs a failure by its code and message only: a driver error may carry the query's parameters. */
export function logFailure(where: string, error: unknown): void {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : 'non-error thrown';
  console.error(`${where} failed: ${typeof code === 'string' ? `${code} ` : ''}${message}`);
}
