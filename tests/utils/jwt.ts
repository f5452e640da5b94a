/**
 * A small HS256 signer for tests that need a token the backend did not issue (expired,
 * foreign role, odd header). Tests never reach into local-supabase's own modules.
 */
import { createHmac, randomUUID } from 'node:crypto';

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A JWT over `claims`, signed with `secret` (HS256 unless `header` says otherwise). */
export function signJwt(claims: Record<string, unknown>, secret: string, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const head = base64url(header);
  const body = base64url(claims);
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** An hour's access token of `userId` as GoTrue would issue it (for benches and tests that create users in SQL). */
export function accessTokenFor(userId: string, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600, session_id: randomUUID() }, secret);
}
