/**
 * Configuration of the local backend: the project's supabase/config.toml (the
 * Supabase CLI's format and defaults) plus LOCAL_SUPABASE_* environment overrides.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import type { BackendConfig, FunctionSettings } from './context.ts';
import { makeApiKey } from './jwt.ts';

/** The repository root (local-supabase/src/ is two levels below it). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The checkout's own instance: `npm start` and `npm run backend` without LOCAL_SUPABASE_DATA_DIR. */
const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.local-supabase');

/** The Supabase CLI's default local JWT secret. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface SeedSettings {
  /** `[db.seed] enabled` (default true). */
  enabled: boolean;
  /** `[db.seed] sql_paths`, relative to the project folder; may hold globs (default ["./seed.sql"]). */
  sqlPaths: string[];
}

export interface LoadedConfig extends BackendConfig {
  seed: SeedSettings;
  /**
   * Whether this backend leaves .env.local (the app's VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY) next to the
   * project folder. Only the checkout's default instance (data in <repo>/.local-supabase) does, so a second
   * backend started for a test or a demo on another port never repoints the dev server of the first.
   * LOCAL_SUPABASE_NO_ENV_FILE=1 never writes it, =0 always does.
   */
  noEnvFile: boolean;
  /** Where the superuser password lives once the cluster is initialised. */
  passwordFile: string;
}

export class ConfigError extends Error {}

type Table = Record<string, unknown>;

function isTable(value: unknown): value is Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function table(parent: Table, key: string): Table {
  const value = parent[key];
  return isTable(value) ? value : {};
}

function str(t: Table, key: string, fallback: string, where: string): string {
  const value = t[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw new ConfigError(`config.toml: ${where}.${key} must be a string`);
  return value;
}

function num(t: Table, key: string, fallback: number, where: string): number {
  const value = t[key];
  if (value === undefined) return fallback;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ConfigError(`config.toml: ${where}.${key} must be a number`);
  }
  return value;
}

/**
 * The character sets `[auth] password_requirements` demands, as the CLI hands them to GoTrue
 * (GOTRUE_PASSWORD_REQUIRED_CHARACTERS): a password must contain one character of each set.
 */
const PASSWORD_REQUIREMENTS: Record<string, string[]> = {
  '': [],
  letters_digits: ['abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  lower_upper_letters_digits_symbols: [
    'abcdefghijklmnopqrstuvwxyz',
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '0123456789',
    "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~",
  ],
};

function passwordRequirements(value: string): string[] {
  const sets = PASSWORD_REQUIREMENTS[value];
  if (!sets) {
    throw new ConfigError(`config.toml: auth.password_requirements must be one of ${Object.keys(PASSWORD_REQUIREMENTS).map((k) => `"${k}"`).join(', ')}`);
  }
  return sets;
}

/**
 * An `[auth.rate_limit]` figure from config.toml, unless LOCAL_SUPABASE_RATE_LIMIT_<KEY> (e.g.
 * LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH) overrides it: test harnesses that sign in hundreds
 * of times from one address raise the limits explicitly instead of the project keeping
 * permissive ones.
 */
function rateLimit(env: NodeJS.ProcessEnv, t: Table, key: string, fallback: number): number {
  const name = `LOCAL_SUPABASE_RATE_LIMIT_${key.toUpperCase()}`;
  const override = env[name];
  if (override !== undefined && override !== '') {
    const value = Number(override);
    if (!Number.isFinite(value) || value < 0) throw new ConfigError(`${name} must be a non-negative number`);
    return value;
  }
  return num(t, key, fallback, 'auth.rate_limit');
}

function bool(t: Table, key: string, fallback: boolean, where: string): boolean {
  const value = t[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ConfigError(`config.toml: ${where}.${key} must be true or false`);
  return value;
}

function strList(t: Table, key: string, fallback: string[], where: string): string[] {
  const value = t[key];
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
    throw new ConfigError(`config.toml: ${where}.${key} must be a list of strings`);
  }
  return value;
}

/** Go-style durations as the CLI accepts them: "1s", "500ms", "1m30s", "2h". Returns seconds. */
export function parseDurationSeconds(value: string | number, where: string): number {
  if (typeof value === 'number') return value;
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
  const pattern = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of value.trim().matchAll(pattern)) {
    total += Number(match[1]) * (units[match[2] ?? 's'] ?? 1);
    consumed += match[0].length;
  }
  if (consumed === 0 || consumed !== value.trim().length) {
    throw new ConfigError(`config.toml: ${where} is not a duration like "1s" or "1m": ${JSON.stringify(value)}`);
  }
  return total;
}

function envPort(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`${name} must be a TCP port number (got ${JSON.stringify(raw)})`);
  }
  return port;
}

function readToml(file: string): Table {
  if (!existsSync(file)) return {};
  try {
    const parsed = parseToml(readFileSync(file, 'utf8'));
    return parsed as Table;
  } catch (error) {
    throw new ConfigError(`${file}: ${(error as Error).message.split('\n')[0]}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LoadedConfig {
  const projectDir = path.resolve(env.LOCAL_SUPABASE_PROJECT_DIR || path.join(REPO_ROOT, 'supabase'));
  const dataDir = path.resolve(env.LOCAL_SUPABASE_DATA_DIR || DEFAULT_DATA_DIR);
  const toml = readToml(path.join(projectDir, 'config.toml'));

  const port = envPort(env, 'LOCAL_SUPABASE_PORT', 54321);
  const dbPort = envPort(env, 'LOCAL_SUPABASE_DB_PORT', port + 1);
  const host = '127.0.0.1';
  const apiUrl = `http://${host}:${port}`;

  const jwtSecret = env.LOCAL_SUPABASE_JWT_SECRET || DEFAULT_JWT_SECRET;
  if (jwtSecret.length < 32) throw new ConfigError('LOCAL_SUPABASE_JWT_SECRET must be at least 32 characters long');

  const apiT = table(toml, 'api');
  const dbT = table(toml, 'db');
  const seedT = table(dbT, 'seed');
  const authT = table(toml, 'auth');
  const emailT = table(authT, 'email');
  const rateT = table(authT, 'rate_limit');
  const functionsT = table(toml, 'functions');

  const functions: Record<string, FunctionSettings> = {};
  for (const [name, value] of Object.entries(functionsT)) {
    if (!isTable(value)) continue;
    functions[name] = { verifyJwt: bool(value, 'verify_jwt', true, `functions.${name}`) };
  }

  let jwtExpiry = num(authT, 'jwt_expiry', 3600, 'auth');
  if (env.LOCAL_SUPABASE_JWT_EXPIRY) {
    jwtExpiry = Number(env.LOCAL_SUPABASE_JWT_EXPIRY);
    if (!Number.isInteger(jwtExpiry) || jwtExpiry <= 0) {
      throw new ConfigError('LOCAL_SUPABASE_JWT_EXPIRY must be a positive number of seconds');
    }
  }

  const maxFrequencyRaw = emailT.max_frequency;
  const emailMaxFrequency =
    typeof maxFrequencyRaw === 'string' || typeof maxFrequencyRaw === 'number'
      ? parseDurationSeconds(maxFrequencyRaw, 'auth.email.max_frequency')
      : 1;

  const passwordFile = path.join(dataDir, 'postgres-password');
  let password = '';
  if (existsSync(passwordFile)) password = readFileSync(passwordFile, 'utf8').trim();
  if (!password) password = randomBytes(18).toString('base64url');

  const database = 'postgres';
  const user = 'postgres';
  // A local secret of its own, derived from the superuser password kept in the data dir:
  // stable across restarts, never equal to it, never printed.
  const authenticatorPassword = createHmac('sha256', password).update('local-supabase authenticator').digest('base64url');
  return {
    host,
    port,
    apiUrl,
    dataDir,
    projectDir,
    jwtSecret,
    anonKey: makeApiKey('anon', jwtSecret),
    serviceRoleKey: makeApiKey('service_role', jwtSecret),
    db: {
      host,
      port: dbPort,
      user,
      password,
      database,
      url: `postgresql://${user}:${encodeURIComponent(password)}@${host}:${dbPort}/${database}`,
      authenticatorPassword,
      authenticatorUrl: `postgresql://authenticator:${encodeURIComponent(authenticatorPassword)}@${host}:${dbPort}/${database}`,
    },
    api: {
      schemas: strList(apiT, 'schemas', ['public', 'graphql_public'], 'api'),
      extraSearchPath: strList(apiT, 'extra_search_path', ['public', 'extensions'], 'api'),
      maxRows: num(apiT, 'max_rows', 1000, 'api'),
      autoExposeNewTables: bool(apiT, 'auto_expose_new_tables', false, 'api'),
    },
    auth: {
      siteUrl: str(authT, 'site_url', 'http://127.0.0.1:3000', 'auth'),
      additionalRedirectUrls: strList(authT, 'additional_redirect_urls', [], 'auth'),
      jwtExpiry,
      enableRefreshTokenRotation: bool(authT, 'enable_refresh_token_rotation', true, 'auth'),
      refreshTokenReuseInterval: num(authT, 'refresh_token_reuse_interval', 10, 'auth'),
      // The CLI has both switches; email sign-ups need both on.
      enableSignup: bool(authT, 'enable_signup', true, 'auth') && bool(emailT, 'enable_signup', true, 'auth.email'),
      enableConfirmations: bool(emailT, 'enable_confirmations', false, 'auth.email'),
      emailMaxFrequency,
      otpExpiry: num(emailT, 'otp_expiry', 3600, 'auth.email'),
      securePasswordChange: bool(emailT, 'secure_password_change', false, 'auth.email'),
      minimumPasswordLength: num(authT, 'minimum_password_length', 6, 'auth'),
      passwordRequiredCharacters: passwordRequirements(str(authT, 'password_requirements', '', 'auth')),
      rateLimits: {
        signInSignUps: rateLimit(env, rateT, 'sign_in_sign_ups', 30),
        tokenRefresh: rateLimit(env, rateT, 'token_refresh', 150),
        tokenVerifications: rateLimit(env, rateT, 'token_verifications', 30),
        emailSent: rateLimit(env, rateT, 'email_sent', 2),
      },
      trustForwardedFor: env.LOCAL_SUPABASE_TRUST_FORWARDED_FOR === '1',
    },
    functions,
    ...(env.LOCAL_SUPABASE_FUNCTIONS_ENV_FILE ? { functionsEnvFile: path.resolve(env.LOCAL_SUPABASE_FUNCTIONS_ENV_FILE) } : {}),
    seed: {
      enabled: bool(seedT, 'enabled', true, 'db.seed'),
      sqlPaths: strList(seedT, 'sql_paths', ['./seed.sql'], 'db.seed'),
    },
    noEnvFile: env.LOCAL_SUPABASE_NO_ENV_FILE === '0' ? false : env.LOCAL_SUPABASE_NO_ENV_FILE === '1' || dataDir !== DEFAULT_DATA_DIR,
    passwordFile,
  };
}
