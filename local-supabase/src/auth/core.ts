/**
 * The core of the local GoTrue: shared constants, types and helpers (see auth/README.md).
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { BackendContext, JwtClaims } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { AuthError, errors } from './errors.ts';
import { bearerToken, clientIp, header, str, type JsonObject } from './http.ts';
import { RateLimiter } from './ratelimit.ts';
import { resolveRedirect } from './redirect.ts';
import { inspectAuthSchema, type SchemaInfo } from './schema.ts';
import { RefreshReuseError, type IssueOptions } from './sessions.ts';
import { renderMail, type MailKind } from './templates.ts';
import { loadUserById, type Queryable, type User } from './users.ts';

export const BCRYPT_COST = 10;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
/** A real hash to compare against for unknown users, so timing does not reveal who exists. */
export const DUMMY_HASH = bcrypt.hashSync('local-supabase-dummy-password', BCRYPT_COST);

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[]) => Promise<void>;

export interface Authenticated {
  claims: JwtClaims;
  user: User;
  sessionId: string | undefined;
}

/** hex(sha224(email + otp)): GoTrue's token hash, used in links and stored in the *_token columns. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function jwtFailureDetail(kind: string, message: string): string {
  switch (kind) {
    case 'expired':
      return 'token has invalid claims: token is expired';
    case 'not_yet_valid':
      return `token has invalid claims: ${message}`;
    case 'signature':
      return 'token signature is invalid: signature is invalid';
    default:
      return `token is malformed: ${message}`;
  }
}

/** Parses a Go duration such as "24h", "1h30m", "90s", "500ms" into milliseconds. */
export function parseGoDuration(value: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let consumed = 0;
  for (const match of value.matchAll(re)) {
    total += Number(match[1]) * (units[match[2] ?? ''] ?? 0);
    consumed += match[0].length;
  }
  return consumed === value.length && consumed > 0 ? total : undefined;
}


export type TokenKind = 'confirmation' | 'recovery' | 'reauthentication' | 'email_change_new' | 'email_change_current';

/** One route of the auth API, matched on method and path. */
export interface RouteEntry {
  method: string;
  pattern: RegExp;
  route: Route;
}

/**
 * What the auth routes share (helpers only core.ts uses stay inside): settings, the pool, the rate limiters, transactions and the user,
 * token and mail helpers. Built once per backend; the route modules take it as their argument.
 */
export async function createAuthCore(ctx: BackendContext) {
  const { config, pool, mailbox } = ctx;
  const settings = config.auth;
  const schema: SchemaInfo = await inspectAuthSchema(pool);
  const issue: IssueOptions = { issuer: `${config.apiUrl}/auth/v1`, secret: config.jwtSecret, settings };
  // GoTrue's limiters (apilimiter.New): one bucket for every /token grant; one per endpoint,
  // all at sign_in_sign_ups (RATE_LIMIT_OTP), for sign-up, otp, magic link, recover, resend
  // and PUT /user; one for /verify.
  const perOtpEndpoint = () => new RateLimiter(settings.rateLimits.signInSignUps, 300);
  const limits = {
    token: new RateLimiter(settings.rateLimits.tokenRefresh, 300),
    signups: perOtpEndpoint(),
    otp: perOtpEndpoint(),
    magicLink: perOtpEndpoint(),
    recover: perOtpEndpoint(),
    resend: perOtpEndpoint(),
    user: perOtpEndpoint(),
    verify: new RateLimiter(settings.rateLimits.tokenVerifications, 300),
    emailSent: new RateLimiter(settings.rateLimits.emailSent, 3600, settings.rateLimits.emailSent),
  };

  // ---------------------------------------------------------------- helpers

  async function tx<T>(fn: (db: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      try {
        const value = await fn(client);
        await client.query('commit');
        return value;
      } catch (error) {
        if (error instanceof RefreshReuseError) {
          // The family revocation must stick although the request fails.
          await client.query('commit');
          throw error.authError;
        }
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      }
    } finally {
      client.release(broken);
    }
  }

  function limit(limiter: RateLimiter, req: IncomingMessage): void {
    if (!limiter.take(clientIp(req, settings.trustForwardedFor))) throw errors.rateLimited();
  }

  /**
   * GoTrue's checkPasswordStrength: length in bytes against minimum_password_length ("length"),
   * then one character of each required set ("characters"); the messages joined by a space.
   */
  function checkPassword(password: string): void {
    const messages: string[] = [];
    const reasons: string[] = [];
    if (Buffer.byteLength(password) < settings.minimumPasswordLength) {
      messages.push(`Password should be at least ${settings.minimumPasswordLength} characters.`);
      reasons.push('length');
    }
    const sets = settings.passwordRequiredCharacters;
    if (sets.some((set) => ![...set].some((ch) => password.includes(ch)))) {
      messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
      reasons.push('characters');
    }
    if (reasons.length > 0) throw errors.weakPassword(messages.join(' '), reasons);
  }

  // bcryptjs writes the $2b$ prefix; Go's bcrypt (GoTrue) writes $2a$ for the identical algorithm.
  const hashPassword = async (password: string) => `$2a$${(await bcrypt.hash(password, BCRYPT_COST)).slice(4)}`;

  function redirectFrom(req: IncomingMessage, url: URL, given?: string): string {
    return resolveRedirect(req, settings.siteUrl, settings.additionalRedirectUrls, given ?? url.searchParams.get('redirect_to') ?? undefined);
  }

  function verifyLink(hash: string, type: string, redirectTo: string): string {
    const q = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
    return `${config.apiUrl}/auth/v1/verify?${q.toString()}`;
  }

  function sessionCtx(req: IncomingMessage) {
    return { userAgent: header(req, 'user-agent'), ip: clientIp(req, settings.trustForwardedFor) };
  }

  /** The JWT of the request, verified (GoTrue's requireAuthentication). */
  function requireJwt(req: IncomingMessage): JwtClaims {
    const token = bearerToken(req);
    if (!token) throw errors.noAuthorization();
    // GoTrue verifies exp without leeway (golang-jwt); only PostgREST allows clock skew.
    const result = verifyJwt(token, config.jwtSecret, undefined, 0);
    if (!result.ok) throw errors.badJwt(jwtFailureDetail(result.kind, result.message));
    return result.claims;
  }

  function requireAdmin(req: IncomingMessage): JwtClaims {
    const claims = requireJwt(req);
    if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw errors.notAdmin();
    return claims;
  }

  /** /user, /logout, /reauthenticate: valid JWT, existing user, existing session. */
  async function requireUser(req: IncomingMessage, db: Queryable = pool, lock = false): Promise<Authenticated> {
    const claims = requireJwt(req);
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_PATTERN.test(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await loadUserById(db, claims.sub, lock);
    if (!user) throw errors.userNotFoundFromJwt();
    const sessionId = typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : undefined;
    if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
      if (!UUID_PATTERN.test(sessionId)) throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
      if (!rowCount) throw errors.sessionNotFoundFromJwt();
    }
    // GoTrue's requireAuthentication (since v2.195, "reject AT from banned users"): a banned account's
    // access token issued before the ban no longer reaches /user, /logout, /reauthenticate.
    if (user.banned) throw new AuthError(403, 'user_banned', 'User is banned');
    return { claims, user, sessionId };
  }

  /** Per-user frequency (SMTP max_frequency) and the instance-wide hourly budget. */
  function checkEmailBudget(ageSeconds: number | null): void {
    if (ageSeconds !== null && ageSeconds < settings.emailMaxFrequency) {
      throw errors.emailTooFrequent(Math.max(1, Math.ceil(settings.emailMaxFrequency - ageSeconds)));
    }
    if (!limits.emailSent.take('instance')) throw errors.emailRateLimited();
  }

  const TOKEN_COLUMNS: Record<TokenKind, { token: string; sentAt: string }> = {
    confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
    recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
    reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
    email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
    email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  };

  /** Stores a fresh OTP hash for `kind` and returns {otp, hash}. */
  async function storeToken(db: Queryable, userId: string, email: string, kind: TokenKind): Promise<{ otp: string; hash: string }> {
    const otp = newOtp();
    const hash = tokenHash(email, otp);
    const cols = TOKEN_COLUMNS[kind];
    await db.query(`update auth.users set ${cols.token} = $2, ${cols.sentAt} = now(), updated_at = now() where id = $1`, [userId, hash]);
    return { otp, hash };
  }

  async function sendLinkMail(
    db: Queryable,
    user: User,
    mailKind: MailKind,
    tokenKind: TokenKind,
    verificationType: string,
    redirectTo: string,
    to = user.email,
    newEmail?: string,
  ): Promise<void> {
    const { otp, hash } = await storeToken(db, user.id, to, tokenKind);
    const link = mailKind === 'reauthentication' ? undefined : verifyLink(hash, verificationType, redirectTo);
    await mailbox.send(renderMail(mailKind, to, otp, link, newEmail));
  }

  /**
   * Creates a user the way GoTrue does: INSERT with role '' then UPDATE the role, then the
   * email identity; as supabase_auth_admin with search_path auth when that role is usable,
   * so app triggers on auth.users meet hosted conditions. Trigger failures → 500.
   */
  async function createUser(
    db: pg.PoolClient,
    fields: {
      id?: string;
      email: string;
      phone?: string | undefined;
      encryptedPassword: string;
      userMetadata: JsonObject;
      appMetadata: JsonObject;
      role?: string | undefined;
      confirmed: boolean;
      invited?: boolean;
      bannedUntilMs?: number | undefined;
    },
  ): Promise<string> {
    const id = fields.id ?? randomUUID();
    const email = fields.email.toLowerCase();
    await db.query('savepoint create_user');
    try {
      if (schema.authAdminRole) {
        await db.query(`set local role supabase_auth_admin`);
        await db.query(`set local search_path = auth`);
      }
      await db.query(
        `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at, invited_at,
            confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
            phone_change, phone_change_token, reauthentication_token, email_change_confirm_status,
            raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, banned_until, is_sso_user, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', '', nullif($2, ''), nullif($3, ''), $4,
            case when $5 then now() end, case when $6 then now() end,
            '', '', '', '', '', '', '', '', 0,
            $7::jsonb, $8::jsonb, false, now(), now(), $9::timestamptz, false, false)`,
        [
          id,
          email,
          fields.phone ?? '',
          fields.encryptedPassword,
          fields.confirmed,
          fields.invited === true,
          JSON.stringify({ provider: 'email', providers: ['email'], ...fields.appMetadata }),
          JSON.stringify(fields.userMetadata),
          fields.bannedUntilMs ? new Date(Date.now() + fields.bannedUntilMs).toISOString() : null,
        ],
      );
      await db.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [id, fields.role || 'authenticated']);
      if (email) {
        const identityData = {
          ...fields.userMetadata,
          sub: id,
          email,
          email_verified: fields.confirmed,
          phone_verified: false,
        };
        await db.query(
          `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
           values ($1, $2, $3, $4::jsonb, 'email', now(), now(), now())`,
          [randomUUID(), id, id, JSON.stringify(identityData)],
        );
      }
      if (schema.authAdminRole) {
        await db.query(`reset role`);
        await db.query(`set local search_path to default`);
      }
      await db.query('release savepoint create_user');
    } catch (error) {
      await db.query('rollback to savepoint create_user').catch(() => undefined);
      if (error instanceof AuthError) throw error;
      const pgError = error as { code?: string; message?: string; constraint?: string };
      if (pgError.code === '23505' && /email|users_pkey/.test(pgError.constraint ?? '')) throw errors.emailExists();
      ctx.log(`auth: database error saving new user: ${pgError.message ?? String(error)}`);
      throw errors.unexpected('Database error saving new user');
    }
    return id;
  }

  async function confirmEmail(db: Queryable, userId: string): Promise<void> {
    await db.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now() where id = $1`,
      [userId],
    );
    await db.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId],
    );
  }

  async function mergeMetadata(db: Queryable, userId: string, column: 'raw_user_meta_data' | 'raw_app_meta_data', data: JsonObject) {
    // Top-level merge; a null value removes the key (models.User.UpdateUserMetaData).
    const removed = Object.entries(data).filter(([, v]) => v === null).map(([k]) => k);
    const kept = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null));
    await db.query(
      `update auth.users set ${column} = (coalesce(${column}, '{}'::jsonb) || $2::jsonb) - $3::text[], updated_at = now() where id = $1`,
      [userId, JSON.stringify(kept), removed],
    );
  }

  async function setPassword(db: Queryable, userId: string, password: string): Promise<void> {
    await db.query(`update auth.users set encrypted_password = $2, reauthentication_token = '', updated_at = now() where id = $1`, [
      userId,
      await hashPassword(password),
    ]);
  }

  async function samePassword(user: User, password: string): Promise<boolean> {
    return user.encrypted_password !== '' && (await bcrypt.compare(password, user.encrypted_password));
  }

  async function changeEmail(db: Queryable, userId: string, newEmail: string): Promise<void> {
    await db.query(
      `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_token_current = '',
              email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()),
              updated_at = now() where id = $1`,
      [userId, newEmail],
    );
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [userId, newEmail],
    );
  }

  async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `select 1 from auth.users where lower(email) = lower($1) and coalesce(is_sso_user, false) = false and id is distinct from $2::uuid`,
      [email, exceptId ?? null],
    );
    return (rowCount ?? 0) > 0;
  }

  function requireEmail(value: unknown, message = 'An email address is required'): string {
    const email = str(value)?.trim().toLowerCase();
    if (!email) throw errors.validation(message);
    if (!EMAIL_PATTERN.test(email) || email.length > 255) throw errors.validation('Unable to validate email address: invalid format');
    return email;
  }

  return {
    config,
    pool,
    settings,
    issue,
    limits,
    tx,
    limit,
    checkPassword,
    hashPassword,
    redirectFrom,
    verifyLink,
    sessionCtx,
    requireAdmin,
    requireUser,
    checkEmailBudget,
    storeToken,
    sendLinkMail,
    createUser,
    confirmEmail,
    mergeMetadata,
    setPassword,
    samePassword,
    changeEmail,
    emailTaken,
    requireEmail,
  };
}

export type AuthCore = Awaited<ReturnType<typeof createAuthCore>>;
