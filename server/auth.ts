// GoTrue-compatible auth endpoints for the local stand-in (/auth/v1): sign-up, password and
// refresh-token grants, the current user, and logout. Access tokens are HS256 JWTs carrying
// Supabase's claims; passwords are bcrypt hashes in auth.users; refresh tokens are rotated rows in
// auth.refresh_tokens. Error bodies follow GoTrue's `{ code, error_code, msg }` shape so that
// supabase-js raises the same messages as the hosted service.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { Database, Queryable } from './db/database';
import { HttpError, isRecord, readJson, sendEmpty, sendJson } from './http-util';

/**
 * LOCAL DEMO ONLY. The default signing secret of the local stand-in, public in this repository.
 * Never use it for a hosted deployment; pass a real secret (e.g. JWT_SECRET) instead.
 */
export const LOCAL_DEMO_JWT_SECRET = 'local-demo-only-jwt-secret-not-for-production-use';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const MIN_PASSWORD_LENGTH = 6;
const BCRYPT_COST = 10;
const MAX_PASSWORD_LENGTH = 72;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Compared against when the e-mail is unknown, so both paths cost one bcrypt comparison. */
const DUMMY_HASH = bcrypt.hashSync('local-demo-dummy-password', BCRYPT_COST);

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

function stringField(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

export interface AuthHandlerOptions {
  db: Database;
  jwtSecret?: string;
}

export type AuthHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Handles every request under /auth/v1; the caller routes by prefix. */
export function createAuthHandler(options: AuthHandlerOptions): AuthHandler {
  const { db } = options;
  const key = secretKey(options.jwtSecret ?? LOCAL_DEMO_JWT_SECRET);

  async function issueSession(tx: Queryable, user: UserRow, issuer: string) {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + ACCESS_TOKEN_TTL_SECONDS;
    const publicUser = toUser(user);
    const accessToken = await new SignJWT({
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      user_metadata: publicUser.user_metadata,
      app_metadata: APP_METADATA,
      session_id: randomUUID(),
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(issuer)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(key);
    const refreshToken = randomBytes(24).toString('base64url');
    await tx.query('insert into auth.refresh_tokens (token, user_id) values ($1, $2)', [
      refreshToken,
      user.id,
    ]);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
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
      const claims = await verifyAccessToken(match[1], options.jwtSecret ?? LOCAL_DEMO_JWT_SECRET);
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

  async function signup(body: Record<string, unknown>, issuer: string) {
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    if (!email) throw authError(422, 'validation_failed', 'To signup, please provide your email');
    if (!password) throw authError(422, 'validation_failed', 'Signup requires a valid password');
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw authError(
        422,
        'weak_password',
        `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
        { weak_password: { reasons: ['length'] } },
      );
    }
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw authError(
        422,
        'validation_failed',
        `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
      );
    }
    const data = isRecord(body.data) ? body.data : {};
    const hash = await bcrypt.hash(password, BCRYPT_COST);
    try {
      return await db.transaction(async (tx) => {
        const { rows } = await tx.query<UserRow>(
          `insert into auth.users (id, email, encrypted_password, raw_user_meta_data)
           values ($1, $2, $3, $4::jsonb)
           on conflict (email) do nothing
           returning id, email, encrypted_password, raw_user_meta_data, created_at, updated_at`,
          [randomUUID(), email, hash, JSON.stringify(data)],
        );
        const user = rows[0];
        if (!user) throw authError(422, 'user_already_exists', 'User already registered');
        return issueSession(tx, user, issuer);
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      console.error('signup failed:', error);
      throw authError(500, 'unexpected_failure', 'Database error saving new user');
    }
  }

  async function passwordGrant(body: Record<string, unknown>, issuer: string) {
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    const { rows } = await db.query<UserRow>(
      `select id, email, encrypted_password, raw_user_meta_data, created_at, updated_at
       from auth.users where email = $1`,
      [email],
    );
    const user = rows[0];
    const ok = await bcrypt.compare(password, user?.encrypted_password ?? DUMMY_HASH);
    if (!user || !user.encrypted_password || !ok || !password) {
      throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    return db.transaction((tx) => issueSession(tx, user, issuer));
  }

  async function refreshGrant(body: Record<string, unknown>, issuer: string) {
    const token = stringField(body, 'refresh_token');
    const notFound = () =>
      authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (!token) throw notFound();
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `update auth.refresh_tokens set revoked = true
         where token = $1 and not revoked returning user_id`,
        [token],
      );
      const userId = rows[0]?.user_id;
      if (!userId) throw notFound();
      const users = await tx.query<UserRow>(
        `select id, email, encrypted_password, raw_user_meta_data, created_at, updated_at
         from auth.users where id = $1`,
        [userId],
      );
      const user = users.rows[0];
      if (!user) throw notFound();
      return issueSession(tx, user, issuer);
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    const issuer = `http://${req.headers.host ?? 'localhost'}/auth/v1`;
    const method = req.method ?? 'GET';

    if (method === 'OPTIONS') {
      sendEmpty(res, 204);
      return;
    }
    if (path === '/auth/v1/signup' && method === 'POST') {
      const body = await readJson(req);
      if (!isRecord(body))
        throw authError(400, 'validation_failed', 'Request body must be an object');
      sendJson(res, 200, await signup(body, issuer));
      return;
    }
    if (path === '/auth/v1/token' && method === 'POST') {
      const body = await readJson(req);
      if (!isRecord(body))
        throw authError(400, 'validation_failed', 'Request body must be an object');
      const grant = url.searchParams.get('grant_type');
      if (grant === 'password') {
        sendJson(res, 200, await passwordGrant(body, issuer));
      } else if (grant === 'refresh_token') {
        sendJson(res, 200, await refreshGrant(body, issuer));
      } else {
        throw authError(400, 'validation_failed', 'unsupported_grant_type');
      }
      return;
    }
    if (path === '/auth/v1/user' && method === 'GET') {
      const claims = await bearerClaims(req);
      const { rows } = await db.query<UserRow>(
        `select id, email, encrypted_password, raw_user_meta_data, created_at, updated_at
         from auth.users where id = $1`,
        [claims.sub],
      );
      const user = rows[0];
      if (!user)
        throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      sendJson(res, 200, toUser(user));
      return;
    }
    if (path === '/auth/v1/logout' && method === 'POST') {
      const claims = await bearerClaims(req);
      await readJson(req);
      await db.query('update auth.refresh_tokens set revoked = true where user_id = $1', [
        claims.sub,
      ]);
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
        sendJson(res, error.status, error.body);
        return;
      }
      console.error('auth handler failed:', error);
      if (!res.headersSent) {
        sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Internal error' });
      } else {
        res.end();
      }
    }
  };
}
