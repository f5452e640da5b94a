/**
 * Sessions, access tokens and refresh-token rotation, as GoTrue's token.go / models does:
 * one auth.sessions row per sign-in, opaque rotating refresh tokens chained by `parent`,
 * and HS256 access tokens with the AccessTokenClaims shape.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthSettings } from '../context.ts';
import { signJwt } from '../jwt.ts';
import { AuthError } from './errors.ts';
import { loadUserById, userJson, type Queryable, type User } from './users.ts';

export type AuthMethod =
  | 'password'
  | 'otp'
  | 'recovery'
  | 'invite'
  | 'magiclink'
  | 'email/signup'
  | 'email_change'
  | 'token_refresh';

const ALPHANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Opaque refresh token: 12 random lower-case alphanumerics (GoTrue v1 tokens). */
export function newRefreshToken(): string {
  const bytes = randomBytes(12);
  let out = '';
  for (const b of bytes) out += ALPHANUM[b % ALPHANUM.length];
  return out;
}

export interface IssueOptions {
  issuer: string;
  secret: string;
  settings: AuthSettings;
}

export interface SessionContext {
  userAgent: string | undefined;
  ip: string | undefined;
}

async function amrFor(db: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const { rows } = await db.query<{ method: string; ts: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as ts
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Number(r.ts) }));
}

export function accessToken(
  user: User,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  options: IssueOptions,
): { token: string; iat: number; exp: number } {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + options.settings.jwtExpiry;
  const claims = {
    iss: options.issuer,
    sub: user.id,
    aud: user.aud || 'authenticated',
    exp,
    iat,
    email: user.email,
    phone: user.phone,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  return { token: signJwt(claims, options.secret), iat, exp };
}

function sessionJson(user: User, sessionId: string, refreshToken: string, amr: { method: string; timestamp: number }[], options: IssueOptions) {
  const at = accessToken(user, sessionId, amr, options);
  return {
    access_token: at.token,
    token_type: 'bearer',
    expires_in: options.settings.jwtExpiry,
    expires_at: at.exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** A new sign-in: session row, amr claim, first refresh token, last_sign_in_at. Runs in the caller's transaction. */
export async function issueSession(
  db: Queryable,
  userId: string,
  method: AuthMethod,
  ctx: SessionContext,
  options: IssueOptions,
): Promise<Record<string, unknown>> {
  const sessionId = randomUUID();
  const ip = ctx.ip && /^[0-9a-f:.]+$/i.test(ctx.ip) ? ctx.ip.replace(/^::ffff:/, '') : null;
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, userId, ctx.userAgent ?? null, ip],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method)
     values ($1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, method],
  );
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [token, userId, sessionId],
  );
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(
    `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  const user = await loadUserById(db, userId);
  if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error loading user');
  return sessionJson(user, sessionId, token, await amrFor(db, sessionId), options);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  age: number;
}

const refreshError = (code: string, message: string) => new AuthError(400, code, message);

/** The refresh_token grant with rotation and reuse detection (GoTrue RefreshTokenGrant). */
export async function refreshSession(db: Queryable, presented: string, options: IssueOptions): Promise<Record<string, unknown>> {
  const found = await db.query<TokenRow>(
    `select id::text, token, user_id, coalesce(revoked, false) as revoked, parent, session_id,
            extract(epoch from now() - updated_at)::float8 as age
       from auth.refresh_tokens where token = $1 for update`,
    [presented],
  );
  const token = found.rows[0];
  if (!token) throw refreshError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await loadUserById(db, token.user_id, true);
  if (!user) throw refreshError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  if (user.banned) throw refreshError('user_banned', 'Invalid Refresh Token: User Banned');
  if (!token.session_id) throw refreshError('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  const session = await db.query<{ id: string; expired: boolean }>(
    `select id, (not_after is not null and not_after < now()) as expired from auth.sessions where id = $1 for update`,
    [token.session_id],
  );
  const sessionRow = session.rows[0];
  if (!sessionRow) throw refreshError('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  if (sessionRow.expired) throw refreshError('session_expired', 'Invalid Refresh Token: Session Expired');

  let issued: string | undefined;
  if (token.revoked) {
    // A revoked token is honoured only within the reuse interval after it was revoked (a client
    // that lost the answer of its last refresh, or two tabs refreshing at once). After it, even
    // the parent of the active token is refused and the whole family revoked: a token stolen
    // before its owner refreshed must stop working (security review 2026-11-24). GoTrue's code
    // hands the active token back to its parent at any age; see auth/README.md.
    // (With rotation switched off, as in GoTrue, an old token keeps working at any age.)
    if (options.settings.enableRefreshTokenRotation && token.age > options.settings.refreshTokenReuseInterval) {
      await db.query(`update auth.refresh_tokens set revoked = true where session_id = $1 and coalesce(revoked, false) = false`, [
        token.session_id,
      ]);
      throw new RefreshReuseError();
    }
    const active = await db.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens
        where session_id = $1 and coalesce(revoked, false) = false order by id desc limit 1`,
      [token.session_id],
    );
    const current = active.rows[0];
    // The client lost the answer of its last refresh: hand back the active token.
    if (current && current.parent === token.token) issued = current.token;
  }
  if (!issued) {
    await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [token.id]);
    issued = newRefreshToken();
    await db.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [issued, user.id, token.token, token.session_id],
    );
  }
  await db.query(`update auth.sessions set refreshed_at = (now() at time zone 'UTC'), updated_at = now() where id = $1`, [token.session_id]);
  return sessionJson(user, token.session_id, issued, await amrFor(db, token.session_id), options);
}

/**
 * Reuse outside the interval: the family is revoked, and that must be committed even though the
 * request fails, so the caller commits before turning this into the 400.
 */
export class RefreshReuseError extends Error {
  readonly authError = refreshError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
}
