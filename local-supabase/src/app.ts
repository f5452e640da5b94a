/**
 * The gateway: what Kong / the hosted API gateway does in front of Supabase's
 * services. Routes by path prefix, answers CORS, enforces the apikey check where
 * hosted does, and never lets a handler exception crash the server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BackendContext, Service, ServiceFactory } from './context.ts';
import { answerPreflight, apiKeyOf, applyCorsHeaders, sendJson } from './http.ts';

export type Prefix = '/auth/v1' | '/rest/v1' | '/realtime/v1' | '/functions/v1' | '/storage/v1' | '/mailbox';

export type Services = Partial<Record<Prefix, Service>>;

const PREFIXES: Prefix[] = ['/auth/v1', '/rest/v1', '/realtime/v1', '/functions/v1', '/storage/v1', '/mailbox'];

/**
 * Prefixes behind the gateway's apikey check (hosted: key-auth on these routes). Edge Functions
 * are not among them: the hosted gateway passes requests without a key to the runtime, which
 * applies `verify_jwt` itself; it refuses only a key that is present and unknown.
 */
const KEY_CHECKED: Prefix[] = ['/auth/v1', '/rest/v1', '/realtime/v1', '/storage/v1'];

const SERVICE_MODULES: Array<{ prefix: Exclude<Prefix, '/mailbox'>; module: string; factory: string }> = [
  { prefix: '/auth/v1', module: './auth/index.ts', factory: 'createAuthService' },
  { prefix: '/rest/v1', module: './rest/index.ts', factory: 'createRestService' },
  { prefix: '/realtime/v1', module: './realtime/index.ts', factory: 'createRealtimeService' },
  { prefix: '/functions/v1', module: './functions/index.ts', factory: 'createFunctionsService' },
  { prefix: '/storage/v1', module: './storage/index.ts', factory: 'createStorageService' },
];

/** Stands in for a service whose module is missing or failed to load. */
export function unavailableService(name: string, reason: string): Service {
  return {
    async handle(_req, res) {
      sendJson(res, 503, { message: `The ${name} service is not available in this local backend`, hint: reason });
    },
    upgrade(_req, socket) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    },
    async close() {},
  };
}

/**
 * Imports and builds the five API services. A module that is missing or throws
 * gets a 503 placeholder (logged), so the rest of the backend still runs.
 */
export async function loadServices(ctx: BackendContext): Promise<Services> {
  const services: Services = {};
  await Promise.all(
    SERVICE_MODULES.map(async ({ prefix, module, factory }) => {
      try {
        const mod = (await import(new URL(module, import.meta.url).href)) as Record<string, unknown>;
        const create = mod[factory];
        if (typeof create !== 'function') throw new Error(`${module} does not export ${factory}`);
        services[prefix] = await (create as ServiceFactory)(ctx);
      } catch (error) {
        const reason = (error as Error).message.split('\n')[0] ?? 'unknown error';
        ctx.log(`warning: ${prefix} unavailable (${reason})`);
        services[prefix] = unavailableService(prefix, reason);
      }
    }),
  );
  return services;
}

function splitPrefix(url: string): { prefix: Prefix; rest: string } | undefined {
  for (const prefix of PREFIXES) {
    if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
      const rest = url.slice(prefix.length);
      return { prefix, rest: rest.startsWith('/') ? rest : `/${rest}` };
    }
  }
  return undefined;
}

function pathOnly(rest: string): string {
  const q = rest.indexOf('?');
  return q === -1 ? rest : rest.slice(0, q);
}

/**
 * Paths the hosted gateway serves without a key: GoTrue's open routes (the verify link opened
 * from a mail, OAuth callback and authorize, the JWKS), and storage URLs made to be opened
 * as they are (public objects, signed download URLs).
 */
function isKeyExempt(prefix: Prefix, rest: string, method: string): boolean {
  const p = pathOnly(rest);
  switch (prefix) {
    case '/auth/v1':
      return p === '/verify' || p === '/callback' || p === '/authorize' || p === '/.well-known/jwks.json';
    case '/storage/v1':
      return p.startsWith('/object/public/') || (p.startsWith('/object/sign/') && (method === 'GET' || method === 'HEAD'));
    default:
      return false;
  }
}

function withoutApiKeyParam(rest: string): string {
  const q = rest.indexOf('?');
  if (q === -1) return rest;
  const kept = rest
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair.split('=')[0] !== 'apikey');
  return kept.length > 0 ? `${rest.slice(0, q)}?${kept.join('&')}` : rest.slice(0, q);
}

const NO_API_KEY = { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' };
const INVALID_API_KEY = { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' };

/**
 * The hosted gateway's key check: the `apikey` header or url param must be the project's anon
 * or service_role key itself (a user's JWT is not an API key, and `Authorization` alone is not
 * enough). Returns an error body, or undefined to let the request through. With `optional`,
 * a request without any key passes (Edge Functions).
 */
function checkApiKey(
  config: BackendContext['config'],
  req: IncomingMessage,
  rest: string,
  optional = false,
): { message: string; hint: string } | undefined {
  const key = apiKeyOf(req, rest);
  if (key === undefined) return optional ? undefined : NO_API_KEY;
  return key === config.anonKey || key === config.serviceRoleKey ? undefined : INVALID_API_KEY;
}

export function buildApp(ctx: BackendContext, services: Services): Server {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = req.url ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const route = splitPrefix(url);
    // The mailbox holds working recovery links and codes: no CORS, so other origins
    // open in the developer's browser cannot read it (the CLI's Mailpit sends none either).
    const mailbox = route?.prefix === '/mailbox';
    if (!mailbox) applyCorsHeaders(res);

    // Edge Functions answer their own preflight on hosted (the corsHeaders pattern).
    if (method === 'OPTIONS' && !mailbox && route?.prefix !== '/functions/v1') {
      answerPreflight(req, res);
      return;
    }
    if (!route) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const service = services[route.prefix];
    if (!service) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const keyChecked = KEY_CHECKED.includes(route.prefix) && !isKeyExempt(route.prefix, route.rest, method);
    if (keyChecked || route.prefix === '/functions/v1') {
      const failure = checkApiKey(ctx.config, req, route.rest, !keyChecked);
      if (failure) {
        sendJson(res, 401, failure);
        return;
      }
    }
    // Like Kong's key-auth `hide_credentials`: the key parameter is the gateway's, not the
    // service's (PostgREST would read `apikey=` as a filter). Realtime reads it itself.
    let rest = route.rest;
    if (route.prefix !== '/realtime/v1' && rest.includes('apikey=')) {
      rest = withoutApiKeyParam(rest);
      req.url = `${route.prefix}${rest}`;
    }
    await service.handle(req, res, rest);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      ctx.log(`error: ${req.method ?? ''} ${req.url ?? ''} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) {
        sendJson(res, 500, { message: 'Internal server error' });
      } else {
        res.destroy();
      }
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const route = splitPrefix(req.url ?? '/');
    const service = route ? services[route.prefix] : undefined;
    if (!route || route.prefix !== '/realtime/v1' || !service?.upgrade) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // The realtime WebSocket is behind the same key check (the key rides in the url); the
    // service opens the connection with the key checked here (apiKeyOf) and does not check it again.
    const failure = checkApiKey(ctx.config, req, route.rest);
    if (failure) {
      const body = JSON.stringify(failure);
      socket.end(
        `HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    try {
      service.upgrade(req, socket, head, route.rest);
    } catch (error) {
      ctx.log(`error: websocket upgrade ${req.url ?? ''} failed: ${(error as Error).message}`);
      socket.destroy();
    }
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  return server;
}
