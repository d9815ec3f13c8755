// Small HTTP helpers shared by the local server's API handlers: JSON responses, CORS and security
// headers, and request-body reading with a size limit (413) and JSON validation (400), nesting
// included.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

/** An error that maps directly to an HTTP status and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.msg === 'string' ? body.msg : `HTTP ${status}`);
  }
}

/** Deeper JSON than this is refused: no request of the product nests past a handful of levels. */
export const MAX_JSON_DEPTH = 32;

/** What every CORS answer carries; the allowed origin itself is decided per request. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, x-supabase-api-version, prefer, accept-profile, content-profile, range',
  'access-control-expose-headers': 'content-range, x-supabase-api-version',
  'access-control-max-age': '86400',
};

/**
 * The request's URL. Its target is a path (origin form, RFC 9112 §3.2.1) and is read as one, so
 * '//x' is a path and never a host; a target that is no URL at all is a 400, never a crash.
 */
export function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target);
  } catch {
    throw new HttpError(400, { message: 'Bad request target', msg: 'Bad request target' });
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** A JSON answer already serialised (e.g. JSON text straight from the database). */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res
    .writeHead(status, {
      ...CORS_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      ...headers,
    })
    .end(text);
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

/** The nesting depth of JSON text, counted without recursion (brackets inside strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/**
 * Reads and parses a JSON body; an empty body is `{}`. Invalid JSON, or JSON nested deeper than
 * MAX_JSON_DEPTH (which would exhaust the stack of whatever walks it), is a 400 HttpError.
 */
export async function readJson(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  const raw = (await readBody(req, limit)).toString('utf8');
  if (raw.trim() === '') return {};
  const bad = (msg: string) => new HttpError(400, { code: 400, error_code: 'bad_json', msg });
  if (jsonDepth(raw) > MAX_JSON_DEPTH) {
    throw bad(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw bad('Could not parse request body as JSON');
  }
}

export interface SecurityOptions {
  /** Origins besides the server's own that may call the APIs from a browser (CORS). */
  allowedOrigins?: readonly string[];
}

/**
 * The Content-Security-Policy the built PWA runs under: its own scripts only; inline styles
 * because Chakra (emotion) injects its styles at run time; images from itself, data: and blob:
 * (signatures, photos); API calls to itself. 'wasm-unsafe-eval' lets the label scanner compile
 * its bundled ZXing WebAssembly (issue 32); it allows no eval of JavaScript.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer carries, app and API alike. */
export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Sets the security headers and, when the request's Origin is the server's own or an allowed
 * one, that origin as the CORS allowed origin. Any other origin gets no CORS grant, so a page
 * elsewhere cannot read the APIs' answers.
 */
export function applyResponseHeaders(
  req: IncomingMessage,
  res: ServerResponse,
  options: SecurityOptions = {},
): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.setHeader('vary', 'Origin');
  const origin = req.headers.origin;
  if (!origin) return;
  const own = req.headers.host ? [`http://${req.headers.host}`, `https://${req.headers.host}`] : [];
  if (own.includes(origin) || options.allowedOrigins?.includes(origin)) {
    res.setHeader('access-control-allow-origin', origin);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
