/**
 * GoTrue-compatible `/auth/v1` service (what supabase/auth v2.18x answers to auth-js 2.119).
 * See README.md in this folder for what is covered and how it maps to GoTrue.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { BackendContext, JwtClaims, Service, ServiceFactory } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { AuthError, OAuthError, errors, sendError } from './errors.ts';
import { bearerToken, clientIp, header, obj, readJson, sendJson, str, type JsonObject } from './http.ts';
import { RateLimiter } from './ratelimit.ts';
import { isRedirectUrlValid, resolveRedirect } from './redirect.ts';
import { inspectAuthSchema, type SchemaInfo } from './schema.ts';
import { RefreshReuseError, issueSession, refreshSession, type AuthMethod, type IssueOptions } from './sessions.ts';
import { renderMail, type MailKind } from './templates.ts';
import { loadUserByEmail, loadUserById, userJson, type Queryable, type User } from './users.ts';

const BCRYPT_COST = 10;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
/** A real hash to compare against for unknown users, so timing does not reveal who exists. */
const DUMMY_HASH = bcrypt.hashSync('local-supabase-dummy-password', BCRYPT_COST);

type Route = (req: IncomingMessage, res: ServerResponse, url: URL, params: string[]) => Promise<void>;

interface Authenticated {
  claims: JwtClaims;
  user: User;
  sessionId: string | undefined;
}

/** hex(sha224(email + otp)): GoTrue's token hash, used in links and stored in the *_token columns. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function jwtFailureDetail(kind: string, message: string): string {
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
function parseGoDuration(value: string): number | undefined {
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

export const createAuthService: ServiceFactory = async (ctx: BackendContext): Promise<Service> => {
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
    return { claims, user, sessionId };
  }

  /** Per-user frequency (SMTP max_frequency) and the instance-wide hourly budget. */
  function checkEmailBudget(ageSeconds: number | null): void {
    if (ageSeconds !== null && ageSeconds < settings.emailMaxFrequency) {
      throw errors.emailTooFrequent(Math.max(1, Math.ceil(settings.emailMaxFrequency - ageSeconds)));
    }
    if (!limits.emailSent.take('instance')) throw errors.emailRateLimited();
  }

  type TokenKind = 'confirmation' | 'recovery' | 'reauthentication' | 'email_change_new' | 'email_change_current';
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

  // ---------------------------------------------------------------- routes

  const health: Route = async (_req, res) => {
    sendJson(res, 200, { version: 'v2.189.0', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
  };

  const settingsRoute: Route = async (_req, res) => {
    const providers = [
      'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google',
      'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'workos', 'twitch',
      'twitter', 'email', 'phone', 'zoom',
    ];
    sendJson(res, 200, {
      external: Object.fromEntries(providers.map((p) => [p, p === 'email'])),
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: !settings.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  };

  const token: Route = async (req, res, url) => {
    const grant = url.searchParams.get('grant_type');
    if (grant === 'password' || grant === 'refresh_token' || grant === 'pkce') limit(limits.token, req);
    if (grant === 'password') {
      const body = await readJson(req);
      const email = str(body.email) ?? '';
      const phone = str(body.phone) ?? '';
      const password = str(body.password) ?? '';
      if (email && phone) throw errors.validation('Only an email address or phone number should be provided on login.');
      if (phone && !email) {
        await bcrypt.compare(password, DUMMY_HASH);
        throw errors.invalidCredentials();
      }
      const session = await tx(async (db) => {
        const user = email ? await loadUserByEmail(db, email.trim()) : undefined;
        if (!user || user.encrypted_password === '') {
          await bcrypt.compare(password, DUMMY_HASH);
          throw errors.invalidCredentials();
        }
        if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned');
        const ok = /^\$2[aby]\$/.test(user.encrypted_password) && (await bcrypt.compare(password, user.encrypted_password));
        if (!ok) throw errors.invalidCredentials();
        if (!user.email_confirmed) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
        return issueSession(db, user.id, 'password', sessionCtx(req), issue);
      });
      sendJson(res, 200, session);
      return;
    }
    if (grant === 'refresh_token') {
      const body = await readJson(req);
      const refresh = str(body.refresh_token);
      if (!refresh) throw new OAuthError(400, 'invalid_request', 'refresh_token required');
      const session = await tx((db) => refreshSession(db, refresh, issue));
      sendJson(res, 200, session);
      return;
    }
    if (grant === 'pkce') {
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  };

  const signup: Route = async (req, res, url) => {
    limit(limits.signups, req);
    const body = await readJson(req);
    if (!settings.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    if (str(body.phone) && !str(body.email)) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    const email = requireEmail(body.email, 'To signup, please provide your email');
    const password = str(body.password) ?? '';
    if (password === '') throw errors.validation('Signup requires a valid password');
    checkPassword(password);
    const data = obj(body.data) ?? {};
    const redirectTo = redirectFrom(req, url);
    const result = await tx(async (db) => {
      const existing = await loadUserByEmail(db, email, true);
      if (existing) {
        if (!settings.enableConfirmations || existing.email_confirmed) {
          if (!settings.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
          // Confirmed user, confirmations on: an obfuscated user so the response leaks nothing.
          return { kind: 'user' as const, value: fakeUser(email, data) };
        }
        // Unconfirmed: refresh password and metadata, then resend the confirmation.
        await setPassword(db, existing.id, password);
        await mergeMetadata(db, existing.id, 'raw_user_meta_data', data);
        checkEmailBudget(existing.confirmation_age);
        await sendLinkMail(db, existing, 'signup', 'confirmation', 'signup', redirectTo);
        const user = await loadUserById(db, existing.id);
        return { kind: 'user' as const, value: userJson(user ?? existing) };
      }
      const id = await createUser(db, {
        email,
        encryptedPassword: await hashPassword(password),
        userMetadata: data,
        appMetadata: {},
        confirmed: !settings.enableConfirmations,
      });
      if (!settings.enableConfirmations) {
        return { kind: 'session' as const, value: await issueSession(db, id, 'password', sessionCtx(req), issue) };
      }
      const user = await loadUserById(db, id);
      if (!user) throw errors.unexpected('Database error saving new user');
      checkEmailBudget(null);
      await sendLinkMail(db, user, 'signup', 'confirmation', 'signup', redirectTo);
      const reloaded = await loadUserById(db, id);
      return { kind: 'user' as const, value: userJson(reloaded ?? user) };
    });
    sendJson(res, 200, result.value);
  };

  function fakeUser(email: string, data: JsonObject): Record<string, unknown> {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    };
  }

  const logout: Route = async (req, res, url) => {
    const scope = url.searchParams.get('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw errors.validation(`Unsupported logout scope "${scope}"`);
    }
    await tx(async (db) => {
      const auth = await requireUser(req, db);
      if (scope === 'global' || !auth.sessionId) {
        await db.query('delete from auth.sessions where user_id = $1', [auth.user.id]);
        await db.query('delete from auth.refresh_tokens where user_id = $1', [auth.user.id]);
      } else if (scope === 'local') {
        await db.query('delete from auth.refresh_tokens where session_id = $1', [auth.sessionId]);
        await db.query('delete from auth.sessions where id = $1', [auth.sessionId]);
      } else {
        await db.query('delete from auth.refresh_tokens where user_id = $1 and session_id is distinct from $2', [auth.user.id, auth.sessionId]);
        await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [auth.user.id, auth.sessionId]);
      }
    });
    res.writeHead(204);
    res.end();
  };

  const getUser: Route = async (req, res) => {
    const auth = await requireUser(req);
    sendJson(res, 200, userJson(auth.user));
  };

  const putUser: Route = async (req, res, url) => {
    const body = await readJson(req);
    const redirectTo = redirectFrom(req, url);
    const result = await tx(async (db) => {
      const auth = await requireUser(req, db, true);
      // After authentication, as GoTrue's middleware order has it.
      limit(limits.user, req);
      const user = auth.user;
      if (body.app_metadata !== undefined && body.app_metadata !== null) {
        throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
      }
      const password = str(body.password);
      if (password !== undefined && password !== '') {
        if (settings.securePasswordChange) await checkReauthentication(db, auth, str(body.nonce));
        checkPassword(password);
        if (await samePassword(user, password)) throw errors.samePassword();
        await setPassword(db, user.id, password);
        // Other sessions end when the password changes (models.User.UpdatePassword).
        if (auth.sessionId) {
          await db.query('delete from auth.refresh_tokens where user_id = $1 and session_id is distinct from $2', [user.id, auth.sessionId]);
          await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, auth.sessionId]);
        }
      }
      const data = obj(body.data);
      if (data) {
        await mergeMetadata(db, user.id, 'raw_user_meta_data', data);
        await db.query(
          `update auth.identities set identity_data = identity_data || $2::jsonb where user_id = $1 and provider = 'email'`,
          [user.id, JSON.stringify(Object.fromEntries(Object.entries(data).filter(([k, v]) => v !== null && !['sub', 'email', 'email_verified', 'phone_verified'].includes(k))))],
        );
      }
      const email = str(body.email)?.trim().toLowerCase();
      if (email && email !== user.email.toLowerCase()) {
        if (!EMAIL_PATTERN.test(email)) throw errors.validation('Unable to validate email address: invalid format');
        if (await emailTaken(db, email, user.id)) throw errors.emailExists();
        if (!settings.enableConfirmations) {
          await changeEmail(db, user.id, email);
        } else {
          checkEmailBudget(user.email_change_age);
          await db.query(`update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`, [user.id, email]);
          await sendLinkMail(db, user, 'email_change_current', 'email_change_current', 'email_change', redirectTo, user.email, email);
          await sendLinkMail(db, user, 'email_change_new', 'email_change_new', 'email_change', redirectTo, email);
        }
      }
      const reloaded = await loadUserById(db, user.id);
      return userJson(reloaded ?? user);
    });
    sendJson(res, 200, result);
  };

  async function checkReauthentication(db: Queryable, auth: Authenticated, nonce: string | undefined): Promise<void> {
    // Required only when this session was not refreshed or created in the last 24 h (GoTrue's rule).
    if (auth.sessionId) {
      const { rows } = await db.query<{ recent: boolean }>(
        `select coalesce(refreshed_at at time zone 'UTC', created_at) > now() - interval '24 hours' as recent from auth.sessions where id = $1`,
        [auth.sessionId],
      );
      if (rows[0]?.recent && !nonce) return;
    }
    if (!nonce) throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    const valid =
      auth.user.reauthentication_token !== '' &&
      auth.user.reauthentication_token === tokenHash(auth.user.email, nonce) &&
      auth.user.reauthentication_age !== null &&
      auth.user.reauthentication_age <= settings.otpExpiry;
    if (!valid) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
    await db.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [auth.user.id]);
  }

  const reauthenticate: Route = async (req, res) => {
    await tx(async (db) => {
      const auth = await requireUser(req, db, true);
      if (!auth.user.email) throw errors.validation('Reauthentication requires the user to have an email or a phone number');
      checkEmailBudget(auth.user.reauthentication_age);
      await sendLinkMail(db, auth.user, 'reauthentication', 'reauthentication', 'reauthentication', settings.siteUrl);
    });
    sendJson(res, 200, {});
  };

  const recover: Route = async (req, res, url) => {
    limit(limits.recover, req);
    const body = await readJson(req);
    const email = requireEmail(body.email, 'Password recovery requires an email');
    const redirectTo = redirectFrom(req, url);
    await tx(async (db) => {
      const user = await loadUserByEmail(db, email, true);
      if (!user) return; // 200 {} for unknown addresses too.
      checkEmailBudget(user.recovery_age);
      await sendLinkMail(db, user, 'recovery', 'recovery', 'recovery', redirectTo);
    });
    sendJson(res, 200, {});
  };

  const resend: Route = async (req, res, url) => {
    limit(limits.resend, req);
    const body = await readJson(req);
    const type = str(body.type);
    if (type !== 'signup' && type !== 'email_change') {
      throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
    }
    const email = requireEmail(body.email);
    const redirectTo = redirectFrom(req, url, str(obj(body.options)?.email_redirect_to));
    await tx(async (db) => {
      if (type === 'signup') {
        const user = await loadUserByEmail(db, email, true);
        if (!user || user.email_confirmed) return;
        checkEmailBudget(user.confirmation_age);
        await sendLinkMail(db, user, 'signup', 'confirmation', 'signup', redirectTo);
        return;
      }
      const { rows } = await db.query<{ id: string }>(`select id from auth.users where lower(email_change) = lower($1) limit 1`, [email]);
      const user = rows[0] ? await loadUserById(db, rows[0].id, true) : undefined;
      if (!user) return;
      checkEmailBudget(user.email_change_age);
      await sendLinkMail(db, user, 'email_change_current', 'email_change_current', 'email_change', redirectTo, user.email, user.email_change);
      await sendLinkMail(db, user, 'email_change_new', 'email_change_new', 'email_change', redirectTo, user.email_change);
    });
    sendJson(res, 200, {});
  };

  const otp: Route = async (req, res, url) => {
    limit(url.pathname.endsWith('/magiclink') ? limits.magicLink : limits.otp, req);
    const body = await readJson(req);
    if (str(body.phone) && !str(body.email)) throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    const email = requireEmail(body.email);
    const createIfMissing = body.create_user !== false;
    const data = obj(body.data) ?? {};
    const redirectTo = redirectFrom(req, url);
    await tx(async (db) => {
      let user = await loadUserByEmail(db, email, true);
      if (!user) {
        if (!createIfMissing || !settings.enableSignup) throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
        const id = await createUser(db, { email, encryptedPassword: '', userMetadata: data, appMetadata: {}, confirmed: false });
        user = await loadUserById(db, id);
        if (!user) throw errors.unexpected('Database error saving new user');
      }
      if (!user.email_confirmed) {
        checkEmailBudget(user.confirmation_age);
        await sendLinkMail(db, user, 'signup', 'confirmation', 'signup', redirectTo);
      } else {
        checkEmailBudget(user.recovery_age);
        await sendLinkMail(db, user, 'magiclink', 'recovery', 'magiclink', redirectTo);
      }
    });
    sendJson(res, 200, {});
  };

  type VerifyType = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change' | 'email';
  const VERIFY_TYPES = new Set<VerifyType>(['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'email']);

  /** Finds the user a token belongs to and applies the verification; returns the session. */
  async function verifyToken(
    db: pg.PoolClient,
    req: IncomingMessage,
    type: VerifyType,
    lookup: { hash: string } | { email: string; otp: string },
  ): Promise<{ session?: Record<string, unknown>; message?: string }> {
    const candidates: { column: string; age: string; kind: VerifyType; emailColumn: string }[] = [];
    const add = (column: string, age: string, kind: VerifyType, emailColumn = 'email') => candidates.push({ column, age, kind, emailColumn });
    if (type === 'signup' || type === 'invite' || type === 'email') add('confirmation_token', 'confirmation_sent_at', type === 'email' ? 'signup' : type);
    if (type === 'recovery' || type === 'magiclink' || type === 'email') add('recovery_token', 'recovery_sent_at', type === 'email' ? 'magiclink' : type);
    if (type === 'email_change') {
      add('email_change_token_current', 'email_change_sent_at', 'email_change');
      add('email_change_token_new', 'email_change_sent_at', 'email_change', 'email_change');
    }
    for (const c of candidates) {
      let found: { id: string; fresh: boolean } | undefined;
      if ('hash' in lookup) {
        const { rows } = await db.query<{ id: string; fresh: boolean }>(
          `select id, (${c.age} is not null and ${c.age} > now() - make_interval(secs => $2)) as fresh
             from auth.users where ${c.column} = $1 and ${c.column} <> '' limit 1 for update`,
          [lookup.hash, settings.otpExpiry],
        );
        found = rows[0];
      } else {
        const { rows } = await db.query<{ id: string; fresh: boolean }>(
          `select id, (${c.age} is not null and ${c.age} > now() - make_interval(secs => $3)) as fresh
             from auth.users where lower(${c.emailColumn}) = lower($1) and ${c.column} = $2 and ${c.column} <> '' limit 1 for update`,
          [lookup.email, tokenHash(lookup.email.toLowerCase(), lookup.otp), settings.otpExpiry],
        );
        found = rows[0];
      }
      if (!found) continue;
      if (!found.fresh) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      const user = await loadUserById(db, found.id, true);
      if (!user) continue;
      if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned');
      let method: AuthMethod;
      switch (c.kind) {
        case 'signup':
        case 'invite':
          await confirmEmail(db, user.id);
          method = c.kind === 'invite' ? 'invite' : 'email/signup';
          break;
        case 'recovery':
        case 'magiclink':
          await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
          await confirmEmail(db, user.id);
          method = c.kind === 'recovery' ? 'recovery' : 'magiclink';
          break;
        default: {
          // Secure email change: both links must be followed (email_change_confirm_status 0 → 1 → done).
          await db.query(`update auth.users set ${c.column} = '' where id = $1`, [user.id]);
          const bothNeeded = user.email_change_token_current !== '' && user.email_change_token_new !== '';
          if (bothNeeded && user.email_change_confirm_status === 0) {
            await db.query(`update auth.users set email_change_confirm_status = 1 where id = $1`, [user.id]);
            return { message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
          }
          if (!user.email_change) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
          if (await emailTaken(db, user.email_change, user.id)) throw errors.emailExists();
          await changeEmail(db, user.id, user.email_change);
          method = 'email_change';
        }
      }
      return { session: await issueSession(db, user.id, method, sessionCtx(req), issue) };
    }
    throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  }

  const verifyGet: Route = async (req, res, url) => {
    const redirectTo = redirectFrom(req, url);
    const type = url.searchParams.get('type') ?? '';
    const tokenParam = url.searchParams.get('token') ?? '';
    const fail = (error: AuthError) => {
      const q = new URLSearchParams({
        error: error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request',
        error_code: error.code,
        error_description: error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
        sb: '',
      });
      res.writeHead(303, { Location: `${redirectTo.split('#')[0]}#${q.toString()}` });
      res.end();
    };
    limit(limits.verify, req);
    if (!VERIFY_TYPES.has(type as VerifyType) || type === 'email' || tokenParam === '') {
      fail(new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'));
      return;
    }
    let outcome: { session?: Record<string, unknown>; message?: string };
    try {
      outcome = await tx((db) => verifyToken(db, req, type as VerifyType, { hash: tokenParam }));
    } catch (error) {
      if (error instanceof AuthError) {
        fail(error);
        return;
      }
      throw error;
    }
    const base = redirectTo.split('#')[0] ?? redirectTo;
    if (outcome.message) {
      const q = new URLSearchParams({ message: outcome.message, sb: '' });
      res.writeHead(303, { Location: `${base}#${q.toString()}` });
      res.end();
      return;
    }
    const s = outcome.session ?? {};
    const q = new URLSearchParams();
    q.set('access_token', String(s.access_token));
    q.set('expires_at', String(s.expires_at));
    q.set('expires_in', String(s.expires_in));
    q.set('refresh_token', String(s.refresh_token));
    q.set('sb', '');
    q.set('token_type', 'bearer');
    q.set('type', type);
    res.writeHead(303, { Location: `${base}#${q.toString()}` });
    res.end();
  };

  const verifyPost: Route = async (req, res) => {
    limit(limits.verify, req);
    const body = await readJson(req);
    const type = str(body.type) ?? '';
    if (!VERIFY_TYPES.has(type as VerifyType)) {
      if (type === 'sms' || type === 'phone_change') throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
      throw errors.validation('Verify requires a verification type');
    }
    const tokenHashParam = str(body.token_hash);
    const otpParam = str(body.token);
    const email = str(body.email);
    let lookup: { hash: string } | { email: string; otp: string };
    if (tokenHashParam) lookup = { hash: tokenHashParam };
    else if (otpParam && email) lookup = { email: email.trim().toLowerCase(), otp: otpParam.trim() };
    else throw errors.validation('Verify requires either a token or a token hash');
    const outcome = await tx((db) => verifyToken(db, req, type as VerifyType, lookup));
    if (outcome.message) {
      sendJson(res, 200, { msg: outcome.message, code: 200 });
      return;
    }
    sendJson(res, 200, outcome.session);
  };

  // ---------------------------------------------------------------- admin

  function banDuration(value: unknown): number | null | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    if (value === 'none') return null;
    const ms = typeof value === 'string' ? parseGoDuration(value) : undefined;
    if (ms === undefined) throw errors.validation('invalid format for ban duration: time: invalid duration ' + JSON.stringify(value));
    return ms;
  }

  const adminListUsers: Route = async (req, res, url) => {
    requireAdmin(req);
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    const perPage = Math.max(1, Number.parseInt(url.searchParams.get('per_page') ?? '50', 10) || 50);
    const total = await pool.query<{ n: string }>(`select count(*)::text as n from auth.users where aud = 'authenticated' or aud is null`);
    const count = Number(total.rows[0]?.n ?? 0);
    const ids = await pool.query<{ id: string }>(
      `select id from auth.users where aud = 'authenticated' or aud is null order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const users: Record<string, unknown>[] = [];
    for (const row of ids.rows) {
      const user = await loadUserById(pool, row.id);
      if (user) users.push(userJson(user));
    }
    const last = Math.ceil(count / perPage);
    const base = `${config.apiUrl}/auth/v1/admin/users`;
    const links: string[] = [];
    if (page + 1 <= last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
    sendJson(res, 200, { users, aud: 'authenticated' }, { 'X-Total-Count': String(count), Link: links.join(', ') });
  };

  const adminCreateUser: Route = async (req, res) => {
    requireAdmin(req);
    const body = await readJson(req);
    const email = str(body.email) ? requireEmail(body.email) : '';
    if (!email) {
      if (str(body.phone)) throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
      throw errors.validation('Unable to validate email address: invalid format');
    }
    const password = str(body.password);
    const passwordHash = str(body.password_hash);
    if (password !== undefined) checkPassword(password);
    if (passwordHash !== undefined && !/^\$2[aby]\$\d\d\$/.test(passwordHash)) {
      throw errors.validation('Invalid password hash format: only bcrypt hashes are supported locally');
    }
    const id = str(body.id);
    if (id !== undefined && !UUID_PATTERN.test(id)) throw errors.validation('Invalid user id');
    const ban = banDuration(body.ban_duration);
    const user = await tx(async (db) => {
      if (await emailTaken(db, email)) throw errors.emailExists();
      const newId = await createUser(db, {
        id,
        email,
        encryptedPassword: passwordHash ?? (password ? await hashPassword(password) : ''),
        userMetadata: obj(body.user_metadata) ?? {},
        appMetadata: obj(body.app_metadata) ?? {},
        role: str(body.role),
        confirmed: body.email_confirm === true,
        bannedUntilMs: ban ?? undefined,
      });
      return loadUserById(db, newId);
    });
    if (!user) throw errors.unexpected('Database error creating user');
    sendJson(res, 200, userJson(user));
  };

  const adminGetUser: Route = async (req, res, _url, params) => {
    requireAdmin(req);
    const user = await loadUserById(pool, params[0] ?? '');
    if (!user) throw errors.userNotFound();
    sendJson(res, 200, userJson(user));
  };

  const adminUpdateUser: Route = async (req, res, _url, params) => {
    requireAdmin(req);
    const body = await readJson(req);
    const ban = banDuration(body.ban_duration);
    const user = await tx(async (db) => {
      const current = await loadUserById(db, params[0] ?? '', true);
      if (!current) throw errors.userNotFound();
      const role = str(body.role);
      if (role) await db.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [current.id, role]);
      const email = str(body.email)?.trim().toLowerCase();
      if (email && email !== current.email) {
        if (!EMAIL_PATTERN.test(email)) throw errors.validation('Unable to validate email address: invalid format');
        if (await emailTaken(db, email, current.id)) throw errors.emailExists();
        await changeEmail(db, current.id, email);
        if (body.email_confirm !== true) await db.query(`update auth.users set email_confirmed_at = $2 where id = $1`, [current.id, current.email_confirmed_at]);
      }
      const password = str(body.password);
      if (password !== undefined) {
        checkPassword(password);
        await setPassword(db, current.id, password);
      }
      if (body.email_confirm === true) await confirmEmail(db, current.id);
      const userMetadata = obj(body.user_metadata);
      if (userMetadata) await mergeMetadata(db, current.id, 'raw_user_meta_data', userMetadata);
      const appMetadata = obj(body.app_metadata);
      if (appMetadata) await mergeMetadata(db, current.id, 'raw_app_meta_data', appMetadata);
      if (ban !== undefined) {
        await db.query(`update auth.users set banned_until = $2::timestamptz, updated_at = now() where id = $1`, [
          current.id,
          ban === null ? null : new Date(Date.now() + ban).toISOString(),
        ]);
      }
      return loadUserById(db, current.id);
    });
    if (!user) throw errors.userNotFound();
    sendJson(res, 200, userJson(user));
  };

  const adminDeleteUser: Route = async (req, res, _url, params) => {
    requireAdmin(req);
    const body = await readJson(req);
    await tx(async (db) => {
      const user = await loadUserById(db, params[0] ?? '', true);
      if (!user) throw errors.userNotFound();
      if (body.should_soft_delete === true) {
        await db.query('delete from auth.sessions where user_id = $1', [user.id]);
        await db.query('delete from auth.refresh_tokens where user_id = $1', [user.id]);
        await db.query('delete from auth.identities where user_id = $1', [user.id]);
        await db.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
                  raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [user.id],
        );
      } else {
        await db.query('delete from auth.refresh_tokens where user_id = $1', [user.id]);
        await db.query('delete from auth.users where id = $1', [user.id]);
      }
    });
    sendJson(res, 200, {});
  };

  const adminGenerateLink: Route = async (req, res, url) => {
    requireAdmin(req);
    const body = await readJson(req);
    const type = str(body.type) ?? '';
    const email = requireEmail(body.email);
    const redirectTo = resolveRedirect(req, settings.siteUrl, settings.additionalRedirectUrls, str(body.redirect_to) ?? url.searchParams.get('redirect_to') ?? undefined);
    const data = obj(body.data) ?? {};
    const result = await tx(async (db) => {
      let user = await loadUserByEmail(db, email, true);
      let tokenKind: TokenKind;
      let verificationType: string;
      let tokenEmail = email;
      switch (type) {
        case 'signup': {
          const password = str(body.password) ?? '';
          if (!password) throw errors.validation('Signup requires a valid password');
          checkPassword(password);
          if (user?.email_confirmed) throw errors.emailExists();
          if (!user) {
            const id = await createUser(db, { email, encryptedPassword: await hashPassword(password), userMetadata: data, appMetadata: {}, confirmed: false });
            user = await loadUserById(db, id);
          }
          tokenKind = 'confirmation';
          verificationType = 'signup';
          break;
        }
        case 'invite': {
          if (user?.email_confirmed) throw errors.emailExists();
          if (!user) {
            const id = await createUser(db, { email, encryptedPassword: '', userMetadata: data, appMetadata: {}, confirmed: false, invited: true });
            user = await loadUserById(db, id);
          }
          tokenKind = 'confirmation';
          verificationType = 'invite';
          break;
        }
        case 'magiclink':
        case 'recovery':
          if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
          tokenKind = 'recovery';
          verificationType = type;
          break;
        case 'email_change_current':
        case 'email_change_new': {
          if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
          const newEmail = str(body.new_email) ? requireEmail(body.new_email) : '';
          if (!newEmail) throw errors.validation('The new email address provided is invalid');
          if (await emailTaken(db, newEmail, user.id)) throw errors.emailExists();
          await db.query(`update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`, [user.id, newEmail]);
          tokenKind = type;
          verificationType = 'email_change';
          if (type === 'email_change_new') tokenEmail = newEmail;
          break;
        }
        default:
          throw errors.validation('Invalid email action link type requested: ' + type);
      }
      if (!user) throw errors.unexpected('Database error saving new user');
      const { otp: code, hash } = await storeToken(db, user.id, tokenEmail, tokenKind);
      const reloaded = (await loadUserById(db, user.id)) ?? user;
      return {
        ...userJson(reloaded),
        action_link: verifyLink(hash, verificationType, redirectTo),
        email_otp: code,
        hashed_token: hash,
        verification_type: verificationType,
        redirect_to: redirectTo,
      };
    });
    sendJson(res, 200, result);
  };

  // ---------------------------------------------------------------- routing

  const routes: { method: string; pattern: RegExp; route: Route }[] = [
    { method: 'GET', pattern: /^\/health$/, route: health },
    { method: 'GET', pattern: /^\/settings$/, route: settingsRoute },
    // Only the symmetric (HS256) secret signs here, and GoTrue never publishes that one.
    { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, route: async (_req, res) => sendJson(res, 200, { keys: [] }) },
    { method: 'POST', pattern: /^\/token$/, route: token },
    { method: 'POST', pattern: /^\/signup$/, route: signup },
    { method: 'POST', pattern: /^\/logout$/, route: logout },
    { method: 'GET', pattern: /^\/user$/, route: getUser },
    { method: 'PUT', pattern: /^\/user$/, route: putUser },
    { method: 'GET', pattern: /^\/reauthenticate$/, route: reauthenticate },
    { method: 'POST', pattern: /^\/recover$/, route: recover },
    { method: 'POST', pattern: /^\/resend$/, route: resend },
    { method: 'POST', pattern: /^\/otp$/, route: otp },
    { method: 'POST', pattern: /^\/magiclink$/, route: otp },
    { method: 'GET', pattern: /^\/verify$/, route: verifyGet },
    { method: 'POST', pattern: /^\/verify$/, route: verifyPost },
    { method: 'GET', pattern: /^\/admin\/users$/, route: adminListUsers },
    { method: 'POST', pattern: /^\/admin\/users$/, route: adminCreateUser },
    { method: 'GET', pattern: /^\/admin\/users\/([^/]+)$/, route: adminGetUser },
    { method: 'PUT', pattern: /^\/admin\/users\/([^/]+)$/, route: adminUpdateUser },
    { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)$/, route: adminDeleteUser },
    { method: 'POST', pattern: /^\/admin\/generate_link$/, route: adminGenerateLink },
  ];

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(path, 'http://auth.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    try {
      let pathMatched = false;
      for (const r of routes) {
        const match = r.pattern.exec(pathname);
        if (!match) continue;
        pathMatched = true;
        if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) continue;
        await r.route(req, res, url, match.slice(1).map((p) => decodeURIComponent(p)));
        return;
      }
      if (pathMatched) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
      throw errors.notFound();
    } catch (error) {
      if (res.headersSent) {
        res.end();
        return;
      }
      if (error instanceof AuthError || error instanceof OAuthError) {
        sendError(req, res, error);
        return;
      }
      ctx.log(`auth: unexpected error on ${method} ${pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      sendError(req, res, errors.unexpected('Unexpected failure, please check server logs for more information'));
    }
  }

  return {
    handle,
    async close() {},
  };
};

// Re-exported for the README's claims about redirect rules; also handy for callers that validate URLs.
export { isRedirectUrlValid };
