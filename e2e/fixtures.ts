import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { Role } from '@/config/permissions';
import { signJwt } from '../tests/utils/jwt.ts';
import { authStatePath, BACKEND_INFO_FILE, DEMO_PASSWORD } from './config.ts';

export interface BackendInfo {
  API_URL: string;
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
  JWT_SECRET: string;
}

export function backendInfo(): BackendInfo {
  return JSON.parse(readFileSync(BACKEND_INFO_FILE, 'utf8')) as BackendInfo;
}

export interface DemoAccount {
  key: string;
  email: string;
  name: string;
  role: Role;
  unit: string | null;
  /**
   * Hand-written expectations, derived from the spec §2/§6 tables and the README's seeded role → permission
   * mapping and visible menu paths (never computed with the app's own access code, so a rule bug fails):
   * the whole sidebar in order, the home cards in order, and one route the account must be refused
   * (ADMIN passes every check, so it has none). The time-clock cards ('Ponto Digital', 'Minhas Horas Hoje')
   * need PUNCH_CLOCK_ACCESS and consent to the active LGPD term: the seed gives consent to all but the pharmacist,
   * who gets 'Ponto Digital' alone, with the term to read (issue 24, item 9).
   */
  menu: string[];
  cards: string[];
  forbidden: string | null;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin', email: 'admin@farmacia.local', name: 'Ana Administradora', role: 'ADMIN', unit: 'Unidade Centro',
    menu: [
      'Início', 'Documentos', 'Correio', 'Fluxo de Processos',
      'Lançar Falta', 'Cadastrar Produto', 'Lançar Boleto', 'Histórico de Importações', 'Remessas', 'Assinatura de Remessas',
      'Compras', 'Cotações', 'Itens Vitoriosos',
      'Análise de Cotações Avançada', 'Análise de Faltas', 'Análise de Dias para Compras', 'Relatório de Boletos', 'Relatório de Compras',
      'Registrar Ponto', 'Meu Ponto', 'Meu Ponto (Admin)', 'Computadores Autorizados', 'Dashboard Ponto', 'Relatórios de Ponto',
      'Gerenciar Usuários', 'Gestão de Horários',
    ],
    cards: ['Lançar Falta', 'Cadastrar Produto', 'Lançar Boleto', 'Gerenciar Compras', 'Cotações', 'Itens Vitoriosos', 'Gerenciar Usuários', 'Relatórios de Ponto', 'Ponto Digital', 'Minhas Horas Hoje'],
    forbidden: null,
  },
  {
    // CREATE_SHORTAGES, MANAGE_PRODUCTS, MANAGE_BOLETOS, MANAGE_REMESSA, PUNCH_CLOCK_ACCESS, PUNCH_VIEW_OWN.
    key: 'balconista', email: 'balconista@farmacia.local', name: 'Bruno Balconista', role: 'BALCONISTA', unit: 'Unidade Centro',
    menu: ['Início', 'Documentos', 'Correio', 'Fluxo de Processos', 'Lançar Falta', 'Cadastrar Produto', 'Lançar Boleto', 'Histórico de Importações', 'Remessas', 'Assinatura de Remessas', 'Registrar Ponto', 'Meu Ponto'],
    cards: ['Lançar Falta', 'Cadastrar Produto', 'Ponto Digital', 'Minhas Horas Hoje'],
    // Holds MANAGE_BOLETOS, but the route also needs a listed role (ADMIN, ANALISTA).
    forbidden: '/relatorio-boletos',
  },
  {
    // CREATE_SHORTAGES, MANAGE_PRODUCTS, MANAGE_REMESSA, PUNCH_CLOCK_ACCESS, PUNCH_VIEW_OWN.
    key: 'balconista2', email: 'balconista2@farmacia.local', name: 'Beatriz Balconista', role: 'BALCONISTA_II', unit: 'Unidade Norte',
    menu: ['Início', 'Documentos', 'Correio', 'Fluxo de Processos', 'Lançar Falta', 'Cadastrar Produto', 'Histórico de Importações', 'Remessas', 'Assinatura de Remessas', 'Registrar Ponto', 'Meu Ponto'],
    cards: ['Lançar Falta', 'Cadastrar Produto', 'Ponto Digital', 'Minhas Horas Hoje'],
    forbidden: '/boletos',
  },
  {
    // CREATE_SHORTAGES, MANAGE_PRODUCTS, MANAGE_REMESSA, MANAGE_DOCUMENTS, PUNCH_CLOCK_ACCESS, PUNCH_VIEW_OWN.
    key: 'farmaceutico', email: 'farmaceutico@farmacia.local', name: 'Fernando Farmacêutico', role: 'FARMACEUTICO', unit: 'Unidade Sul',
    menu: ['Início', 'Documentos', 'Correio', 'Fluxo de Processos', 'Lançar Falta', 'Cadastrar Produto', 'Histórico de Importações', 'Remessas', 'Assinatura de Remessas', 'Registrar Ponto', 'Meu Ponto'],
    cards: ['Lançar Falta', 'Cadastrar Produto', 'Ponto Digital'],
    forbidden: '/compras',
  },
  {
    // MANAGE_ORDERS, VIEW_REPORTS, PUNCH_CLOCK_ACCESS, PUNCH_VIEW_OWN; home actions configured: manage_purchases.
    key: 'compras', email: 'compras@farmacia.local', name: 'Carla Compras', role: 'ADMIN_COMPRAS', unit: 'Unidade Centro',
    menu: ['Início', 'Documentos', 'Correio', 'Fluxo de Processos', 'Compras', 'Análise de Cotações Avançada', 'Análise de Dias para Compras', 'Relatório de Compras', 'Registrar Ponto', 'Meu Ponto'],
    cards: ['Gerenciar Compras', 'Ponto Digital', 'Minhas Horas Hoje'],
    forbidden: '/lancamento',
  },
  {
    // MANAGE_QUOTES, VIEW_REPORTS; menu paths configured: /, /dashboard, /cotacoes, /itens-vitoriosos,
    // /analise-cotacoes, /documentos, /correio; home actions configured: manage_quotes, winning_items.
    key: 'representante', email: 'representante@farmacia.local', name: 'Rafael Representante', role: 'REPRESENTANTE', unit: null,
    menu: ['Início', 'Documentos', 'Correio', 'Cotações', 'Itens Vitoriosos', 'Análise de Cotações Avançada'],
    cards: ['Cotações', 'Itens Vitoriosos'],
    forbidden: '/compras',
  },
  {
    key: 'representante2', email: 'representante2@farmacia.local', name: 'Renata Representante', role: 'REPRESENTANTE', unit: null,
    menu: ['Início', 'Documentos', 'Correio', 'Cotações', 'Itens Vitoriosos', 'Análise de Cotações Avançada'],
    cards: ['Cotações', 'Itens Vitoriosos'],
    forbidden: '/ponto/admin',
  },
  {
    // CREATE_SHORTAGES, VIEW_REPORTS, MANAGE_BOLETOS, MANAGE_ORDERS, MANAGE_REMESSA, PUNCH_CLOCK_ACCESS,
    // PUNCH_VIEW_OWN, PUNCH_VIEW_ALL. Relatórios de Ponto: the menu reading (ADMIN only) hides it.
    key: 'analista', email: 'analista@farmacia.local', name: 'Amanda Analista', role: 'ANALISTA', unit: 'Unidade Norte',
    menu: [
      'Início', 'Documentos', 'Correio', 'Fluxo de Processos',
      'Lançar Falta', 'Lançar Boleto', 'Histórico de Importações', 'Remessas', 'Assinatura de Remessas',
      'Análise de Cotações Avançada', 'Análise de Faltas', 'Análise de Dias para Compras', 'Relatório de Boletos', 'Relatório de Compras',
      'Registrar Ponto', 'Meu Ponto', 'Dashboard Ponto',
    ],
    cards: ['Lançar Boleto', 'Ponto Digital', 'Minhas Horas Hoje'],
    // A listed role, but without MANAGE_PRODUCTS: both are required.
    forbidden: '/produtos',
  },
];

/** The saved session of a demo account for this run (per backend port when E2E_BACKEND_PORT is set). */
export function storageStatePath(key: string): string {
  return authStatePath(key);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Selecione uma das ações abaixo para começar:', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

const AUTH_STORAGE_KEY = 'sb-127-auth-token';

/** The supabase-js session stored in a demo account's saved browser state (written by auth.setup.ts). */
function savedSession(key: string): string {
  const state = JSON.parse(readFileSync(storageStatePath(key), 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const entry = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === AUTH_STORAGE_KEY);
  if (!entry) throw new Error(`No saved session for ${key}: did auth.setup.ts run?`);
  return entry.value;
}

/**
 * Opens the home page already signed in, as a returning user would; only the sign-in tests type passwords.
 * `account` is a demo account's key ('admin', 'balconista'…): the run's saved session, shared by every test that
 * uses it. A test that signs out must not end that shared session: it passes `{ ownSession: true }` (a session of
 * its own, from a password sign-in over the API), as does an account created by the test (`account` is then its
 * email, with `password`).
 */
export async function openAs(page: Page, account: string, options: { ownSession?: boolean; password?: string } = {}): Promise<void> {
  const demo = DEMO_ACCOUNTS.find((candidate) => candidate.key === account);
  const email = demo ? demo.email : account;
  const session = demo && !options.ownSession ? savedSession(demo.key) : JSON.stringify(await apiSession(email, options.password));
  await storeSession(page, session);
  await page.goto('/');
  await expect(page.getByText('Selecione uma das ações abaixo para começar:', { exact: true })).toBeVisible();
}

/** A toast's text (the live-region copy for screen readers also contains it). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menu principal' });
}

/** Signs in over the API (as supabase-js would) and returns the session JSON. */
export async function apiSession(email: string, password = DEMO_PASSWORD): Promise<Record<string, unknown> & { access_token: string; user: { id: string } }> {
  const info = backendInfo();
  const response = await fetch(`${info.API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: info.ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown> & { access_token: string; user: { id: string } };
}

/** The claims of a JWT (read, not verified). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

/** Re-signs `token` (HS256, the backend's secret) with a new `exp`. */
export function withExpiry(token: string, exp: number): string {
  return signJwt({ ...jwtClaims(token), exp }, backendInfo().JWT_SECRET);
}

/**
 * Puts a session expiring in `secondsLeft` into the page's supabase-js storage (key sb-127-auth-token),
 * with a refresh token the server does not know, so it cannot be renewed.
 */
export async function injectShortSession(page: Page, email: string, secondsLeft: number, { renewable = false } = {}): Promise<void> {
  const session = await apiSession(email);
  const expiresAt = Math.floor(Date.now() / 1000) + secondsLeft;
  const stored = {
    ...session,
    access_token: withExpiry(session.access_token, expiresAt),
    // A refresh token the server does not know, unless the test wants the session to renew.
    refresh_token: renewable ? session.refresh_token : `unknown-${randomUUID()}`,
    expires_at: expiresAt,
    expires_in: secondsLeft,
  };
  await storeSession(page, JSON.stringify(stored));
}

/**
 * Gives the page a session of its own for `email` (a password sign-in over the API) before the app runs, in place of
 * the run's shared saved one. For a test that signs out: signing out ends the session on the server, and Auth then
 * refuses it (the app checks the account at each navigation), so the shared session must stay untouched for the
 * tests that use it after. The session is put in once per tab, so a sign-out is not undone by the next page load.
 */
export async function useOwnSession(page: Page, email: string): Promise<void> {
  const session = await apiSession(email);
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-own-session')) return;
    window.sessionStorage.setItem('e2e-own-session', '1');
    window.localStorage.setItem('sb-127-auth-token', value);
  }, JSON.stringify(session));
}

/**
 * Puts `value` in localStorage under supabase-js' session key, from a page of the app's origin where the app does not
 * run (its icon); the next navigation to the app starts with that session. Set from the sign-in page, it raced with
 * supabase-js, which loads after the form shows: when it loaded after the write, the app acted on the session there,
 * before the test's routes and waits were in place (a refused token ended it, and the test's own navigation then found
 * no session: e2e/session-signals.spec.ts failed now and then).
 */
export async function storeSession(page: Page, value: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(([key, stored]) => window.localStorage.setItem(key, stored), [AUTH_STORAGE_KEY, value] as const);
}

/** Creates a confirmed user through the admin API (for tests that change passwords). */
export async function createUser(email: string, password: string, fullName: string): Promise<void> {
  const info = backendInfo();
  const response = await fetch(`${info.API_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: info.SERVICE_ROLE_KEY,
      authorization: `Bearer ${info.SERVICE_ROLE_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: fullName } }),
  });
  expect(response.status).toBe(200);
}
