/** Small HTTP helpers for the auth service. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../http.ts';
import { AuthError, errors } from './errors.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export type JsonObject = Record<string, unknown>;

/** Reads a JSON object body (GoTrue limits bodies to 1 MB). An empty body reads as {}. */
export async function readJson(req: IncomingMessage): Promise<JsonObject> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new AuthError(413, 'request_too_large', 'Request body too large');
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  if (jsonDepthExceeds(text)) throw errors.badJson(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw errors.badJson(error instanceof Error ? error.message : String(error));
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) throw errors.badJson('expected a JSON object');
  return parsed as JsonObject;
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const raw = req.headers[name.toLowerCase()];
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * The client IP for rate limits and sessions: the socket peer, or, only when the backend was
 * started with LOCAL_SUPABASE_TRUST_FORWARDED_FOR=1, the first address of `Sb-Forwarded-For`
 * (GoTrue's rate-limit header, which on hosted the gateway sets and clients cannot).
 */
export function clientIp(req: IncomingMessage, trustForwardedFor: boolean): string {
  if (trustForwardedFor) {
    const first = header(req, 'sb-forwarded-for')?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const value = header(req, 'authorization');
  if (!value) return undefined;
  const match = /^bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1]?.trim() || undefined;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function obj(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}
