// Supabase Storage's object API (/storage/v1), the subset the app's storage client uses: upload
// (POST /object/<bucket>/<name>), download (GET /object/[authenticated/]<bucket>/<name>) and list
// (POST /object/list/<bucket>). As on Supabase, an object is a storage.objects row and a file:
// the row is read or inserted in one transaction as the caller (role authenticated with their
// JWT claims), so the project's storage.objects policies decide who reads and who writes; the
// file is kept in the server's storage directory. Objects are never replaced or removed here.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { LOCAL_DEMO_JWT_SECRET, logFailure } from './auth';
import type { Database, Queryable } from './db/database';
import {
  CORS_HEADERS,
  HttpError,
  readBody,
  readJson,
  requestUrl,
  sendEmpty,
  sendJson,
} from './http-util';
import { claimsFor } from './rest';
import { RestError } from './rest-query';

export interface StorageHandlerOptions {
  db: Database;
  /** Where the files are kept: <dir>/<bucket>/<name>. */
  dir: string;
  jwtSecret?: string;
}

/** A Storage API error, in the shape storage-js reads ({ statusCode, error, message }). */
class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const BUCKET = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_NAME_LENGTH = 512;
const LIST_LIMIT_MAX = 1000;
/** No upload is read past this, whatever the bucket allows. */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** An object name: '/'-separated segments of safe characters, never '.' or '..'. */
function checkName(name: string): string {
  const segments = name.split('/');
  if (
    name.length === 0 ||
    name.length > MAX_NAME_LENGTH ||
    !segments.every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment))
  ) {
    throw new StorageError(400, 'InvalidKey', `Invalid key: ${name.slice(0, 80)}`);
  }
  return name;
}

function checkBucket(bucket: string): string {
  if (!BUCKET.test(bucket)) throw new StorageError(400, 'InvalidBucketName', 'Invalid bucket name');
  return bucket;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new StorageError(400, 'InvalidKey', 'Invalid key');
  }
}

interface Bucket {
  id: string;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

/**
 * The bucket's limits, read as the Storage API reads them: as its own admin (storage.buckets has
 * no read policy for the caller on hosted Supabase), then back to the caller's role.
 */
async function bucketOf(tx: Queryable, id: string): Promise<Bucket> {
  await tx.exec('set local role supabase_storage_admin');
  const { rows } = await tx.query<Bucket>(
    `select id, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
    [id],
  );
  await tx.exec('set local role authenticated');
  const bucket = rows[0];
  if (!bucket) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
  return bucket;
}

/** The file and its type from a raw body, or from the '' part of a multipart form (storage-js's Blob upload). */
async function fileOf(
  req: IncomingMessage,
  body: Buffer,
): Promise<{ bytes: Buffer; type: string }> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'multipart/form-data') return { bytes: body, type };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': String(req.headers['content-type']) },
    }).formData();
  } catch {
    throw new StorageError(400, 'InvalidRequest', 'The upload is malformed');
  }
  const file = [...form.values()].find((value): value is File => typeof value !== 'string');
  if (!file) throw new StorageError(400, 'InvalidRequest', 'The upload holds no file');
  return { bytes: Buffer.from(await file.arrayBuffer()), type: file.type.toLowerCase() };
}

export type StorageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createStorageHandler(options: StorageHandlerOptions): StorageHandler {
  const secret = options.jwtSecret ?? LOCAL_DEMO_JWT_SECRET;
  const filePath = (bucket: string, name: string) =>
    path.join(options.dir, bucket, ...name.split('/'));

  /** Runs `fn` in one transaction as the caller; anonymous callers get nothing here. */
  async function asCaller<T>(
    req: IncomingMessage,
    fn: (tx: Queryable, userId: string) => Promise<T>,
  ) {
    const auth = await claimsFor(req, secret);
    const userId = typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
    if (auth.role !== 'authenticated' || !userId) {
      throw new StorageError(401, 'Unauthorized', 'Sign in to reach this file');
    }
    return options.db.transaction(async (tx) => {
      await tx.exec('set local role authenticated');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify(auth.claims),
      ]);
      return fn(tx, userId);
    });
  }

  async function upload(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
    if (req.headers['x-upsert'] === 'true') {
      // A photo of the work is kept as first sent: nobody replaces it.
      throw new StorageError(403, 'Unauthorized', 'Objects in this bucket cannot be replaced');
    }
    // Read before the transaction: a slow upload never holds a database connection.
    const { bytes, type } = await fileOf(req, await readBody(req, MAX_UPLOAD_BYTES));
    const result = await asCaller(req, async (tx, userId) => {
      const bucket = await bucketOf(tx, bucketId);
      if (bucket.file_size_limit !== null && bytes.length > Number(bucket.file_size_limit)) {
        throw new StorageError(
          413,
          'Payload too large',
          'The object exceeded the maximum allowed size',
        );
      }
      if (bytes.length === 0) throw new StorageError(400, 'InvalidRequest', 'The file is empty');
      if (bucket.allowed_mime_types?.length && !bucket.allowed_mime_types.includes(type)) {
        throw new StorageError(
          415,
          'invalid_mime_type',
          `mime type ${type || 'unknown'} is not supported`,
        );
      }
      const { rows } = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ($1, $2, $3::uuid, $4::text, $5) returning id`,
        [bucketId, name, userId, userId, JSON.stringify({ mimetype: type, size: bytes.length })],
      );
      // The file lands before the row commits; a failed write rolls the row back.
      const target = filePath(bucketId, name);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, bytes, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        if ((error as { code?: string }).code === 'ENOSPC') {
          throw new StorageError(507, 'InsufficientStorage', 'The server is out of storage space');
        }
        throw error;
      }
      return { Id: rows[0]?.id, Key: `${bucketId}/${name}` };
    });
    sendJson(res, 200, result);
  }

  async function download(
    req: IncomingMessage,
    res: ServerResponse,
    bucketId: string,
    name: string,
  ) {
    const found = await asCaller(req, async (tx) => {
      const { rows } = await tx.query<{ metadata: { mimetype?: string } | null }>(
        `select metadata from storage.objects where bucket_id = $1 and name = $2`,
        [bucketId, name],
      );
      return rows[0];
    });
    // Another user's photo and a missing one answer alike: no way to learn what exists.
    if (!found) throw new StorageError(404, 'not_found', 'Object not found');
    let bytes: Buffer;
    try {
      bytes = await readFile(filePath(bucketId, name));
    } catch {
      throw new StorageError(404, 'not_found', 'Object not found');
    }
    res
      .writeHead(200, {
        ...CORS_HEADERS,
        'content-type': found.metadata?.mimetype || 'application/octet-stream',
        'content-length': String(bytes.length),
        'cache-control': 'private, no-store',
      })
      .end(bytes);
  }

  async function list(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const body = (await readJson(req)) as Record<string, unknown> | null;
    const prefix = typeof body?.prefix === 'string' ? body.prefix.replace(/\/+$/, '') : '';
    if (prefix) checkName(prefix);
    const limit = Math.min(Math.max(Number(body?.limit ?? 100) || 100, 1), LIST_LIMIT_MAX);
    const offset = Math.max(Number(body?.offset ?? 0) || 0, 0);
    const rows = await asCaller(req, async (tx) => {
      const folder = prefix ? `${prefix}/` : '';
      const { rows } = await tx.query<Record<string, unknown>>(
        `select substr(name, $3::int + 1) as name, id, created_at, updated_at,
                created_at as last_accessed_at, metadata
           from storage.objects
          where bucket_id = $1 and left(name, $3::int) = $2
            and position('/' in substr(name, $3::int + 1)) = 0
          order by name
          limit $4 offset $5`,
        [bucketId, folder, folder.length, limit, offset],
      );
      return rows;
    });
    sendJson(res, 200, rows);
  }

  return async (req, res) => {
    if (req.method === 'OPTIONS') {
      sendEmpty(res, 204);
      return;
    }
    try {
      const url = requestUrl(req);
      const parts = url.pathname
        .replace(/^\/storage\/v1\/?/, '')
        .split('/')
        .map(decode);
      if (parts[0] !== 'object') throw new StorageError(404, 'not_found', 'Not found');
      if (parts[1] === 'list' && req.method === 'POST' && parts.length === 3) {
        await list(req, res, checkBucket(parts[2] ?? ''));
        return;
      }
      const rest = parts[1] === 'authenticated' ? parts.slice(2) : parts.slice(1);
      const bucket = checkBucket(rest[0] ?? '');
      const name = checkName(rest.slice(1).join('/'));
      if (req.method === 'POST' && parts[1] !== 'authenticated')
        await upload(req, res, bucket, name);
      else if (req.method === 'GET' || req.method === 'HEAD')
        await download(req, res, bucket, name);
      else throw new StorageError(405, 'MethodNotAllowed', 'Method not allowed');
    } catch (error) {
      const e = toStorageError(error);
      if (!res.headersSent) {
        sendJson(res, e.status, {
          statusCode: String(e.status),
          error: e.error,
          message: e.message,
        });
      } else res.end();
    }
  };
}

function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof RestError)
    return new StorageError(error.status, 'Unauthorized', error.message);
  if (error instanceof HttpError) {
    return new StorageError(
      error.status,
      error.status === 413 ? 'Payload too large' : 'InvalidRequest',
      error.status === 413 ? 'The object exceeded the maximum allowed size' : error.message,
    );
  }
  const code = (error as { code?: string }).code;
  if (code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists');
  if (code === '42501') {
    return new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
  }
  logFailure('storage', error);
  return new StorageError(500, 'internal', 'Internal error');
}
