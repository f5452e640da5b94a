import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_JWT_SECRET, REPO_ROOT, loadConfig } from './config.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'local-supabase-config-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function project(toml: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'project-'));
  fs.writeFileSync(path.join(dir, 'config.toml'), toml);
  return dir;
}

describe('loadConfig', () => {
  it("defaults to the CLI's port, a git-ignored data dir and this repository's supabase/ project", () => {
    const config = loadConfig({});
    expect(config.port).toBe(54321);
    expect(config.apiUrl).toBe('http://127.0.0.1:54321');
    expect(config.db.port).toBe(54322);
    expect(config.dataDir).toBe(path.join(REPO_ROOT, '.local-supabase'));
    expect(config.projectDir).toBe(path.join(REPO_ROOT, 'supabase'));
    expect(config.jwtSecret).toBe(DEFAULT_JWT_SECRET);
    expect(fs.readFileSync(path.join(REPO_ROOT, '.gitignore'), 'utf8').split('\n')).toContain('.local-supabase/');
  });

  it("leaves .env.local to the checkout's default instance, so a second backend never repoints the first one's app", () => {
    expect(loadConfig({}).noEnvFile).toBe(false);
    expect(loadConfig({ LOCAL_SUPABASE_PORT: '56150' }).noEnvFile).toBe(false);
    const second = { LOCAL_SUPABASE_PORT: '56150', LOCAL_SUPABASE_DATA_DIR: path.join(tmp, 'second') };
    expect(loadConfig(second).noEnvFile).toBe(true);
    expect(loadConfig({ ...second, LOCAL_SUPABASE_NO_ENV_FILE: '0' }).noEnvFile).toBe(false);
    expect(loadConfig({ LOCAL_SUPABASE_NO_ENV_FILE: '1' }).noEnvFile).toBe(true);
  });

  it('takes LOCAL_SUPABASE_PORT, LOCAL_SUPABASE_DATA_DIR and LOCAL_SUPABASE_PROJECT_DIR', () => {
    const dir = project('[api]\nmax_rows = 7\n');
    const config = loadConfig({ LOCAL_SUPABASE_PORT: '56150', LOCAL_SUPABASE_DATA_DIR: path.join(tmp, 'data'), LOCAL_SUPABASE_PROJECT_DIR: dir });
    expect(config.port).toBe(56150);
    expect(config.db.port).toBe(56151);
    expect(config.dataDir).toBe(path.join(tmp, 'data'));
    expect(config.projectDir).toBe(dir);
    expect(config.api.maxRows).toBe(7);
  });

  it("reads the CLI's defaults for what config.toml leaves out", () => {
    const config = loadConfig({ LOCAL_SUPABASE_PROJECT_DIR: project('project_id = "bare"\n') });
    expect(config.api).toEqual({ schemas: ['public', 'graphql_public'], extraSearchPath: ['public', 'extensions'], maxRows: 1000, autoExposeNewTables: false });
    expect(config.auth).toMatchObject({
      siteUrl: 'http://127.0.0.1:3000',
      additionalRedirectUrls: [],
      jwtExpiry: 3600,
      enableRefreshTokenRotation: true,
      refreshTokenReuseInterval: 10,
      minimumPasswordLength: 6,
      passwordRequiredCharacters: [],
    });
    expect(config.functions).toEqual({});
  });

  it('reads [functions.<name>] verify_jwt and refuses wrongly typed settings with a clear message', () => {
    const config = loadConfig({ LOCAL_SUPABASE_PROJECT_DIR: project('[functions.hook]\nverify_jwt = false\n[functions.other]\n') });
    expect(config.functions).toEqual({ hook: { verifyJwt: false }, other: { verifyJwt: true } });
    expect(() => loadConfig({ LOCAL_SUPABASE_PROJECT_DIR: project('[api]\nmax_rows = "lots"\n') })).toThrow(
      new ConfigError('config.toml: api.max_rows must be a number'),
    );
    expect(() => loadConfig({ LOCAL_SUPABASE_PORT: 'http' })).toThrow(new ConfigError('LOCAL_SUPABASE_PORT must be a TCP port number (got "http")'));
  });
});

describe('auth limits and password requirements of the app project', () => {
  it("reads quality.md's figures from supabase/config.toml", () => {
    const config = loadConfig({});
    expect(config.auth.rateLimits).toEqual({ signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, emailSent: 30 });
    expect(config.auth.emailMaxFrequency).toBe(60);
    expect(config.auth.minimumPasswordLength).toBe(8);
    expect(config.auth.passwordRequiredCharacters).toEqual(['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789']);
  });

  it('lets a test harness raise a limit explicitly with LOCAL_SUPABASE_RATE_LIMIT_<KEY>, and refuses nonsense', () => {
    const raised = loadConfig({ LOCAL_SUPABASE_RATE_LIMIT_TOKEN_REFRESH: '100000' });
    expect(raised.auth.rateLimits.tokenRefresh).toBe(100000);
    expect(raised.auth.rateLimits.tokenVerifications).toBe(30);
    expect(() => loadConfig({ LOCAL_SUPABASE_RATE_LIMIT_EMAIL_SENT: 'muitos' })).toThrow(ConfigError);
  });
});
