/**
 * HS256 JSON Web Tokens, as hosted Supabase issues them with the legacy JWT secret.
 * Verification: signature, then exp/nbf/iat. PostgREST allows 30 s of clock skew on those
 * claims (allowedSkewSeconds in its Auth module); GoTrue (golang-jwt without leeway), storage-api
 * (jsonwebtoken) and the edge runtime (jose) allow none, so their callers pass 0.
 */
import crypto from 'node:crypto';
import type { JwtClaims } from './context.ts';

/** PostgREST's allowance on exp/nbf/iat. */
export const POSTGREST_CLOCK_SKEW_SECONDS = 30;

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

export function signJwt(claims: JwtClaims, secret: string): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export type JwtFailure =
  /** PostgREST PGRST301-style: the token is not a well-formed, correctly signed JWT. */
  | { ok: false; kind: 'malformed' | 'signature'; message: string }
  /** PostgREST PGRST303-style: claims are present but not currently valid. */
  | { ok: false; kind: 'expired' | 'not_yet_valid'; message: string };

export type JwtResult = { ok: true; claims: JwtClaims } | JwtFailure;

/**
 * Tokens whose signature and payload were already checked, with their claims, as PostgREST caches them
 * (jwt-cache-max-lifetime): a session's token comes with each of its requests for up to an hour, so the HMAC and the
 * JSON parses are done once per token and secret, not once per request. The time claims (exp, nbf, iat) are checked
 * on every use. Only well-signed tokens enter; the oldest entry leaves first past the bound.
 */
const VERIFIED_LIMIT = 1000;
const verified = new Map<string, { secret: string; claims: JwtClaims }>();

export function verifyJwt(
  token: string,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  skewSeconds = POSTGREST_CLOCK_SKEW_SECONDS,
): JwtResult {
  const known = verified.get(token);
  let claims: JwtClaims;
  if (known !== undefined && known.secret === secret) claims = known.claims;
  else {
    const checked = verifySignedClaims(token, secret);
    if (!checked.ok) return checked;
    claims = checked.claims;
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { secret, claims });
  }
  if (typeof claims.exp === 'number' && nowSeconds - skewSeconds >= claims.exp) {
    return { ok: false, kind: 'expired', message: 'JWT expired' };
  }
  if (typeof claims.nbf === 'number' && nowSeconds + skewSeconds < claims.nbf) {
    return { ok: false, kind: 'not_yet_valid', message: 'JWT not yet valid' };
  }
  if (typeof claims.iat === 'number' && nowSeconds + skewSeconds < claims.iat) {
    return { ok: false, kind: 'not_yet_valid', message: 'JWT issued at future' };
  }
  // A copy: one request's use of its claims never reaches another's.
  return { ok: true, claims: { ...claims } };
}

/** The claims of a well-formed, correctly signed HS256 token (time claims not checked), or why not. */
function verifySignedClaims(token: string, secret: string): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) {
    return { ok: false, kind: 'malformed', message: `Expected 3 parts in JWT; got ${parts.length}` };
  }
  const [header, payload, signature] = parts as [string, string, string];
  let alg: unknown;
  try {
    alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
  } catch {
    return { ok: false, kind: 'malformed', message: 'JWT cryptographic operation failed' };
  }
  if (alg !== 'HS256') {
    return { ok: false, kind: 'signature', message: 'No suitable key or wrong key type' };
  }
  const expected = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, kind: 'signature', message: 'JWT cryptographic operation failed' };
  }
  let claims: JwtClaims;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    claims = parsed as JwtClaims;
  } catch {
    return { ok: false, kind: 'malformed', message: 'JWT cryptographic operation failed' };
  }
  return { ok: true, claims };
}

/** The legacy anon / service_role API keys: long-lived JWTs, shaped like the Supabase CLI's. */
export function makeApiKey(role: 'anon' | 'service_role', secret: string): string {
  return signJwt({ iss: 'supabase-demo', role, exp: 1983812996 }, secret);
}
