/**
 * The permission catalogue as a signed-in user reads it: each permission's menu_items are exactly the
 * menu paths whose spec §6 access rule lists that permission (written out by hand from the spec's
 * "Routes and menu items" table), so the catalogue never tells an administrator that a permission opens a
 * screen it does not open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

const EXPECTED_MENU_ITEMS: Record<string, string[]> = {
  MANAGE_USERS: ['/usuarios'],
  MANAGE_ROLES: [],
  MANAGE_UNITS: [],
  ADMIN_ACCESS: [],
  MANAGE_PRODUCTS: ['/produtos'],
  CREATE_SHORTAGES: ['/historico-importacoes', '/lancamento'],
  MANAGE_REMESSA: ['/assinatura-remessas', '/nova-remessa', '/remessas'],
  MANAGE_QUOTES: ['/cotacoes', '/itens-vitoriosos'],
  MANAGE_ORDERS: ['/compras', '/relatorio-compras'],
  VIEW_REPORTS: [
    '/analise-cotacoes',
    '/analise-dias-compras',
    '/analise-faltas',
    '/dashboard',
    '/itens-vitoriosos',
    '/relatorio-boletos',
    '/relatorio-compras',
  ],
  MANAGE_BOLETOS: ['/boletos', '/relatorio-boletos'],
  // Open to every signed-in user (/documentos, /ponto, /meu-ponto) or granted by role only (/ponto/*, /gestao-horarios).
  MANAGE_DOCUMENTS: [],
  PUNCH_CLOCK_ACCESS: [],
  PUNCH_VIEW_OWN: [],
  PUNCH_VIEW_ALL: [],
  PUNCH_MANAGE: [],
};

let client: SupabaseClient;

beforeAll(async () => {
  client = (await signInAs(appBackend(), 'balconista')).client;
});

describe('permission catalogue menu items (spec §6)', () => {
  it('lists for each permission exactly the menu paths whose access rule names it', async () => {
    const { data, error } = await client.from('permissions').select('name, menu_items');
    expect(error).toBeNull();
    const actual = Object.fromEntries((data ?? []).map((row) => [row.name as string, [...(row.menu_items as string[])].sort()]));
    expect(actual).toEqual(EXPECTED_MENU_ITEMS);
  });
});
