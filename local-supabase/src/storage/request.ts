/**
 * Who is calling: the JWT from `Authorization: Bearer`, falling back to the `apikey`
 * header, verified with the project secret. Its `role` and claims drive RLS exactly as
 * storage-api does (it runs its queries as that role with request.jwt.claims set).
 */
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { JwtClaims, ServicePools } from '../context.ts';
import { withRoleTransaction, type RequestIdentity } from '../db/transaction.ts';
import { verifyJwt } from '../jwt.ts';
import { errors, fromDatabaseError } from './errors.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  identity: RequestIdentity;
  /** JWT `sub` (owner_id); undefined for the anon and service keys. */
  sub: string | undefined;
  /** `sub` when it is a UUID (the deprecated uuid `owner` column). */
  ownerUuid: string | null;
}

export function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1];
  }
  const apikey = req.headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : undefined;
}

export function callerFromClaims(claims: JwtClaims, req: IncomingMessage, pathname: string): Caller {
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  if (!API_ROLES.has(role)) throw errors.invalidJwt(`role "${role}" does not exist`);
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : undefined;
  return {
    identity: { role, claims, method: req.method ?? 'GET', path: pathname, headers: lowerCaseHeaders(req) },
    sub,
    ownerUuid: sub && UUID_PATTERN.test(sub) ? sub : null,
  };
}

/** The verified caller, or a storage-api InvalidJWT error. */
export function callerFromRequest(req: IncomingMessage, pathname: string, secret: string): Caller {
  const token = bearerToken(req);
  if (!token) throw errors.invalidJwt('headers must have required property \'authorization\'');
  // storage-api verifies with jsonwebtoken and no clock tolerance.
  const result = verifyJwt(token, secret, undefined, 0);
  if (!result.ok) throw errors.invalidJwt(result.kind === 'expired' ? 'jwt expired' : result.message);
  return callerFromClaims(result.claims, req, pathname);
}

/** Runs `fn` in one transaction as the caller; PostgreSQL errors become storage-api errors. */
export async function asCaller<T>(
  pool: ServicePools,
  caller: Caller,
  options: { readOnly?: boolean },
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  try {
    return await withRoleTransaction(pool.request, caller.identity, { readOnly: options.readOnly, searchPath: ['storage', 'public', 'extensions'] }, fn);
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

export async function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) throw errors.entityTooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req);
  if (body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Body must be a JSON object');
}
