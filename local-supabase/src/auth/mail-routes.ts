/** The mail flows: recovery, resend, OTP / magic link, and the /verify links they carry. */
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { AuthError, errors } from './errors.ts';
import { obj, readJson, sendJson, str } from './http.ts';
import { issueSession, type AuthMethod } from './sessions.ts';
import { loadUserByEmail, loadUserById } from './users.ts';
import { type AuthCore, type Route, type RouteEntry, tokenHash } from './core.ts';

export function mailRoutes(core: AuthCore): RouteEntry[] {
  const { settings, issue, limits, tx, limit, redirectFrom, sessionCtx, checkEmailBudget, sendLinkMail, createUser, confirmEmail, changeEmail, emailTaken, requireEmail } = core;
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


  return [
    { method: 'POST', pattern: /^\/recover$/, route: recover },
    { method: 'POST', pattern: /^\/resend$/, route: resend },
    { method: 'POST', pattern: /^\/otp$/, route: otp },
    { method: 'POST', pattern: /^\/magiclink$/, route: otp },
    { method: 'GET', pattern: /^\/verify$/, route: verifyGet },
    { method: 'POST', pattern: /^\/verify$/, route: verifyPost },
  ];
}
