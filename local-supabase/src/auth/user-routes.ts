/** The signed-in user: sign-up, GET/PUT /user (email, password, metadata changes) and reauthentication. */
import { randomUUID } from 'node:crypto';
import { AuthError, errors } from './errors.ts';
import { obj, readJson, sendJson, str, type JsonObject } from './http.ts';
import { issueSession } from './sessions.ts';
import { loadUserByEmail, loadUserById, userJson, type Queryable } from './users.ts';
import { type AuthCore, type Authenticated, EMAIL_PATTERN, type Route, type RouteEntry, tokenHash } from './core.ts';

export function userRoutes(core: AuthCore): RouteEntry[] {
  const { settings, issue, limits, tx, limit, checkPassword, hashPassword, redirectFrom, sessionCtx, requireUser, checkEmailBudget, sendLinkMail, createUser, mergeMetadata, setPassword, samePassword, changeEmail, emailTaken, requireEmail } = core;
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


  return [
    { method: 'POST', pattern: /^\/signup$/, route: signup },
    { method: 'GET', pattern: /^\/user$/, route: getUser },
    { method: 'PUT', pattern: /^\/user$/, route: putUser },
    { method: 'GET', pattern: /^\/reauthenticate$/, route: reauthenticate },
  ];
}
