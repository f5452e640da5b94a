/**
 * The contract every service module of the local backend codes against.
 * main.ts builds one BackendContext, app.ts builds the services from it and
 * routes requests to them by path prefix (the role Kong plays on hosted Supabase).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';

export interface ApiSettings {
  /** `[api] schemas`: schemas exposed through /rest/v1 (default ["public", "graphql_public"]). */
  schemas: string[];
  /** `[api] extra_search_path` (default ["public", "extensions"]). */
  extraSearchPath: string[];
  /** `[api] max_rows` (default 1000). */
  maxRows: number;
  /** `[api] auto_expose_new_tables` (default false: new tables need explicit GRANTs). */
  autoExposeNewTables: boolean;
}

/**
 * `[auth.rate_limit]`, keyed as GoTrue keys its limiters (internal/api/apilimiter): token
 * buckets per client IP refilling over 5 minutes (burst 30 in GoTrue).
 */
export interface AuthRateLimits {
  /**
   * `sign_in_sign_ups` (GoTrue's RATE_LIMIT_OTP, default 30): sign-ups, and each of /otp,
   * /magiclink, /recover, /resend and PUT /user, every endpoint with a bucket of its own.
   * Password sign-ins are NOT counted here: they are /token grants.
   */
  signInSignUps: number;
  /**
   * `token_refresh` (RATE_LIMIT_TOKEN_REFRESH, default 150): every /token grant (password
   * sign-in, refresh token, PKCE) shares one bucket.
   */
  tokenRefresh: number;
  /** `token_verifications` (RATE_LIMIT_VERIFY, default 30): GET and POST /verify. */
  tokenVerifications: number;
  /** `email_sent`: emails per hour (whole instance). */
  emailSent: number;
}

export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableRefreshTokenRotation: boolean;
  refreshTokenReuseInterval: number;
  enableSignup: boolean;
  /** `[auth.email] enable_confirmations` (default false: sign-up returns a session). */
  enableConfirmations: boolean;
  /** `[auth.email] max_frequency` in seconds (default 1). */
  emailMaxFrequency: number;
  /** `[auth.email] otp_expiry` in seconds (default 3600). */
  otpExpiry: number;
  /** `[auth.email] secure_password_change` (default false). */
  securePasswordChange: boolean;
  minimumPasswordLength: number;
  /** `[auth] password_requirements` as character sets; a password needs one character of each. */
  passwordRequiredCharacters: string[];
  rateLimits: AuthRateLimits;
  /**
   * LOCAL_SUPABASE_TRUST_FORWARDED_FOR=1: key the IP rate limits by the client's
   * `Sb-Forwarded-For` header (GoTrue's GOTRUE_RATE_LIMIT_HEADER, which on hosted only the
   * gateway sets). Off by default: any client could otherwise pick a fresh address per
   * request and never be limited. Test harnesses turn it on to simulate many devices.
   */
  trustForwardedFor: boolean;
}

export interface FunctionSettings {
  verifyJwt: boolean;
}

export interface DbSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** postgresql://user:password@host:port/database (superuser). */
  url: string;
  /**
   * The password of `authenticator` (LOGIN NOINHERIT, not a superuser), the role the
   * request-serving connections log in as, as PostgREST does on hosted Supabase.
   */
  authenticatorPassword: string;
  /** postgresql://authenticator:password@host:port/database. */
  authenticatorUrl: string;
}

export interface BackendConfig {
  /** Interface the HTTP server binds (127.0.0.1). */
  host: string;
  port: number;
  /** Public base URL, e.g. http://127.0.0.1:54321 (no trailing slash). */
  apiUrl: string;
  dataDir: string;
  /** The Supabase CLI project folder (holds config.toml, migrations/, seed.sql, functions/). */
  projectDir: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  db: DbSettings;
  api: ApiSettings;
  auth: AuthSettings;
  /** `[functions.<name>]` sections; a function without one gets verifyJwt true. */
  functions: Record<string, FunctionSettings>;
  /**
   * The functions' secrets file: `functions/.env` of the project, or LOCAL_SUPABASE_FUNCTIONS_ENV_FILE (the CLI's
   * `supabase functions serve --env-file`), e.g. a test harness's secrets outside the checkout.
   */
  functionsEnvFile?: string;
}

/** A mail that would have been sent; kept in the local mailbox (Inbucket's role). */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailbox {
  send(message: MailMessage): Promise<void>;
}

/** Verified JWT payload (claims as Supabase issues them). */
export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export interface BackendContext {
  config: BackendConfig;
  /**
   * Superuser connections, for the platform's own work only: the auth service's tables,
   * schema-cache catalog reads, bucket lookups. Never for SQL a client request shapes.
   */
  pool: pg.Pool;
  /**
   * Connections logged in as `authenticator` (member of anon, authenticated and
   * service_role, not a superuser): every request-serving transaction (REST, RPC, storage
   * object access) runs here and switches to the caller's role, so nothing executed inside
   * a request (`reset role`, a SECURITY INVOKER function) can reach superuser rights.
   */
  requestPool: pg.Pool;
  mailbox: Mailbox;
  log(message: string): void;
  /** Subscribe to schema changes (NOTIFY pgrst / DDL). Returns an unsubscribe function. */
  onSchemaChange(listener: () => void): () => void;
}

/**
 * A service's two kinds of connection, as storage-api and Realtime hold them on hosted:
 * `admin` (the context's superuser `pool`) for the service's own work, catalog reads and
 * lookups, never SQL a client shapes; `request` (`requestPool`, logged in as `authenticator`)
 * for work done as a caller, switched to the caller's role so RLS applies and nothing run
 * there holds more than that role.
 */
export interface ServicePools {
  admin: pg.Pool;
  request: pg.Pool;
}

/** One hosted Supabase service, mounted under its path prefix by app.ts. */
export interface Service {
  /** `path` is what follows the prefix, starting with '/', including the query string. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
  /** WebSocket upgrades (realtime only). */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void;
  close(): Promise<void>;
}

export type ServiceFactory = (ctx: BackendContext) => Service | Promise<Service>;
