import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { Role } from '@/config/permissions';
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

/** The seeded role → permission mapping (organisation contract, README). */
export const SEEDED_PERMISSIONS: Record<Role, string[]> = {
  ADMIN: [],
  BALCONISTA: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_BOLETOS', 'MANAGE_REMESSA', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  BALCONISTA_II: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_REMESSA', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  FARMACEUTICO: ['CREATE_SHORTAGES', 'MANAGE_PRODUCTS', 'MANAGE_REMESSA', 'MANAGE_DOCUMENTS', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  ADMIN_COMPRAS: ['MANAGE_ORDERS', 'VIEW_REPORTS', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN'],
  REPRESENTANTE: ['MANAGE_QUOTES', 'VIEW_REPORTS'],
  ANALISTA: ['CREATE_SHORTAGES', 'VIEW_REPORTS', 'MANAGE_BOLETOS', 'MANAGE_ORDERS', 'MANAGE_REMESSA', 'PUNCH_CLOCK_ACCESS', 'PUNCH_VIEW_OWN', 'PUNCH_VIEW_ALL'],
};

export const SEEDED_MENU_PATHS: Partial<Record<Role, string[]>> = {
  REPRESENTANTE: ['/', '/dashboard', '/cotacoes', '/itens-vitoriosos', '/analise-cotacoes', '/documentos', '/correio'],
};

export const SEEDED_HOME_ACTIONS: Partial<Record<Role, string[]>> = {
  REPRESENTANTE: ['manage_quotes', 'winning_items'],
  ADMIN_COMPRAS: ['manage_purchases'],
};

export interface DemoAccount {
  key: string;
  email: string;
  name: string;
  role: Role;
  unit: string | null;
  /** Literal expectations, so a wrong config fails the test too. */
  cards: string[];
  menuIncludes: string[];
  menuExcludes: string[];
  forbidden: string | null;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    key: 'admin', email: 'admin@farmacia.local', name: 'Ana Administradora', role: 'ADMIN', unit: 'Unidade Centro',
    cards: ['Lançar Falta', 'Cadastrar Produto', 'Lançar Boleto', 'Gerenciar Compras', 'Cotações', 'Itens Vitoriosos', 'Gerenciar Usuários', 'Relatórios de Ponto'],
    menuIncludes: ['Gerenciar Usuários', 'Relatórios de Ponto', 'Gestão de Horários'], menuExcludes: [], forbidden: null,
  },
  {
    key: 'balconista', email: 'balconista@farmacia.local', name: 'Bruno Balconista', role: 'BALCONISTA', unit: 'Unidade Centro',
    cards: ['Lançar Falta', 'Cadastrar Produto'], menuIncludes: ['Lançar Boleto', 'Remessas'], menuExcludes: ['Compras', 'Gerenciar Usuários'], forbidden: '/usuarios',
  },
  {
    key: 'balconista2', email: 'balconista2@farmacia.local', name: 'Beatriz Balconista', role: 'BALCONISTA_II', unit: 'Unidade Norte',
    cards: ['Lançar Falta', 'Cadastrar Produto'], menuIncludes: ['Lançar Falta'], menuExcludes: ['Lançar Boleto'], forbidden: '/boletos',
  },
  {
    key: 'farmaceutico', email: 'farmaceutico@farmacia.local', name: 'Fernando Farmacêutico', role: 'FARMACEUTICO', unit: 'Unidade Sul',
    cards: ['Lançar Falta', 'Cadastrar Produto'], menuIncludes: ['Cadastrar Produto'], menuExcludes: ['Compras'], forbidden: '/compras',
  },
  {
    key: 'compras', email: 'compras@farmacia.local', name: 'Carla Compras', role: 'ADMIN_COMPRAS', unit: 'Unidade Centro',
    cards: ['Gerenciar Compras'], menuIncludes: ['Compras', 'Relatório de Compras'], menuExcludes: ['Lançar Falta', 'Cotações'], forbidden: '/lancamento',
  },
  {
    key: 'representante', email: 'representante@farmacia.local', name: 'Rafael Representante', role: 'REPRESENTANTE', unit: null,
    cards: ['Cotações', 'Itens Vitoriosos'], menuIncludes: ['Cotações', 'Itens Vitoriosos'], menuExcludes: ['Registrar Ponto', 'Meu Ponto'], forbidden: '/compras',
  },
  {
    key: 'representante2', email: 'representante2@farmacia.local', name: 'Renata Representante', role: 'REPRESENTANTE', unit: null,
    cards: ['Cotações', 'Itens Vitoriosos'], menuIncludes: ['Análise de Cotações Avançada'], menuExcludes: ['Registrar Ponto'], forbidden: '/ponto/admin',
  },
  {
    key: 'analista', email: 'analista@farmacia.local', name: 'Amanda Analista', role: 'ANALISTA', unit: 'Unidade Norte',
    cards: ['Lançar Boleto'], menuIncludes: ['Dashboard Ponto', 'Análise de Faltas'], menuExcludes: ['Relatórios de Ponto', 'Cadastrar Produto'], forbidden: '/produtos',
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

function base64url(value: Buffer | string): string {
  return Buffer.from(value).toString('base64url');
}

/** Re-signs `token` (HS256, the backend's secret) with a new `exp`. */
export function withExpiry(token: string, exp: number): string {
  const [, payloadPart] = token.split('.');
  const payload = { ...(JSON.parse(Buffer.from(payloadPart ?? '', 'base64url').toString()) as Record<string, unknown>), exp };
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', backendInfo().JWT_SECRET).update(head).digest('base64url');
  return `${head}.${signature}`;
}

/**
 * Puts a session expiring in `secondsLeft` into the page's supabase-js storage (key sb-127-auth-token),
 * with a refresh token the server does not know, so it cannot be renewed.
 */
export async function injectShortSession(page: Page, email: string, secondsLeft: number): Promise<void> {
  const session = await apiSession(email);
  const expiresAt = Math.floor(Date.now() / 1000) + secondsLeft;
  const stored = {
    ...session,
    access_token: withExpiry(session.access_token, expiresAt),
    refresh_token: `unknown-${randomUUID()}`,
    expires_at: expiresAt,
    expires_in: secondsLeft,
  };
  await page.goto('/login');
  await page.evaluate((value) => window.localStorage.setItem('sb-127-auth-token', value), JSON.stringify(stored));
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
