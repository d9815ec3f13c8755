// Small HTTP helpers shared by the local server's API handlers: JSON responses, CORS headers and
// request-body reading with a size limit (413) and JSON validation (400).
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

/** An error that maps directly to an HTTP status and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.msg === 'string' ? body.msg : `HTTP ${status}`);
  }
}

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, accept-profile, content-profile, range',
  'access-control-expose-headers': 'content-range, x-supabase-api-version',
  'access-control-max-age': '86400',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, {
      ...CORS_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      ...headers,
    })
    .end(JSON.stringify(body));
}

export function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status, CORS_HEADERS).end();
}

/** Reads the raw body, rejecting with a 413 HttpError once it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, {
    code: 413,
    error_code: 'request_too_large',
    msg: `Request body exceeds ${limit} bytes`,
  });
}

/** Reads and parses a JSON body; an empty body is `{}`. Invalid JSON is a 400 HttpError. */
export async function readJson(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const raw = (await readBody(req, limit)).toString('utf8');
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new HttpError(400, {
      code: 400,
      error_code: 'bad_json',
      msg: 'Could not parse request body as JSON',
    });
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
