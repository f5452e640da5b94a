/** The session endpoints: health, settings, /token (password and refresh grants) and /logout. */
import bcrypt from 'bcryptjs';
import { AuthError, OAuthError, errors } from './errors.ts';
import { readJson, sendJson, str } from './http.ts';
import { issueSession, refreshSession } from './sessions.ts';
import { loadUserByEmail } from './users.ts';
import { type AuthCore, DUMMY_HASH, type Route, type RouteEntry } from './core.ts';

export function sessionRoutes(core: AuthCore): RouteEntry[] {
  const { settings, issue, limits, tx, limit, sessionCtx, requireUser } = core;
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


  return [
    { method: 'GET', pattern: /^\/health$/, route: health },
    { method: 'GET', pattern: /^\/settings$/, route: settingsRoute },
    { method: 'POST', pattern: /^\/token$/, route: token },
    { method: 'POST', pattern: /^\/logout$/, route: logout },
  ];
}
