/**
 * A GoTrue-compatible auth service over the project's database (see auth/README.md), composed of
 * small parts: core.ts (settings, limiters, helpers) and one module per concern of routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BackendContext, Service, ServiceFactory } from '../context.ts';
import { adminRoutes } from './admin-routes.ts';
import { createAuthCore, type RouteEntry } from './core.ts';
import { AuthError, OAuthError, errors, sendError } from './errors.ts';
import { sendJson } from './http.ts';
import { mailRoutes } from './mail-routes.ts';
import { isRedirectUrlValid } from './redirect.ts';
import { sessionRoutes } from './session-routes.ts';
import { userRoutes } from './user-routes.ts';

export { tokenHash } from './core.ts';

export const createAuthService: ServiceFactory = async (ctx: BackendContext): Promise<Service> => {
  const core = await createAuthCore(ctx);
  const routes: RouteEntry[] = [
    ...sessionRoutes(core),
    // Only the symmetric (HS256) secret signs here, and GoTrue never publishes that one.
    { method: 'GET', pattern: /^\/\.well-known\/jwks\.json$/, route: async (_req, res) => sendJson(res, 200, { keys: [] }) },
    ...userRoutes(core),
    ...mailRoutes(core),
    ...adminRoutes(core),
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
