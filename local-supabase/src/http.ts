/**
 * Small HTTP helpers shared by the gateway (app.ts); services may use them too.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

/** Headers browsers may read from our responses (PostgREST's, GoTrue's and storage's). */
export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Location',
  'Location',
  'Range-Unit',
  'Preference-Applied',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
  'Content-Encoding',
  'Content-Type',
  'Content-Length',
  'Content-Disposition',
  'Date',
  'ETag',
  'Last-Modified',
  'Cache-Control',
  'Server',
  'Transfer-Encoding',
  'x-sb-error-code',
].join(', ');

export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** Default CORS headers, set before a service runs (services may override them). */
export function applyCorsHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}

/** Answers a CORS preflight the way the hosted gateway does. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.writeHead(204, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers':
      typeof requested === 'string' && requested.trim() ? requested : 'authorization, x-client-info, apikey, content-type',
    'Access-Control-Max-Age': '86400',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    'Content-Length': '0',
  });
  res.end();
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, STATUS_CODES[status] ?? '', {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

/** Reads the whole request body (rejects with status 413 past `limit` bytes). */
export async function readBody(req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw Object.assign(new Error('Payload too large'), { status: 413 });
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The Bearer token of the Authorization header, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || undefined;
}

/**
 * The request's API key, read as Kong's key-auth reads it: the `apikey` header, else the
 * `apikey` url param (`rest` is the path after the service prefix, with its query). The
 * gateway checks it; the realtime service opens its WebSocket with it (realtime-js sends it
 * as the url param, the only way a browser can).
 */
export function apiKeyOf(req: IncomingMessage, rest: string): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header) return header;
  const q = rest.indexOf('?');
  if (q !== -1) {
    const value = new URLSearchParams(rest.slice(q + 1)).get('apikey');
    if (value) return value;
  }
  return undefined;
}

/** The deepest JSON nesting a request body may have: far beyond any real payload, far below a stack overflow. */
export const MAX_JSON_DEPTH = 512;

/**
 * Whether `text` nests arrays and objects deeper than `max`, found in one pass without
 * recursion (strings and their escapes skipped), so a hostile body is refused before
 * JSON.parse, JSON.stringify or PostgreSQL walk it recursively.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) {
      inString = true;
    } else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      if (++depth > max) return true;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) {
      depth--;
    }
  }
  return false;
}
