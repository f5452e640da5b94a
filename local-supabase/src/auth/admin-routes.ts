/** The admin API (service role): list, create, get, update and delete users, and generate links. */
import { AuthError, errors } from './errors.ts';
import { obj, readJson, sendJson, str } from './http.ts';
import { resolveRedirect } from './redirect.ts';
import { loadUserByEmail, loadUserById, userJson } from './users.ts';
import { type AuthCore, EMAIL_PATTERN, type Route, type RouteEntry, type TokenKind, UUID_PATTERN, parseGoDuration } from './core.ts';

export function adminRoutes(core: AuthCore): RouteEntry[] {
  const { config, pool, settings, tx, checkPassword, hashPassword, verifyLink, requireAdmin, storeToken, createUser, confirmEmail, mergeMetadata, setPassword, changeEmail, emailTaken, requireEmail, redirectFrom, sendLinkMail } = core;
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


  /**
   * POST /invite (service role): creates the user unconfirmed and without a password (or reuses one
   * not yet confirmed) and mails the invite link, as GoTrue does; a confirmed address is 422
   * email_exists. The link verifies as type invite and lands on redirect_to with a session.
   */
  const invite: Route = async (req, res, url) => {
    requireAdmin(req);
    const body = await readJson(req);
    const email = requireEmail(body.email);
    const data = obj(body.data) ?? {};
    const redirectTo = redirectFrom(req, url);
    const user = await tx(async (db) => {
      let user = await loadUserByEmail(db, email, true);
      if (user?.email_confirmed) throw errors.emailExists();
      if (!user) {
        const id = await createUser(db, { email, encryptedPassword: '', userMetadata: data, appMetadata: {}, confirmed: false, invited: true });
        user = await loadUserById(db, id);
      }
      if (!user) throw errors.unexpected('Database error saving new user');
      await sendLinkMail(db, user, 'invite', 'confirmation', 'invite', redirectTo);
      return (await loadUserById(db, user.id)) ?? user;
    });
    sendJson(res, 200, userJson(user));
  };

  return [
    { method: 'POST', pattern: /^\/invite$/, route: invite },
    { method: 'GET', pattern: /^\/admin\/users$/, route: adminListUsers },
    { method: 'POST', pattern: /^\/admin\/users$/, route: adminCreateUser },
    { method: 'GET', pattern: /^\/admin\/users\/([^/]+)$/, route: adminGetUser },
    { method: 'PUT', pattern: /^\/admin\/users\/([^/]+)$/, route: adminUpdateUser },
    { method: 'DELETE', pattern: /^\/admin\/users\/([^/]+)$/, route: adminDeleteUser },
    { method: 'POST', pattern: /^\/admin\/generate_link$/, route: adminGenerateLink },
  ];
}
